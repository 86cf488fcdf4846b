// Which controls other than the bound ones the action's trusted input
// reached (track.js records it), and where its keys went. A control is
// the bound element's own when the input went into it (its shadow content
// included), to a control holding it (an option's select, an editor's
// host), to its label or its label's control (or the control of a label
// that holds it), to what it controls or owns
// (an option of its own list), or, for a field, to its form's submit
// button (Enter submits). A change on the element focused before the
// action commits what an earlier action typed, as the focus leaves it.
// An input, beforeinput or change on a control the hand never reached
// (no click or key of the action went to it) is the page's own script
// answering the action (an editor's toolbar button running execCommand, a
// widget keeping a field in step), not input of the hand's, unless the
// action sends text or keys itself (texts), which the page may have moved
// elsewhere by moving the focus.
// null when the page keeps no record (no tracker, another document).
(el, [others, keyed, texts]) => {
  const p = el.ownerDocument.defaultView.__primaSettle;
  if (!p || !p.inputs) return null;
  const bound = [el].concat(others || []).filter(Boolean);
  const CONTROL = 'a[href],button,input,select,textarea,summary,label,option,[contenteditable]:not([contenteditable="false"]),' +
    '[role=button],[role=link],[role=checkbox],[role=radio],[role=switch],[role=menuitem],[role=menuitemcheckbox],' +
    '[role=menuitemradio],[role=option],[role=tab],[role=treeitem],[role=combobox],[role=textbox],[role=searchbox],' +
    '[role=slider],[role=spinbutton]';
  const controlOf = (path) => {
    for (const n of path) {
      if (!n || n.nodeType !== 1) break;
      if (n.matches(CONTROL)) return n;
    }
    return null;
  };
  const ids = (a, attr) => {
    const root = a.getRootNode && a.getRootNode().getElementById ? a.getRootNode() : document;
    return (a.getAttribute(attr) || '').split(/\s+/).filter(Boolean).map((id) => root.getElementById(id)).filter(Boolean);
  };
  const related = (b, c) => {
    if (c === b || b.contains(c) || c.contains(b)) return true;
    // A label and its control are one: a click anywhere in a label (its
    // text, a web component's label part) clicks the control.
    if (b.labels && Array.from(b.labels).some((l) => l === c || l.contains(c))) return true;
    if (c.labels && Array.from(c.labels).some((l) => l.contains(b))) return true;
    if (b.tagName === 'LABEL' && b.control === c) return true;
    if (c.tagName === 'LABEL' && c.control === b) return true;
    for (const [x, y] of [[b, c], [c, b]]) {
      for (const attr of ['aria-controls', 'aria-owns']) {
        if (ids(x, attr).some((t) => t === y || t.contains(y))) return true;
      }
    }
    return !!(b.form && c.form === b.form && c.type === 'submit');
  };
  const own = (r, c) => bound.some((b) => r.path.includes(b) || (c && related(b, c)));
  const text = (s) => String(s || '').replace(/\s+/g, ' ').trim();
  const nameOf = (c) => {
    if (c.getAttribute('aria-label')) return text(c.getAttribute('aria-label'));
    const by = ids(c, 'aria-labelledby');
    if (by.length) return text(by.map((x) => x.textContent).join(' '));
    if (c.labels && c.labels.length) return text(c.labels[0].textContent);
    if (c.tagName === 'INPUT' && ['button', 'submit', 'reset'].includes(c.type)) return text(c.value);
    if (c.tagName === 'INPUT' || c.tagName === 'TEXTAREA' || c.tagName === 'SELECT') return text(c.getAttribute('placeholder') || c.getAttribute('title'));
    return text(c.textContent).slice(0, 60);
  };
  const roleOf = (c) => {
    const r = c.getAttribute('role');
    if (r) return r.split(/\s+/)[0];
    switch (c.tagName) {
      case 'A': return 'link';
      case 'BUTTON': case 'SUMMARY': return 'button';
      case 'SELECT': return c.multiple || c.size > 1 ? 'listbox' : 'combobox';
      case 'TEXTAREA': return 'textbox';
      case 'OPTION': return 'option';
      case 'INPUT':
        switch (c.type) {
          case 'checkbox': return 'checkbox';
          case 'radio': return 'radio';
          case 'range': return 'slider';
          case 'number': return 'spinbutton';
          case 'button': case 'submit': case 'reset': case 'image': return 'button';
          case 'search': return 'searchbox';
        }
        return 'textbox';
    }
    return c.isContentEditable ? 'textbox' : c.tagName.toLowerCase();
  };
  const describe = (c) => {
    if (!c || c.nodeType !== 1) return 'the page';
    if (c === document.body || c === document.documentElement) return 'the page (' + c.tagName.toLowerCase() + ')';
    const n = nameOf(c);
    return n ? roleOf(c) + ' ' + JSON.stringify(n) : roleOf(c);
  };
  const strays = new Map();
  let keys = 0, keysOwn = 0, keyTo = null;
  const HAND = new Set(['click', 'dblclick', 'auxclick', 'contextmenu', 'keydown']);
  const reached = new Set();
  for (const r of p.inputs) {
    if (!HAND.has(r.t)) continue;
    let c = controlOf(r.path);
    if (c && c.tagName === 'LABEL' && c.control) c = c.control;
    if (c) reached.add(c);
  }
  for (const r of p.inputs) {
    let c = controlOf(r.path);
    // A label stands for its control: the browser clicks that one next.
    if (c && c.tagName === 'LABEL' && c.control) c = c.control;
    if (r.t === 'keydown') {
      // A key reaches the element when the element, or what holds it and
      // took the focus (an editor's host, a grid), is where it went.
      const at = r.path[0];
      keys++;
      if (own(r, c) || (at && at.nodeType === 1 && at !== document.body && at !== document.documentElement && bound.some((b) => at.contains(b)))) keysOwn++;
      else if (keyTo === null) keyTo = describe(c || r.path[0]);
    }
    if (!c || own(r, c)) continue;
    if (r.t === 'change' && (c === p.focused || (p.focused && p.focused.labels && Array.from(p.focused.labels).includes(c)))) continue;
    if (!texts && !HAND.has(r.t) && !reached.has(c)) continue;
    const s = strays.get(c) || { what: describe(c), events: [] };
    if (!s.events.includes(r.t)) s.events.push(r.t);
    strays.set(c, s);
  }
  const out = { strays: Array.from(strays.values()) };
  if (keyed && keys > 0 && keysOwn === 0) out.keyTo = keyTo;
  return out;
}
