// Whether a user sees the element (or reaches it: an invisible native
// control laid over its custom face takes the user's clicks). UNSEEN:
// unseen.js.
(el) => (UNSEEN)(el) === null
