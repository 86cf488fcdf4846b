// The one control a web component keeps in its shadow root, when the
// element named is no control itself (a component labelled as a whole):
// for a check its box, for a fill its field. null otherwise.
(el, kind) => {
  const BOX = 'input[type=checkbox], input[type=radio], [role=checkbox], [role=switch], [role=radio]';
  const FIELD = 'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]):not([type=reset]):not([type=file]):not([type=image]), ' +
    'textarea, [role=textbox], [role=searchbox], [role=spinbutton], [role=slider]';
  if (!el.shadowRoot || el.matches(BOX + ', ' + FIELD + ', select, button, a, [role], [contenteditable]')) return null;
  const sel = kind === 'box' ? BOX : FIELD;
  const found = [];
  const walk = (root) => {
    for (const e of root.querySelectorAll('*')) {
      if (e.matches(sel)) found.push(e);
      if (e.shadowRoot) walk(e.shadowRoot);
    }
  };
  walk(el.shadowRoot);
  return found.length === 1 ? found[0] : null;
}
