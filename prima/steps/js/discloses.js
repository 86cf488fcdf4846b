// Whether an element says whether it is expanded.
(el) => el.hasAttribute('aria-expanded')
