// What the settle tracker saw of who changed the DOM in the action's
// window (track.js), the window then closed; null when this document's
// tracker did not open it. controlMS: how long the page may be watched
// for a change of its own when nothing else has shown one.
([id, controlMS]) => (window.__primaSettle && window.__primaSettle.report ? window.__primaSettle.report(id, controlMS) : null)
