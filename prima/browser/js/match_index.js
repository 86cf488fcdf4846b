// How many elements a locator matches, and where among them the bound one
// is: a ref's resolution is unique only when the count is 1 and it is 0.
(els, t) => [els.length, els.indexOf(t)]
