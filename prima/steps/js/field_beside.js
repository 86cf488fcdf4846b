// The one field a text beside it labels without a tie (a <div> label
// before an editor): among the text's next siblings, the first that shows
// anything besides controls (a toolbar's buttons) must hold exactly one
// visible field, which is returned; another text first, or two fields,
// give null. A hidden field before any shown sibling is returned (a custom
// widget stands in its place).
(text) => {
  const FIELD = 'input:not([type=hidden]):not([type=button]):not([type=submit]):not([type=reset]):not([type=checkbox]):not([type=radio]):not([type=image]):not([type=file]),' +
    'textarea, select, [contenteditable=""], [contenteditable="true"], [role=textbox], [role=searchbox], [role=combobox], [role=spinbutton]';
  const CONTROL = 'button, [role=button], a[href], [role=toolbar]';
  const visible = (e) => e.getClientRects().length > 0 && e.checkVisibility({ visibilityProperty: true });
  // A field no user sees (shrunk or transparent behind the widget drawn
  // in its place) is not the one the text labels while a shown one is.
  const seen = (e) => { const b = e.getBoundingClientRect(); return b.width > 1 && b.height > 1 && e.checkVisibility({ opacityProperty: true }); };
  const outer = (list) => list.filter((e) => !list.some((o) => o !== e && o.contains(e)));
  for (let s = text.nextElementSibling; s; s = s.nextElementSibling) {
    // A field hidden right after the text is the one it labels: the page
    // draws a widget in its place, which is what a user acts on.
    if (!visible(s)) { if (s.matches(FIELD)) return s; continue; }
    // A web component drawn as a whole (its field in its shadow root).
    if (s.shadowRoot && !s.hasAttribute('role') && !s.textContent.trim()) return s;
    let fields = outer([s].concat(Array.from(s.querySelectorAll(FIELD))).filter((e) => e.matches(FIELD) && visible(e)));
    if (fields.some(seen)) fields = fields.filter(seen);
    if (fields.length === 1) return fields[0];
    if (fields.length > 1) return null;
    // Only controls (a toolbar): the text may still label what follows.
    const shown = Array.from(s.querySelectorAll('*')).concat([s]).some((e) => !e.closest(CONTROL) && Array.from(e.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim() !== ''));
    if (shown) return null;
  }
  return null;
}
