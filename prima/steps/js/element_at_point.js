// The element under a point of the viewport: what a vision model's click names.
([x, y]) => document.elementFromPoint(x, y)
