// Where a dragged element sits against its drop target, for telling
// whether a drag brought it there: whether it is shown, inside the
// target, how deep their nearest common ancestor is, whether it comes
// before the target in the document, how many siblings apart the two are
// when they share a parent, whether it sits in the target's holder and
// where among its siblings, and how far apart their centres are.
(from, to) => {
  // An element the page no longer shows (a calendar hides the event it
  // is moving until it draws it anew) tells nothing either.
  const shown = (e) => e.isConnected && e.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  if (!shown(from) || !to.isConnected) return { gone: true };
  const depth = (n) => { let d = 0; for (let a = n; a; a = a.parentNode || (a.host || null)) d++; return d; };
  let lca = from;
  while (lca && !lca.contains(to)) lca = lca.parentNode;
  const kids = from.parentNode === to.parentNode ? Array.from(from.parentNode.children) : null;
  const a = from.getBoundingClientRect(), b = to.getBoundingClientRect();
  return {
    inside: to.contains(from),
    depth: lca ? depth(lca) : 0,
    before: !!(from.compareDocumentPosition(to) & Node.DOCUMENT_POSITION_FOLLOWING),
    apart: kids ? Math.abs(kids.indexOf(from) - kids.indexOf(to)) : -1,
    // Already in the target's holder (a list under the heading it is
    // dropped on), and where among its siblings.
    near: !!lca && lca === to.parentNode,
    index: from.parentNode ? Array.from(from.parentNode.children).indexOf(from) : -1,
    dist: Math.hypot((a.left + a.width / 2) - (b.left + b.width / 2), (a.top + a.height / 2) - (b.top + b.height / 2)),
  };
}
