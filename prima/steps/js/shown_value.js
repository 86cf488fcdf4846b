// What a widget shows as its value: its own value or the text it shows, or
// that of the two elements around it, or of the whole widget its option
// was picked in (root: its face may be anywhere in it). An option a list
// offers is not shown as picked: its text counts only when the option
// says it is selected (a list left open after a refused pick holds every
// name).
(el, root) => {
  const OPTION = '[role=option], [role=treeitem], [role=menuitem], [role=menuitemcheckbox], [role=menuitemradio], option';
  const picked = (o) => o.getAttribute('aria-selected') === 'true' || o.getAttribute('aria-checked') === 'true' || (o.tagName === 'OPTION' && o.selected);
  const shows = (e) => {
    const parts = [];
    const w = e.ownerDocument.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let n = w.nextNode(); n; n = w.nextNode()) {
      const p = n.parentElement;
      if (!p || (p.tagName !== 'OPTION' && p.checkVisibility && !p.checkVisibility({ visibilityProperty: true }))) continue;
      const o = p.closest(OPTION);
      if (o && e.contains(o) && !picked(o)) continue;
      parts.push(n.textContent);
    }
    return parts.join(' ');
  };
  const out = [];
  let e = el;
  for (let i = 0; e && i < 3; i++, e = e.parentElement) out.push(String(e.value || '') + ' ' + shows(e));
  if (root && root.isConnected) out.push(shows(root));
  return out;
}
