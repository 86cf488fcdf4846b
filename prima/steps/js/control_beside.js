// The one control a text names from beside it (a <div> label before a
// button or a web component, no tie): the text must be inert (no control, link or label, no
// heading, no pointer cursor: a click on it does nothing a user expects),
// and the first shown element after it must be that control, or hold it
// and show nothing else. Anything else gives null.
(text) => {
  const CONTROL = 'button, [role=button], a[href], input[type=button], input[type=submit], input[type=reset], ' +
    '[role=switch], [role=checkbox], [role=radio], [role=tab], [role=combobox], select, summary';
  const visible = (e) => e.getClientRects().length > 0 && e.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const win = text.ownerDocument.defaultView;
  if (text.closest(CONTROL + ', label, a, [onclick], [tabindex], h1, h2, h3, h4, h5, h6, [role=heading]') || text.querySelector(CONTROL) ||
    win.getComputedStyle(text).cursor === 'pointer') return null;
  for (let s = text.nextElementSibling; s; s = s.nextElementSibling) {
    if (!visible(s)) continue;
    // A web component drawn as a whole (its controls in its shadow root)
    // is the control.
    const cs = [s].concat(Array.from(s.querySelectorAll(CONTROL))).filter((e) => (e.matches(CONTROL) || (e === s && e.shadowRoot && !e.hasAttribute('role'))) && visible(e));
    if (cs.length !== 1) return null;
    const c = cs[0];
    const other = Array.from(s.querySelectorAll('*')).concat([s]).some((e) => !c.contains(e) && !e.contains(c) &&
      Array.from(e.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim() !== ''));
    return other ? null : c;
  }
  return null;
}
