// prima's incremental view engine. It runs in an isolated world of its own
// (the page's scripts cannot reach it, and its DOM expandos are not
// Playwright's), over a private copy of Playwright's injected script:
// `IS.ariaSnapshot` of a private copy replaces only that copy's ref map,
// never the one playwright-cli users resolve their refs against.
//
// full() renders the whole page (AI mode, with the copy's own refs) and
// keeps it as lines. update() re-renders only the subtrees that changed
// since, found from a MutationObserver, input/state events, focus and a
// scan of form values, and answers the line splices that bring the kept
// text up to date; or {full} when it cannot prove a partial render equals
// a whole one (frames, shadow roots, aria-owns, style rules whose effect
// is not local, too much changed), after rendering it whole.
// L is labels.js.
(IS, L) => {
  const NFC = new Set(['button', 'cell', 'checkbox', 'columnheader', 'gridcell', 'heading', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'row', 'rowheader', 'switch', 'tab', 'tooltip', 'treeitem']);
  // Elements whose text names an ancestor (a table's caption, a
  // fieldset's legend) or a control inside them (label).
  const NAMING = new Set(['CAPTION', 'LEGEND', 'FIGCAPTION', 'SUMMARY', 'LABEL', 'TITLE']);
  const S = { lines: null, meta: new WeakMap(), ids: new WeakMap(), seq: 0, dirty: new Set(), values: new WeakMap(), pw: [], refs: new Set(), at: new Map(), active: null, risky: '', observer: null, lost: false,
    fields: new Set(), popovers: new Set(), labels: new Set(), labelled: new Set(), blocked: false };

  // What an update must look at besides the changed elements (form
  // fields, popovers, labels, elements named by others), kept from the
  // mutation records: querying the document for them each time would
  // cost a walk of the whole page per update. blocked: an iframe, frame
  // or aria-owns may have been added.
  const WATCH = 'input,select,textarea,label,[popover],[aria-labelledby],iframe,frame,[aria-owns]';
  const see = (e) => {
    switch (e.nodeName) {
      case 'INPUT': case 'SELECT': case 'TEXTAREA': S.fields.add(e); break;
      case 'LABEL': S.labels.add(e); break;
      case 'IFRAME': case 'FRAME': S.blocked = true; break;
    }
    if (e.hasAttribute('popover')) S.popovers.add(e);
    if (e.hasAttribute('aria-labelledby')) S.labelled.add(e);
    if (e.hasAttribute('aria-owns')) S.blocked = true;
  };
  const collect = (root) => {
    if (root.matches(WATCH)) see(root);
    for (const e of root.querySelectorAll(WATCH)) see(e);
  };
  // live: the connected members of a kept set (removed ones are dropped;
  // one put back is collected again from its record).
  function* live(set) {
    for (const e of set) {
      if (e.isConnected) yield e;
      else set.delete(e);
    }
  }

  const mark = (n) => {
    if (!n) return;
    if (n.nodeType !== 1) n = n.parentElement;
    if (n) S.dirty.add(n);
  };
  const markAround = (n) => {
    if (!n) return;
    if (n.nodeType !== 1) n = n.parentElement;
    // A state or attribute can change siblings through + and ~ rules.
    if (n) S.dirty.add(n.parentElement || n);
  };
  const watch = () => {
    if (S.observer) return;
    S.onRecord = (r) => {
      // The title is not in the tree; prima reads it apart.
      const t = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      if (t && t.nodeName === 'TITLE') return;
      if (r.type === 'childList') {
        mark(r.target);
        for (const n of r.addedNodes) if (n.nodeType === 1) collect(n);
      } else if (r.type === 'attributes') {
        if (r.attributeName === 'id' || r.attributeName === 'for' || r.attributeName === 'aria-labelledby' || r.attributeName === 'aria-owns') S.lost = 'an id reference changed';
        if (r.attributeName === 'popover' && r.target.hasAttribute('popover')) S.popovers.add(r.target);
        markAround(r.target);
      } else markAround(r.target);
    };
    S.observer = new MutationObserver((records) => { for (const r of records) S.onRecord(r); });
    S.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    for (const ev of ['input', 'change', 'toggle', 'load', 'error', 'transitionend', 'animationend', 'focusin', 'focusout'])
      document.addEventListener(ev, (e) => markAround(e.target), true);
  };

  const valueOf = (e) => {
    if (e.type === 'checkbox' || e.type === 'radio') return (e.checked ? '1' : '0') + (e.indeterminate ? 'i' : '');
    if (e.tagName === 'SELECT') return Array.from(e.selectedOptions, (o) => o.index).join(',');
    return e.value;
  };
  // Values set by script fire no event and no mutation; a popover's
  // state changes at once, its toggle event only later. The scan also
  // collects password values: prima masks them wherever they show.
  const scanValues = (record) => {
    const pw = [];
    const seen = (e, v) => {
      if (!record && S.values.get(e) !== v) markAround(e);
      S.values.set(e, v);
    };
    for (const e of live(S.fields)) {
      if (e.type === 'password' && e.value) pw.push(e.value);
      seen(e, valueOf(e));
    }
    for (const e of live(S.popovers)) seen(e, e.matches(':popover-open') ? 'open' : 'closed');
    S.pw = pw;
  };

  const riskyDecl = (st) => st && (st.display || st.visibility || st.content || st.cursor || st.pointerEvents || st.contentVisibility);
  const GLOBAL = /:hover|:active|:focus-within|:has\(|:empty|:target|:popover-open|:open\b|:modal|:fullscreen|:nth-last|:last-child|:only-child|:last-of-type|:only-of-type/;
  // Style rules whose effect on what the tree shows is not local to the
  // changed element's parent make every update whole.
  // Rules added through the CSSOM change no DOM: a new count of rules
  // means the style risk must be looked at again.
  const ruleCount = () => {
    let n = 0;
    for (const sh of [...document.styleSheets, ...(document.adoptedStyleSheets || [])]) {
      try { n += sh.cssRules.length; } catch (e) { n += 1e6; }
    }
    return n;
  };
  const riskOf = () => {
    const sheets = [...document.styleSheets, ...(document.adoptedStyleSheets || [])];
    const walk = (rules) => {
      for (const r of rules) {
        if (r.cssRules && !r.selectorText) {
          if (typeof CSSContainerRule !== 'undefined' && r instanceof CSSContainerRule) return 'a container query';
          const w = walk(r.cssRules);
          if (w) return w;
          continue;
        }
        if (!r.selectorText) continue;
        if (r.style && /counter\(/.test(r.style.content || '')) return 'a CSS counter';
        if (GLOBAL.test(r.selectorText) && riskyDecl(r.style)) return 'the style rule ' + r.selectorText.slice(0, 60);
        if (r.cssRules && r.cssRules.length) {
          const w = walk(r.cssRules);
          if (w) return w;
        }
      }
      return '';
    };
    for (const s of sheets) {
      let rules;
      try { rules = s.cssRules; } catch (e) { return 'a style sheet it cannot read'; }
      const w = walk(rules || []);
      if (w) return w;
    }
    return '';
  };

  const elementOf = (node) => {
    for (const s of Object.getOwnPropertySymbols(node)) {
      const v = node[s];
      if (v && v.nodeType === 1) return v;
    }
    return null;
  };
  // meta: element -> its line's ref, role, and whether it is a pointer
  // target (isClickTargetRoot looks at ancestors that are).
  // A line's ref is the node's own id in this world (n1, n2…), not the
  // copy's: the copy gives an element a new ref when its name changes, and
  // the diff pairs before and after by node, so an element that stays is
  // never listed removed and added. learn answers the copy's refs' ids.
  const learn = (root) => {
    const ids = new Map();
    const visit = (n) => {
      if (typeof n === 'string') return;
      const el = elementOf(n);
      let ref = '';
      if (el && n.ref) {
        let id = S.ids.get(el);
        if (!id) S.ids.set(el, (id = 'n' + ++S.seq));
        ids.set(n.ref, id);
        ref = id;
      }
      if (el && n.role !== 'fragment') S.meta.set(el, { ref, role: n.role, pointer: !!ref && !!n.box && n.box.cursor === 'pointer' });
      for (const c of n.children || []) visit(c);
    };
    visit(root);
    return ids;
  };

  // Labels come from one pass over the kept labels while a render runs
  // (labels.js); the map is made on a render's first question: most
  // partial renders ask none.
  let rendering = false, labelMap = null;
  L.install(() => (rendering ? labelMap || (labelMap = L.byControl(live(S.labels))) : null));
  const render = (el) => {
    rendering = true;
    let text;
    try { text = IS.ariaSnapshot(el, { mode: 'ai' }); } finally { rendering = false; labelMap = null; }
    const snap = IS._lastAriaSnapshotForQuery;
    if (!snap) return text;
    const ids = learn(snap.root);
    return text.split('\n').map((l) => {
      const at = ownRefAt(l);
      const id = at && ids.get(l.slice(at[0], at[1]));
      return id ? l.slice(0, at[0]) + id + l.slice(at[1]) : l;
    }).join('\n');
  };

  const blocker = () => {
    if (document.querySelector('iframe,frame')) return 'frames';
    if (document.querySelector('[aria-owns]')) return 'aria-owns';
    return '';
  };
  const hasShadow = (root) => {
    if (root.shadowRoot) return true;
    for (const e of root.querySelectorAll('*')) if (e.shadowRoot) return true;
    return false;
  };

  const full = (why) => {
    S.dirty.clear();
    S.lost = false;
    watch();
    S.observer.takeRecords();
    S.fields = new Set(); S.popovers = new Set(); S.labels = new Set(); S.labelled = new Set(); S.blocked = false;
    collect(document.documentElement);
    scanValues(true);
    S.active = document.activeElement;
    S.risky = riskOf();
    S.rules = ruleCount();
    const b = blocker();
    const text = render(document.body);
    S.lines = text.split('\n');
    S.refs = new Set();
    S.at = new Map();
    refsOf(S.lines, 0, (r, i) => { S.refs.add(r); S.at.set(r, i); });
    if (b || hasShadow(document.body)) S.risky = S.risky || b || 'shadow roots';
    return { full: text, why: why || '', frames: b === 'frames', title: document.title, pw: S.pw };
  };

  const indentOf = (l) => { let i = 0; while (l.charCodeAt(i) === 32) i++; return i; };
  const roleOf = (l) => { const m = /^\s*- ([a-z]+)/.exec(l); return m ? m[1] : ''; };
  // ownRefAt is where the line's own ref is, [start, end) of its value:
  // the [ref=…] group after its role and quoted name. A name or a value
  // is page text and may hold "[ref=e12]" too (a page that shows
  // snapshots): taking that for the line's ref would splice a render over
  // the wrong block. A key holding ": " is single-quoted whole, its quotes
  // doubled: no role, name delimiter or group holds one, so the scan
  // reads the line as it is.
  const ownRefAt = (l) => {
    let i = indentOf(l);
    if (!l.startsWith('- ', i)) return null;
    i += 2;
    if (l[i] === "'") i++;
    while (i < l.length && l[i] > ' ' && l[i] !== ':' && l[i] !== '"' && l[i] !== '[' && l[i] !== "'") i++;
    while (l[i] === ' ') i++;
    if (l[i] === '"') {
      for (i++; i < l.length && l[i] !== '"'; i += l[i] === '\\' ? 2 : 1);
      i++;
    }
    for (;;) {
      while (l[i] === ' ') i++;
      if (l[i] !== '[') return null;
      const j = l.indexOf(']', i);
      if (j < 0) return null;
      if (l.startsWith('ref=', i + 1)) return [i + 5, j];
      i = j + 1;
    }
  };
  const ownRef = (l) => {
    const at = ownRefAt(l);
    return at ? l.slice(at[0], at[1]) : '';
  };
  const refsOf = (lines, at, f) => { for (let i = 0; i < lines.length; i++) { const r = ownRef(lines[i]); if (r) f(r, at + i); } };
  // lineOf finds a ref's line from where it was last seen (S.at): splices
  // since then moved it by no more than what they inserted or deleted.
  const lineOf = (ref) => {
    if (!ref || !S.refs.has(ref)) return -1;
    const needle = '[ref=' + ref + ']';
    const L = S.lines, h = Math.min(S.at.get(ref) || 0, L.length - 1);
    for (let k = 0; h - k >= 0 || h + k < L.length; k++) {
      if (h + k < L.length && L[h + k].includes(needle) && ownRef(L[h + k]) === ref) return S.at.set(ref, h + k), h + k;
      if (k && h - k >= 0 && L[h - k].includes(needle) && ownRef(L[h - k]) === ref) return S.at.set(ref, h - k), h - k;
    }
    return -1;
  };
  const blockEnd = (i) => {
    const L = S.lines, d = indentOf(L[i]);
    let j = i + 1;
    while (j < L.length && indentOf(L[j]) > d) j++;
    return j;
  };

  // anchor: the smallest element around el whose subtree, rendered alone,
  // renders as it would within the page: it has a line of its own, and no
  // ancestor's line depends on its content (a name from content, a caption
  // or label naming it, a pointer target above it).
  const anchor = (el) => {
    let floor = el;
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const m = S.meta.get(a);
      if (m && (NFC.has(m.role) || m.pointer)) floor = a;
      if (NAMING.has(a.nodeName) && a.parentElement) floor = a.parentElement;
    }
    for (let a = floor; a && a !== document.documentElement; a = a.parentElement) {
      if (lined(a)) return { a, floor };
    }
    return { a: null, floor };
  };
  const lined = (e) => {
    const m = e && S.meta.get(e);
    return !!m && !!m.ref && S.refs.has(m.ref);
  };
  // slotOf: the child of a on the way down to floor, when floor has no
  // line of its own (a zero-size element has no ref to find it by).
  const slotOf = (floor, a) => {
    if (!a || floor === a) return null;
    let x = floor;
    while (x.parentElement && x.parentElement !== a) x = x.parentElement;
    return x.parentElement === a && !lined(x) ? x : null;
  };
  const blank = (n) => n.nodeType === 8 || (n.nodeType === 3 && !/\S/.test(n.nodeValue));
  const pseudo = (e, p) => { const c = getComputedStyle(e, p).content; return c && c !== 'none' && c !== 'normal'; };
  // slot renders x, an element without a line of its own, between the
  // blocks of its neighbours in its parent's block: they must have lines,
  // nothing but blank text may lie between, and the parent's line must
  // not depend on its children's count or text. null when it cannot.
  const slot = (x) => {
    const p = x.parentElement;
    const pi = lineOf(S.meta.get(p).ref), pj = blockEnd(pi);
    if (pj === pi + 1) return null;
    const d = indentOf(S.lines[pi]) + 2;
    const prev = x.previousElementSibling, next = x.nextElementSibling;
    if (roleOf(S.lines[pi]) === 'generic' && (!prev || !next)) return null;
    for (let n = prev ? prev.nextSibling : p.firstChild; n && n !== x; n = n.nextSibling) if (!blank(n)) return null;
    for (let n = x.nextSibling; n && n !== next; n = n.nextSibling) if (!blank(n)) return null;
    let start, end;
    if (prev) {
      if (!lined(prev)) return null;
      const k = lineOf(S.meta.get(prev).ref);
      if (k <= pi || k >= pj || indentOf(S.lines[k]) !== d) return null;
      start = blockEnd(k);
    } else {
      if (pseudo(p, '::before')) return null;
      start = pi + 1;
      while (start < pj && S.lines[start].startsWith(' '.repeat(d) + '- /')) start++;
    }
    if (next) {
      if (!lined(next)) return null;
      end = lineOf(S.meta.get(next).ref);
      if (end < start || end >= pj || indentOf(S.lines[end]) !== d) return null;
    } else {
      if (pseudo(p, '::after')) return null;
      end = pj;
    }
    const text = render(x);
    const pad = ' '.repeat(d);
    const fresh = text === '' ? [] : text.split('\n').map((l) => pad + l);
    // A generic child repeating its parent's name is dropped in place.
    if (/^\s*- [a-z]+ "/.test(S.lines[pi]) && fresh.some((l) => indentOf(l) === d && roleOf(l) === 'generic')) return null;
    return { at: start, del: end - start, ins: fresh };
  };

  // labelledBy: elements outside r whose name comes from inside r.
  const namedFrom = (r, labelled) => {
    const out = [];
    for (const e of labelled) {
      if (r.contains(e)) continue;
      for (const id of e.getAttribute('aria-labelledby').split(/\s+/)) {
        const t = id && document.getElementById(id);
        if (t && r.contains(t)) { out.push(e); break; }
      }
    }
    for (const l of r.querySelectorAll('label[for]')) {
      const c = document.getElementById(l.getAttribute('for'));
      if (c && !r.contains(c)) out.push(c);
    }
    return out;
  };
  const common = (a, b) => {
    const seen = new Set();
    for (let x = a; x; x = x.parentElement) seen.add(x);
    for (let y = b; y; y = y.parentElement) if (seen.has(y)) return y;
    return null;
  };

  // whole: the caller lost the kept text (an abandoned call).
  const update = (maxLines, whole) => {
    // Records not yet delivered to the observer's callback.
    if (S.observer) for (const r of S.observer.takeRecords()) S.onRecord(r);
    if (!S.lines || whole || S.blocked) {
      if (document.querySelector('iframe,frame')) {
        // Only Playwright's own snapshot renders frames' contents.
        S.lines = null;
        return { frames: true, ops: [], title: document.title, pw: [] };
      }
      if (!S.lines || whole) return full('no view yet');
      const b = blocker();
      if (b) return full(b);
      S.blocked = false;
    }
    if (S.lost) return full(S.lost);
    if (S.risky) return full(S.risky);
    if (ruleCount() !== S.rules) return full('style rules changed');
    scanValues(false);
    if (document.activeElement !== S.active) {
      // Focus shows only as [active], which prima strips, and in which
      // generics it drops; <body> holding focus changes nothing else.
      for (const e of [S.active, document.activeElement]) if (e && e !== document.body && e !== document.documentElement) markAround(e);
      S.active = document.activeElement;
    }
    const dirty = [...S.dirty].filter((e) => e.isConnected);
    S.dirty.clear();
    if (!dirty.length) return { ops: [], title: document.title, pw: S.pw };
    for (const e of dirty) if (hasShadow(e)) return full('shadow roots');
    // Anchors, outermost first; one inside another is dropped.
    // Items: an anchor a to re-render, or x, an element without a line
    // of its own under a, to render in its slot (falling back to a).
    let items = [];
    const labelled = [...live(S.labelled)];
    for (const e of dirty) {
      let { a, floor } = anchor(e);
      let x = slotOf(floor, a);
      if (x && namedFrom(x, labelled).length) x = null;
      for (let guard = 0; a && guard < 8; guard++) {
        const extra = namedFrom(a, labelled);
        if (!extra.length) break;
        x = null;
        a = anchor(extra.reduce(common, a)).a;
      }
      if (!a || (!x && a === document.body)) return full('a change reaches the top of the page');
      items.push({ a, x, key: x || a });
    }
    items = items.filter((it, i) => !items.some((o, j) => o.key !== it.key && o.key.contains(it.key)) && items.findIndex((o) => o.key === it.key) === i);
    const ops = [];
    let changed = 0;
    const apply = (op) => {
      changed += op.ins.length + op.del;
      if (changed > maxLines) return false;
      refsOf(S.lines.slice(op.at, op.at + op.del), op.at, (r) => { S.refs.delete(r); S.at.delete(r); });
      refsOf(op.ins, op.at, (r, i) => { S.refs.add(r); S.at.set(r, i); });
      S.lines.splice(op.at, op.del, ...op.ins);
      ops.push(op);
      return true;
    };
    for (const it of items) {
      if (it.x) {
        const op = it.x.isConnected && lined(it.a) ? slot(it.x) : null;
        if (op) {
          if (!apply(op)) return full('too much changed');
          continue;
        }
      }
      let a = it.a;
      for (let tries = 0; ; tries++) {
        if (!a || a === document.body || tries > 8) return full('no part of the page renders alone');
        const m = S.meta.get(a);
        const i = lineOf(m.ref);
        const j = blockEnd(i);
        const old = S.lines[i];
        const text = render(a);
        const d = indentOf(old);
        const pad = ' '.repeat(d);
        const fresh = text.split('\n').map((l) => pad + l);
        const tops = fresh.filter((l) => indentOf(l) === d).length;
        const ok = fresh.length > 0 && tops === 1 && roleOf(fresh[0]) === roleOf(old) && ownRef(fresh[0]) !== '' &&
          (roleOf(old) !== 'generic' || fresh[0] === old);
        if (!ok) {
          a = anchor(a.parentElement).a;
          continue;
        }
        if (!apply({ at: i, del: j - i, ins: fresh })) return full('too much changed');
        break;
      }
    }
    return { ops, title: document.title, pw: S.pw };
  };

  return { full, update };
}
