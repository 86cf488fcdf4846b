// Whether the page removed the element as it answered the pointer's arrival (inspect.js records it).
el => el.ownerDocument.defaultView.__primaSwapped === true
