// Gives Playwright's utility world labels.js's getter (L), kept exact by
// a MutationObserver: any element added or removed, or any for, id or
// type attribute changed in the document, drops the map, and the next
// question rebuilds it. Records still queued when a question comes are
// taken then, so a change made just before a snapshot is never missed.
(L) => {
  if (globalThis.__primaLabels) return false;
  globalThis.__primaLabels = true;
  let map = null;
  const mo = new MutationObserver(() => { map = null; });
  mo.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['for', 'id', 'type'] });
  L.install(() => {
    if (mo.takeRecords().length) map = null;
    return map || (map = L.byControl(document.getElementsByTagName('label')));
  });
  return true;
}
