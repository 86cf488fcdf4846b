// The input an editor hides whose document an element that takes no value
// is, or null: the nearest box around the element holding a field holds
// only one, an input the page hides from the user and draws this editor
// in place of. UNSEEN: unseen.js.
(el) => {
  const FIELD = 'input:not([type=hidden]):not([type=button]):not([type=submit]):not([type=reset]):not([type=checkbox]):not([type=radio]):not([type=file]), textarea, select';
  for (let a = el; a && a !== el.ownerDocument.body; a = a.parentElement) {
    const fields = a.querySelectorAll(FIELD);
    if (fields.length === 0) continue;
    if (fields.length > 1) return null;
    const u = (UNSEEN)(fields[0]);
    return u && u.standIn && u.standIn.contains(el) ? fields[0] : null;
  }
  return null;
}
