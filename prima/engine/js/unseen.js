// Whether a user sees the field f (or reaches it: an invisible native
// control laid over its custom face takes the user's clicks): null when
// so, else what is shown in its place. That is the widget the page drew
// for it (standIn) when one stands there: an ancestor that is a list (a
// combobox wrapping its select); else its nearest shown sibling, after it
// first (where libraries put it), when that is or holds a list or a field
// (a custom select's combobox, an editor holding its input proxy or an
// iframe); else its nearest shown ancestor, when it holds no other field
// (an editor drawn around its input proxy); else the nearest ancestor
// with a box. widget is what a user
// opens (the stand-in's combobox) and doc what shows its text (an
// editor's document). shown names the stand-in for a message.
(f) => {
  const win = f.ownerDocument.defaultView;
  const isHidden = (f) => {
    const b = f.getBoundingClientRect();
    let hidden = b.width <= 1 || b.height <= 1 || b.right + win.scrollX <= 0 || b.bottom + win.scrollY <= 0 ||
      (f.checkVisibility && !f.checkVisibility({ visibilityProperty: true }));
    const cs = win.getComputedStyle(f);
    if (!hidden && (cs.clipPath === 'inset(50%)' || /^rect\(0px,? 0px,? 0px,? 0px\)$/.test(cs.clip))) hidden = true;
    for (let a = f.parentElement; !hidden && a && a !== f.ownerDocument.body; a = a.parentElement) {
      const s = win.getComputedStyle(a);
      if (s.overflow === 'visible') continue;
      const q = a.getBoundingClientRect();
      if (q.width <= 1 || q.height <= 1) hidden = true;
    }
    if (!hidden && f.checkVisibility && !f.checkVisibility({ opacityProperty: true })) {
      const root = f.getRootNode && f.getRootNode().elementFromPoint ? f.getRootNode() : f.ownerDocument;
      const t = root.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      hidden = !(t === f || f.contains(t));
    }
    return hidden;
  };
  if (!isHidden(f)) return null;
  const up = (a) => a.parentElement || (a.getRootNode() && a.getRootNode().host) || null;
  const shows = (a) => {
    const q = a.getBoundingClientRect();
    return q.width > 8 && q.height > 8 && (!a.checkVisibility || a.checkVisibility({ opacityProperty: true, visibilityProperty: true }));
  };
  const LIST = '[role=combobox], [role=listbox], select';
  const FIELD = LIST + ', [role=textbox], [role=searchbox], [contenteditable=""], [contenteditable=true], iframe, textarea, ' +
    'input:not([type=hidden]):not([type=button]):not([type=submit]):not([type=reset]):not([type=checkbox]):not([type=radio]):not([type=file])';
  const holds = (a) => a.matches(FIELD) || !!a.querySelector(FIELD);
  // A toolbar (no field, no text outside its controls: icons, buttons)
  // stands between a field and its editor, not for either.
  const CONTROL = 'button, [role=button], a, [role=toolbar]';
  const toolbar = (a) => !holds(a) &&
    !Array.from(a.querySelectorAll('*')).concat([a]).some((e) => !e.closest(CONTROL) &&
      Array.from(e.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim() !== ''));
  let standIn = null;
  // An ancestor that is the list (a combobox wrapping its hidden select).
  for (let a = up(f), i = 0; a && i < 3 && !standIn; a = up(a), i++) {
    if (a.matches(LIST) && shows(a)) standIn = a;
  }
  // The nearest shown sibling, of the field or of a box that holds only
  // it and shows nothing (a hidden wrapper).
  for (let at = f, i = 0; at && !standIn && i < 3; i++) {
    const near = (step) => {
      for (let s = at[step]; s; s = s[step]) if (shows(s) && !toolbar(s)) return s;
      return null;
    };
    let seen = false;
    for (const s of [near('nextElementSibling'), near('previousElementSibling')]) {
      if (!s) continue;
      seen = true;
      if (holds(s)) { standIn = s; break; }
    }
    if (seen || !at.parentElement || shows(at.parentElement)) break;
    at = at.parentElement;
  }
  // The nearest shown ancestor, when the field is the only one it holds
  // (an editor drawn around its input proxy, a select's face drawn around
  // it); a text box no one sees yet (the search box of its closed list)
  // is no other field.
  if (!standIn) {
    let a = up(f);
    while (a && !shows(a)) a = up(a);
    if (a && a !== f.ownerDocument.body && Array.from(a.querySelectorAll(FIELD)).every((x) => x === f || (x.tagName === 'INPUT' && isHidden(x)))) standIn = a;
  }
  const name = (a) => {
    let s = a.tagName.toLowerCase();
    if (a.id) s += '#' + a.id;
    else if (a.classList && a.classList.length) s += '.' + Array.from(a.classList).slice(0, 2).join('.');
    const role = a.getAttribute('role');
    if (role) s += '[role=' + role + ']';
    const text = (a.innerText || '').trim().split('\n')[0].replace(/\s+/g, ' ').slice(0, 40);
    if (text) s += ' "' + text + '"';
    return s;
  };
  // A widget named for something else (a label of its own, tied to it or
  // by aria-labelledby, or an aria-label that is not the field's) stands
  // for another field.
  const words = (t) => (t || '').replace(/\s+/g, ' ').trim().toLowerCase();
  const fieldName = words(Array.from(f.labels || [], (l) => l.textContent).join(' ') || f.getAttribute('aria-label'));
  // What a user opens: for a hidden select, the list the widget draws
  // when it is seen (a list still hidden opens from the face around it;
  // a dialog's list inside an editor is no stand-in for a textarea).
  const opens = (w) => w.matches(LIST) || f.tagName !== 'SELECT' ? w : (Array.from(w.querySelectorAll(LIST)).find((x) => x !== f && shows(x)) || w);
  const named = (w) => {
    if (!w || w === f) return false;
    if (w.labels && Array.from(w.labels).some((l) => !(f.labels && Array.from(f.labels).includes(l)))) return true;
    const by = (w.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean).map((id) => w.ownerDocument.getElementById(id));
    if (by.some((l) => l && !standIn.contains(l) && !(f.labels && Array.from(f.labels).includes(l)))) return true;
    const label = words(w.getAttribute('aria-label'));
    return label !== '' && fieldName !== '' && label !== fieldName;
  };
  if (standIn) {
    if (named(opens(standIn)) || named(standIn)) standIn = null;
  }
  if (standIn) {
    const widget = opens(standIn);
    let doc = standIn;
    const frame = standIn.matches('iframe') ? standIn : standIn.querySelector('iframe');
    const editable = standIn.isContentEditable ? standIn : standIn.querySelector('[contenteditable=""], [contenteditable=true]');
    // What takes the text: an editable region, a frame's body, else a
    // text field the widget shows (a custom select's search input), else
    // the widget, whose keys go to an input it hides.
    const typed = Array.from(standIn.querySelectorAll('input, textarea')).find((x) => x.matches(FIELD) && !isHidden(x));
    if (editable) doc = editable;
    else if (frame && frame.contentDocument && frame.contentDocument.body) doc = frame.contentDocument.body;
    else if (typed) doc = typed;
    return { shown: 'the widget ' + name(widget) + ' the page draws for it', standIn, widget, doc };
  }
  for (let a = up(f); a; a = up(a)) {
    if (shows(a)) return { shown: name(a), standIn: null };
  }
  return { shown: 'nothing', standIn: null };
}
