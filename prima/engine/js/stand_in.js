// The widget a page draws in place of a field it hides from the user (a
// label stands for its control): null when the field is seen, or when no
// widget stands for it. UNSEEN: unseen.js.
(el) => {
  const f = el.tagName === 'LABEL' && el.control ? el.control : el;
  const u = (UNSEEN)(f);
  if (!u || !u.standIn) return null;
  return { widget: u.widget, doc: u.doc, shown: u.shown, editable: !!u.doc.isContentEditable || ['INPUT', 'TEXTAREA'].includes(u.doc.tagName) };
}
