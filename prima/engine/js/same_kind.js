// Whether the element a used: locator matches now can stand for the old
// one, which left the page: connected, of its tag, and (where the page's
// tracker saw the action) put in the page no earlier than the old one was
// taken out. An element that was there before is another one that now
// carries the name, not a replacement.
(el, old) => {
  if (!el.isConnected || el.tagName !== old.tagName) return false;
  const p = el.ownerDocument.defaultView.__primaSettle;
  if (!p || !p.born) return true;
  p.flush();
  const up = (n) => n.parentNode || n.host || null;
  let entered = 0;
  for (let n = el; n; n = up(n)) entered = Math.max(entered, p.born.get(n) || 0);
  if (!entered) return false;
  let top = old;
  while (up(top)) top = up(top);
  const left = p.gone.get(top) || 0;
  return entered >= left;
}
