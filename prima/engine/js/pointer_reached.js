// Whether the pointer reached the element since inspect.js armed its recorder.
el => el.ownerDocument.defaultView.__primaOver === true
