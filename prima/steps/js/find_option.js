// The one visible option of an opened list a user would pick for `want`:
// an item of a list, a tree or a menu (role option, treeitem, menuitem…:
// a select may draw its choices as any of them) or a native option of a
// visible list box,
// its name equal to want (case and spacing aside), else the one whose
// name holds all of want's words. Options inside what the widget controls
// or owns come first; a list rendered elsewhere (a portal at the end of
// the body) is searched next; a widget whose list has no roles offers the
// items its opening click revealed inside its own box (mark_shown.js).
// Returns { el } or { why, names }.
(widget, want) => {
  const ITEM = '[role=option], [role=treeitem], [role=menuitem], [role=menuitemradio], [role=menuitemcheckbox]';
  const LIST = '[role=listbox], [role=tree], [role=menu]';
  const norm = (s) => String(s || '').replace(/\s+/g, ' ').trim().toLowerCase();
  const w = norm(want);
  const words = w.split(' ').filter(Boolean);
  const nameOf = (o) => norm(o.getAttribute('aria-label') || o.innerText || o.textContent);
  const visible = (o) => { const b = o.getBoundingClientRect(); return b.width > 0 && b.height > 0 && o.checkVisibility({ visibilityProperty: true }); };
  const root = widget.getRootNode && widget.getRootNode().querySelectorAll ? widget.getRootNode() : document;
  const owned = [];
  for (const attr of ['aria-controls', 'aria-owns']) {
    for (const id of (widget.getAttribute(attr) || '').split(/\s+/).filter(Boolean)) {
      const x = root.getElementById ? root.getElementById(id) : document.getElementById(id);
      if (x) owned.push(x);
    }
  }
  const pick = (scopes, sel) => {
    const all = [];
    for (const s of scopes) for (const o of s.querySelectorAll(sel || ITEM)) if (visible(o) && !all.includes(o)) all.push(o);
    // The value a widget shows may be an option of its own (Choices
    // shows the chosen one so): the one in the list it opened, outside
    // the widget or in a list of its own within it, is picked.
    const listed = (os) => {
      const out = os.filter((o) => { const l = o.closest(LIST); return !widget.contains(o) || (l && l !== widget); });
      return os.length > 1 && out.length === 1 ? out : os;
    };
    const exact = listed(all.filter((o) => nameOf(o) === w));
    if (exact.length === 1) return { el: exact[0] };
    if (exact.length > 1) return { why: 'ambiguous', names: exact.map(nameOf) };
    const byWords = listed(all.filter((o) => { const n = ' ' + nameOf(o) + ' '; return words.length && words.every((x) => n.includes(' ' + x + ' ')); }));
    if (byWords.length === 1) return { el: byWords[0], byWords: true };
    if (byWords.length > 1) return { why: 'ambiguous', names: byWords.map(nameOf) };
    return { why: 'none', names: all.map(nameOf).slice(0, 20) };
  };
  if (owned.length) {
    const r = pick(owned);
    if (r.el || r.why === 'ambiguous') return r;
  }
  // Else the smallest container around the widget that shows an option:
  // a custom select's own wrapper holds its face and its list.
  let near = widget.closest('[role=combobox], [role=listbox]');
  for (let a = widget.parentElement; !near && a && a !== document.body; a = a.parentElement) {
    if (Array.from(a.querySelectorAll(ITEM)).some(visible)) near = a;
  }
  near = near || widget.parentElement || widget;
  const r = pick([near]);
  if (r.el || r.why === 'ambiguous') return r;
  const d = pick([document]);
  if (d.el || d.why === 'ambiguous' || d.names.length) return d;
  // A widget that draws its list without roles: the items its opening
  // click revealed inside its own box, each the innermost element that
  // shows its text; with the list open before (no click revealed it),
  // the run of like items it shows (two or more siblings of one tag and
  // class, each showing a text and taking the pointer).
  const win = widget.ownerDocument.defaultView;
  const before = win.__primaShownBefore;
  const inView = (e) => { const b = e.getBoundingClientRect(); return b.right > 0 && b.bottom > 0 && b.left < win.innerWidth && b.top < win.innerHeight; };
  const own = (e) => Array.from(e.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim() !== '');
  const shown = Array.from(widget.querySelectorAll('*')).filter((e) => own(e) && visible(e) && inView(e) &&
    !e.closest('input, textarea, select, button, [contenteditable]'));
  const from = (els) => {
    if (!els.length) return null;
    const items = pick([{ querySelectorAll: () => els }]);
    return items.el || items.why === 'ambiguous' || items.names.length ? items : null;
  };
  if (before) {
    const r = from(shown.filter((e) => !before.has(e)));
    if (r) return r;
  }
  const pointer = (e) => win.getComputedStyle(e).cursor === 'pointer';
  const like = (a, b) => a !== b && a.tagName === b.tagName && a.className === b.className;
  const run = shown.filter((e) => pointer(e) && e.parentElement && Array.from(e.parentElement.children).some((x) => like(x, e) && shown.includes(x)));
  return from(run) || d;
}
