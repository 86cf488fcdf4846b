// Whether an input event of the action reached the page (inspect.js watches at the window).
el => !!el.ownerDocument.defaultView.__primaInput
