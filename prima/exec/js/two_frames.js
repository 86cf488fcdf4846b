// Resolves after two frames: the browser runs media-query listeners (a
// color scheme the page follows) in the frame after the change.
() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))
