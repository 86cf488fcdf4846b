// Whether two handles are the same element: a drag onto itself drags nothing.
(a, b) => a === b
