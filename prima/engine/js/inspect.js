// Whether a user could act on the element, in one round trip; in the main
// document it also arms the settle tracker (TRACK: track.js).
(el, [pointer, cfg]) => {
  const r = inspect(el, pointer);
  // In the main document, arm the settle tracker in the same round trip:
  // the action follows at once. It is told whether reaching the element
  // scrolled the page.
  if (window === window.top) r.doc = (TRACK)(Object.assign({}, cfg, { reach: !!r.scrolled }));
  delete r.scrolled;
  return r;
  function inspect(el, pointer) {
  const r = { password: el.tagName === 'INPUT' && el.type === 'password', editable: !!el.isContentEditable };
  // A paragraph inside an editor takes no focus of its own: keys reach it
  // only through the editor, with the caret in it.
  r.inEditor = !!el.isContentEditable && !!el.parentElement && el.parentElement.isContentEditable;
  // A label stands for its control: Playwright's fill retargets to it.
  const field = el.tagName === 'LABEL' && el.control ? el.control : el;
  r.value = field.isContentEditable ? field.innerText.replace(/\n$/, '') : ('value' in field ? String(field.value) : '');
  // Whether it takes a value itself: a fill on anything else may be one on
  // an editor's document, whose keys go to an input it hides.
  r.field = field.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(field.tagName);
  // A select's options, for a select action to fail at once on one it
  // does not hold (Playwright would wait for it until the timeout).
  if (field.tagName === 'SELECT') r.options = Array.from(field.options, o => [o.value, o.label]);
  // Disabled by what holds it too (an option in a disabled group): a
  // click would wait for it to be enabled until the timeout.
  const by = el.closest && el.closest('[aria-disabled="true"]');
  r.disabled = el.disabled === true || (el.closest && !!el.closest('fieldset[disabled] *:not(legend *)') && el.matches('button,input,select,textarea')) || !!by;
  if (by && by !== el) r.disabledBy = (by.getAttribute('role') || by.tagName.toLowerCase()) + (by.getAttribute('aria-label') ? ' "' + by.getAttribute('aria-label') + '"' : '');
  r.readonly = el.readOnly === true || el.getAttribute('aria-readonly') === 'true';
  // Whether an input event of this action reached the page: a field the
  // page removes as it is filled gets its value, and its input event,
  // after it left, when no listener of the page sees them.
  const view = el.ownerDocument.defaultView;
  view.__primaInput = false;
  if (view.__primaInputWatch) view.removeEventListener('input', view.__primaInputWatch, true);
  view.__primaInputWatch = (e) => {
    const path = e.composedPath ? e.composedPath() : [];
    if (path.includes(el) || path.includes(field)) view.__primaInput = true;
  };
  view.addEventListener('input', view.__primaInputWatch, true);
  if (!pointer) {
    // A field no user could see (the native control a custom widget
    // hides, an editor's input proxy): a value set there is not what the
    // page shows. Named by the widget shown in its place.
    const u = (UNSEEN)(field);
    if (u) r.unseen = u.shown;
    return r;
  }
  // Where the click lands: the browser sends it to the element under the
  // release, which a re-layout between press and release can change.
  const win = el.ownerDocument.defaultView;
  const token = {};
  const clicks = ['click', 'dblclick', 'auxclick', 'contextmenu'];
  win.__primaHit = null;
  win.__primaOver = false;
  win.__primaSwapped = false;
  win.__primaHitToken = token;
  if (win.__primaOverWatch) win.removeEventListener('mouseover', win.__primaOverWatch, true);
  const over = win.__primaOverWatch = (e) => {
    const path = e.composedPath ? e.composedPath() : [];
    if (path.includes(el)) { win.__primaOver = true; win.removeEventListener('mouseover', over, true); }
  };
  win.addEventListener('mouseover', over, true);
  // Swapped on hover: the element left the page during the dispatch of the
  // pointer's arrival (the page's own mouseover/mouseenter handlers ran
  // first). JavaScript runs to completion, so a page that replaces
  // elements on a timer can never look like this.
  const swapped = () => {
    if (win.__primaHitToken === token && !el.isConnected) win.__primaSwapped = true;
  };
  el.addEventListener('mouseover', swapped, { once: true });
  el.addEventListener('mouseenter', swapped, { once: true });
  // One window listener at a time: an action whose pointer never moved
  // (the element was under it already) must not leave its own behind.
  if (win.__primaSwapWatch) win.removeEventListener('mouseover', win.__primaSwapWatch);
  win.__primaSwapWatch = (e) => { if ((e.composedPath ? e.composedPath() : []).includes(el)) swapped(); };
  win.addEventListener('mouseover', win.__primaSwapWatch, { once: true });
  // The first click event of the action says where it landed. For an
  // action that clicks (cfg.stop), one that would reach another element is
  // stopped here, before any element sees it (this listener runs at the
  // window, in the capture phase), and so are the rest of the action's
  // clicks (a dblclick's second) for a moment: prima never delivers a click
  // to an element it was not asked to act on. A hover or a drag only
  // records where a click went; none is theirs to stop.
  if (win.__primaHitDisarm) win.__primaHitDisarm();
  const hit = (e) => {
    if (win.__primaHitToken !== token) return; // an earlier action's listener
    // The composed path follows the event into shadow roots: at the
    // window a click inside one is retargeted to its host.
    const path = e.composedPath ? e.composedPath() : [];
    const t = path[0] || e.target;
    const ok = path.includes(el) || t === el || (t instanceof Node && el.contains(t)) || (el.labels && Array.from(el.labels).some(l => path.includes(l) || l === t || l.contains(t)));
    if (!win.__primaHit) {
      let d = t && t.tagName ? t.tagName.toLowerCase() : String(t);
      if (t && t.id) d += '#' + t.id;
      // The body's or the root's text is the whole page's: it names nothing.
      const whole = t && (t.tagName === 'BODY' || t.tagName === 'HTML');
      const text = t && t.innerText && !whole ? t.innerText.trim().replace(/\s+/g, ' ').slice(0, 40) : '';
      if (text) d += ' "' + text + '"';
      // Swapped on hover: the click goes to the replacement, which the
      // action then checks against its used: line.
      win.__primaHit = { ok, on: d, stopped: !!cfg.stop && !ok && !win.__primaSwapped, pressed: win.__primaPressed, at: performance.now() };
    }
    const first = win.__primaHit;
    if (!first.stopped || performance.now() - first.at > 1000) {
      disarm();
      return;
    }
    if (ok) return;
    e.preventDefault();
    e.stopImmediatePropagation();
  };
  // Whether the press reached the element before anything moved: a page
  // that answers the press (a calendar that opens) and then moves the
  // release elsewhere still had the element pressed.
  win.__primaPressed = false;
  const press = (e) => {
    if (win.__primaHitToken !== token) return;
    const path = e.composedPath ? e.composedPath() : [];
    if (e.isTrusted && (path.includes(el) || (el.labels && Array.from(el.labels).some(l => path.includes(l))))) win.__primaPressed = true;
  };
  const disarm = win.__primaHitDisarm = () => {
    for (const ev of ['pointerdown', 'mousedown']) win.removeEventListener(ev, press, true);
    for (const ev of clicks) win.removeEventListener(ev, hit, true);
    if (win.__primaHitDisarm === disarm) win.__primaHitDisarm = null;
  };
  for (const ev of clicks) win.addEventListener(ev, hit, true);
  for (const ev of ['pointerdown', 'mousedown']) win.addEventListener(ev, press, true);
  let b = el.getBoundingClientRect();
  if (b.width === 0 || b.height === 0) { r.hidden = true; return r; }
  const vw = window.innerWidth, vh = window.innerHeight;
  const from = b;
  if (b.top < 0 || b.left < 0 || b.bottom > vh || b.right > vw) {
    el.scrollIntoView({ block: 'center', inline: 'center' });
    b = el.getBoundingClientRect();
  }
  // Clipped by a scrolling container (inside the viewport, outside the
  // box that shows it): scroll the containers, as a user (and
  // Playwright's own actionability) would; a no-op when it shows.
  if (el.scrollIntoViewIfNeeded) {
    el.scrollIntoViewIfNeeded(true);
    b = el.getBoundingClientRect();
  }
  r.scrolled = b.top !== from.top || b.left !== from.left;
  const own = (t) => !!t && (t === el || el.contains(t) || (el.labels && Array.from(el.labels).some(l => l === t || l.contains(t))));
  const root = el.getRootNode && el.getRootNode().elementFromPoint ? el.getRootNode() : document;
  // Light-DOM content slotted into the element (a web component's label
  // text) is the element's where it shows, though elementFromPoint answers
  // with the host that holds that content.
  // Read only when the point is not plainly the element's: a big container
  // would walk its whole subtree for slots on every pointer action.
  let slots = null;
  const slotted = (t, x, y) => (slots = slots || (el.localName === 'slot' ? [el] : Array.from(el.querySelectorAll('slot')))).some(s => s.assignedNodes({ flatten: true }).some(n => {
    if (!(n === t || n.contains(t) || t.contains(n))) return false;
    let rects;
    if (n.nodeType === 1) rects = [n.getBoundingClientRect()];
    else { const range = document.createRange(); range.selectNodeContents(n); rects = Array.from(range.getClientRects()); }
    return rects.some(q => x >= q.left && x <= q.right && y >= q.top && y <= q.bottom);
  }));
  const mine = (x, y) => { const t = root.elementFromPoint(x, y); return own(t) || (!!t && slotted(t, x, y)); };
  const cx = b.left + b.width / 2, cy = b.top + b.height / 2;
  // A control hidden from the user whose own label is shown (a segmented
  // control's radio drawn as its label): the pointer goes to the label, as
  // a user's does, wherever the hidden box lies.
  // Only a labelled control is asked: unseen walks the ancestors' styles,
  // which every click would pay for.
  if (el.labels && el.labels.length && Array.from(el.labels).some(shows) && (UNSEEN)(el)) {
    r.label = true;
    r.shownLabel = true;
    return r;
  }
  if (mine(cx, cy)) {
    // A box its own label covers (a custom checkbox's hidden input): the
    // pointer reaches the label, which a user clicks, never the box.
    const t = root.elementFromPoint(cx, cy);
    if (t && t !== el && !el.contains(t) && !slotted(t, cx, cy)) r.label = true;
    return r;
  }
  const top = root.elementFromPoint(cx, cy);
  const describe = (t) => {
    if (!t) return 'nothing (off screen)';
    let s = t.tagName.toLowerCase();
    if (t.id) s += '#' + t.id;
    else if (t.classList && t.classList.length) s += '.' + Array.from(t.classList).slice(0, 2).join('.');
    const role = t.getAttribute('role');
    if (role) s += '[role=' + role + ']';
    const text = (t.innerText || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    if (text) s += ' "' + text + '"';
    return s;
  };
  r.cover = describe(top);
  // Playwright's position is measured from the padding box (inside the
  // border); the point is tested where the click will land.
  const ox = b.left + (el.clientLeft || 0), oy = b.top + (el.clientTop || 0);
  const x0 = Math.max(b.left, 0), x1 = Math.min(b.right, vw), y0 = Math.max(b.top, 0), y1 = Math.min(b.bottom, vh);
  for (let i = 1; i < 8; i++) for (let j = 1; j < 8; j++) {
    const x = x0 + (x1 - x0) * i / 8, y = y0 + (y1 - y0) * j / 8;
    const px = Math.round(x - ox), py = Math.round(y - oy);
    if (mine(ox + px, oy + py)) { r.point = { x: px, y: py }; return r; }
  }
  return r;
  }
  function shows(l) {
    const q = l.getBoundingClientRect();
    return q.width > 1 && q.height > 1 && (!l.checkVisibility || l.checkVisibility({ opacityProperty: true, visibilityProperty: true }));
  }
}
