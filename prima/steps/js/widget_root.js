// The widget an option is picked in: the nearest element holding both the
// option and the control that opened its list (w), widened to what holds
// the widget's face when that element shows nothing but the list and its
// search box (the face stands beside them); null when that is the page
// itself (a list drawn at the page's end, away from its control).
(o, w) => {
  const up = (a) => a.parentElement || (a.getRootNode() && a.getRootNode().host) || null;
  const holds = new Set();
  for (let a = w; a; a = up(a)) holds.add(a);
  let root = o;
  while (root && !holds.has(root)) root = up(root);
  const page = (a) => !a || a === a.ownerDocument.body || a === a.ownerDocument.documentElement;
  if (page(root)) return null;
  const list = o.closest('[role=listbox], [role=tree], [role=menu], ul, ol') || o.parentElement;
  const face = (a) => {
    const t = a.ownerDocument.createTreeWalker(a, NodeFilter.SHOW_TEXT);
    for (let n = t.nextNode(); n; n = t.nextNode()) {
      const p = n.parentElement;
      if (n.textContent.trim() && p && !list.contains(p) && p.checkVisibility({ visibilityProperty: true })) return true;
    }
    return false;
  };
  for (let i = 0; i < 3 && !face(root); i++) {
    const a = up(root);
    if (page(a)) break;
    root = a;
  }
  return root;
}
