// Whether the element a used: locator matches now can stand for the old
// one, which left the page: 'kind' when it is disconnected or of another
// tag; 'before' when (where the page's tracker saw the action) it was on
// the page before the old one was taken out, so it is another element
// that now carries the name; else 'same'.
(el, old) => {
  if (!el.isConnected || el.tagName !== old.tagName) return 'kind';
  const p = el.ownerDocument.defaultView.__primaSettle;
  if (!p || !p.born) return 'same';
  p.flush();
  const up = (n) => n.parentNode || n.host || null;
  let entered = 0;
  for (let n = el; n; n = up(n)) entered = Math.max(entered, p.born.get(n) || 0);
  let top = old;
  while (up(top)) top = up(top);
  return entered && entered >= (p.gone.get(top) || 0) ? 'same' : 'before';
}
