(cfg) => {
  let p = window.__primaSettle;
  if (!p) {
    p = window.__primaSettle = { id: Math.random().toString(36).slice(2), armed: false, timers: new Set(), depth: 0, cbAt: 0, lastInput: -1e9,
      requests: 0, lastMut: -1e9, lastEnd: -1e9, lastAnim: -1e9, nav: false,
      // Who changed the DOM while an action's window is open (win): the
      // action ('act': its input events and the work they scheduled), the
      // page on its own ('own': work scheduled while no action ran), or
      // work prima cannot trace (null: a timer set before prima came, a
      // socket). A page's clock must not prove a click.
      ctx: null, gen: 0, win: false, winId: 0, until: 0, armAt: 0, selfAt: -1e9,
      // The action's requests in flight, and when the last one ended.
      asked: 0, askedEnd: -1e9,
      // The action's own requests that failed: [method, url, status, error].
      failed: [] };
    const st = window.setTimeout.bind(window), ct = window.clearTimeout.bind(window);
    const si = window.setInterval.bind(window);
    const raf = window.requestAnimationFrame ? window.requestAnimationFrame.bind(window) : null;
    // A context lasts until the task that entered it ends: a task queued
    // at the highest priority runs right after it.
    const sched = window.scheduler && window.scheduler.postTask ? window.scheduler.postTask.bind(window.scheduler) : null;
    const chan = new MessageChannel(), queue = [], portPost = MessagePort.prototype.postMessage;
    chan.port1.onmessage = () => { const f = queue.shift(); if (f) f(); };
    const post = sched ? (f) => { sched(f, { priority: 'user-blocking' }).catch(() => {}); } : (f) => { queue.push(f); portPost.call(chan.port2, 0); };
    p.st = st;

    // What one side changed, the 1,024 latest of each kind kept: the
    // elements changed, added or removed; the texts they held before; the
    // elements whose children changed (a diff may name a sibling of the
    // one that moved); and, on the action's side, the elements its input
    // was dispatched to (hits: a box it ticks changes no DOM; never merged
    // into another side, as they are no change). A set that had to drop
    // its oldest says so (over): a page churning faster outran the sample.
    const side = () => ({ els: new Set(), olds: new Set(), boxes: new Set(), hits: new Set() });
    const put = (set, n) => {
      if (!n) return;
      set.delete(n);
      set.add(n);
      if (set.size > 1024) { set.delete(set.values().next().value); set.over = true; }
    };
    const merge = (into, from) => {
      for (const k of ['els', 'olds', 'boxes']) {
        for (const n of from[k]) put(into[k], n);
        if (from[k].over) into[k].over = true;
      }
    };
    const over = (s) => !!(s.els.over || s.olds.over || s.boxes.over);
    p.merge = merge;
    p.side = side;
    const NAMES = new Set(['aria-label', 'title', 'alt', 'placeholder', 'value']);
    // The element a record is about: its target, or a text's parent.
    const elOf = (r) => r.target.nodeType === 1 ? r.target : r.target.parentElement;
    const sample = (rs, s) => {
      for (const r of rs) {
        const el = elOf(r);
        if (r.type === 'childList') {
          let text = false;
          for (const l of [r.addedNodes, r.removedNodes]) for (const n of l) { if (n.nodeType === 1) put(s.els, n); else text = true; }
          for (const n of r.removedNodes) if (n.nodeType === 3 && n.data.trim()) put(s.olds, n.data);
          if (text) put(s.els, el); else put(s.boxes, el);
        } else {
          put(s.els, el);
          if (r.oldValue && (r.type === 'characterData' || NAMES.has(r.attributeName))) put(s.olds, r.oldValue);
        }
      }
    };
    // What changed while no window was open (after the last action's
    // view, before the next action) is the page's own, and in the diff
    // of that next action.
    p.idle = side(); p.idleN = 0;
    // How often each element was changed by work no action traced (while
    // no window was open, or untraced): one changed twice so is a clock.
    const untraced = new WeakMap();
    const clock = (rs) => rs.every((r) => (untraced.get(elOf(r)) || 0) >= 2);
    const count = (rs) => { for (const r of rs) { const el = elOf(r); if (el) untraced.set(el, (untraced.get(el) || 0) + 1); } };
    const note = (rs) => {
      const now = performance.now();
      p.lastMut = now;
      // A window whose action took no view within 5 s of settling (none
      // with no Changes does) closes by itself; its report still reads it.
      if (p.win && now > p.until) { p.win = false; p.expired = p.winId; p.idle = side(); p.idleN = 0; }
      // When, in delivered batches since the action began, each element
      // entered or left the page: an element that takes a removed one's
      // place entered no earlier than it left (same_kind.js).
      if (p.win) {
        p.batch++;
        for (const r of rs) if (r.type === 'childList') {
          for (const n of r.addedNodes) if (n.nodeType === 1) p.born.set(n, p.batch);
          for (const n of r.removedNodes) if (n.nodeType === 1) p.gone.set(n, p.batch);
        }
      }
      // selfAt: the last time the page was seen changing on its own.
      if (!p.win) { p.selfAt = now; p.idleN++; sample(rs, p.idle); count(rs); return; }
      let tag = p.ctx || 'unk';
      // After a route change the action made (a link's, or the history
      // traversal that is the action), untraced work (a module it loaded,
      // a framework's render) is the route's.
      if (tag === 'unk' && p.routed === p.winId && !clock(rs)) tag = 'act';
      // Before the action's input reaches the page nothing it does answers
      // the action.
      if (tag === 'unk' && p.acts === 0) tag = 'own';
      // A message's handler cannot be reached (a scheduler's channel is
      // made before prima comes): the first untraced change after the
      // action's work posted a message is that message's, unless it is a
      // clock's (a loaded machine can run a clock's tick before the
      // message).
      if (tag === 'unk' && p.posted === p.winId && now - p.postedAt < 100 && !clock(rs)) { tag = 'act'; p.posted = 0; }
      if (tag === 'unk') count(rs);
      p.n[tag]++;
      if (tag === 'own') p.selfAt = now;
      sample(rs, tag === 'act' ? p.acted : p.self);
      for (const r of rs) {
        const el = elOf(r);
        // The same element changed again by untraced work, a while later:
        // a clock, not an answer.
        if (tag === 'unk' && el) {
          const last = p.seen.get(el);
          if (last !== undefined && now - last >= 30) { p.repeat = true; p.selfAt = now; }
          p.seen.set(el, now);
        }
      }
    };
    const mo = new MutationObserver(note);
    const OBSERVE = { subtree: true, childList: true, attributes: true, characterData: true, attributeOldValue: true, characterDataOldValue: true };
    mo.observe(document, OBSERVE);
    // A document's observer does not see into shadow roots: each one,
    // open or closed, is watched too (those made later as they are made).
    const shadows = (root) => {
      for (const e of root.querySelectorAll('*')) if (e.shadowRoot) { mo.observe(e.shadowRoot, OBSERVE); shadows(e.shadowRoot); }
    };
    shadows(document);
    const attach = Element.prototype.attachShadow;
    if (attach) Element.prototype.attachShadow = function () { const r = attach.apply(this, arguments); mo.observe(r, OBSERVE); return r; };
    const flush = () => { const rs = mo.takeRecords(); if (rs.length) note(rs); };
    p.flush = flush;
    // A tag is the window whose action scheduled the work (a number),
    // 'own', or null; an earlier action's work is the page's own now.
    const enter = (tag) => {
      if (!p.win) return;
      flush();
      p.ctx = typeof tag === 'number' ? (tag === p.winId ? 'act' : 'own') : tag;
      if (p.ctx === null) return;
      const g = ++p.gen;
      post(() => { if (p.gen === g) { flush(); p.ctx = null; } });
    };
    // What work scheduled now is: the action's, the page's own (no
    // action running), or untraced.
    const tagNow = () => p.ctx === 'act' ? p.winId : p.ctx === 'own' ? 'own' : (p.win ? null : 'own');
    // Work not the action's runs a callback: what the browser dispatches
    // meanwhile, trusted though it is, is that work's doing, not the
    // action's input (a field the page removes loses the focus: its
    // focusout fires inside the page's own task, and the rest of that
    // task would read as the action's).
    p.pageDepth = 0;
    const run = (tag, fn, self, args) => {
      enter(tag);
      const page = tag !== p.winId;
      if (page) p.pageDepth++;
      try { return fn.apply(self, args); } finally { if (page) p.pageDepth--; }
    };

    window.setTimeout = function (fn, delay, ...args) {
      if (typeof fn !== 'function') return st(fn, delay, ...args);
      const d = Number(delay) || 0, tag = tagNow();
      // A timer set by a timer that input came after (a debounce that
      // fired early while keys kept coming sets itself again for the time
      // left) starts afresh: the chain is as long as the typing, and its
      // end is the typing's answer. Without input between, the chain is a
      // loop (a poll, a clock), followed two levels deep.
      const base = p.depth > 0 && p.lastInput > p.cbAt ? 0 : p.depth;
      const track = p.armed && d <= cfg.timerMax && base < 2;
      const depth = base + 1, at = performance.now();
      let id;
      id = st(function () {
        if (!track) return run(tag, fn, this, arguments);
        p.timers.delete(id);
        const prev = p.depth, prevAt = p.cbAt; p.depth = depth; p.cbAt = at;
        try { return run(tag, fn, this, arguments); } finally { p.depth = prev; p.cbAt = prevAt; p.lastEnd = performance.now(); }
      }, delay, ...args);
      if (track) p.timers.add(id);
      return id;
    };
    window.clearTimeout = function (id) { p.timers.delete(id); return ct(id); };
    window.setInterval = function (fn, delay, ...args) {
      if (typeof fn !== 'function') return si(fn, delay, ...args);
      const tag = tagNow();
      return si(function () { return run(tag, fn, this, arguments); }, delay, ...args);
    };
    const ric = window.requestIdleCallback ? window.requestIdleCallback.bind(window) : null;
    if (ric) window.requestIdleCallback = function (fn, opts) {
      if (typeof fn !== 'function') return ric(fn, opts);
      const tag = tagNow();
      return ric(function () { return run(tag, fn, this, arguments); }, opts);
    };
    // A message posted by the action's work, or by untraced work soon
    // after (a scheduler's next slice), marks the time its handler runs.
    const posting = (o) => function () {
      const tag = tagNow();
      if (p.win && (tag === p.winId || (tag === null && p.posted === p.winId && performance.now() - p.postedAt < 100))) {
        p.posted = p.winId; p.postedAt = performance.now();
      }
      return o.apply(this, arguments);
    };
    MessagePort.prototype.postMessage = posting(MessagePort.prototype.postMessage);
    window.postMessage = posting(window.postMessage);
    // A frame the action asked for is waited for like a short timer (two
    // levels deep: an animation loop is not waited for).
    if (raf) window.requestAnimationFrame = function (fn) {
      if (typeof fn !== 'function') return raf(fn);
      const tag = tagNow();
      const track = p.armed && typeof tag === 'number' && p.depth < 2;
      const depth = p.depth + 1;
      let id;
      id = raf(function () {
        if (!track) return run(tag, fn, this, arguments);
        p.timers.delete('f' + id);
        const prev = p.depth; p.depth = depth;
        try { return run(tag, fn, this, arguments); } finally { p.depth = prev; p.lastEnd = performance.now(); }
      });
      if (track) p.timers.add('f' + id);
      return id;
    };
    const caf = window.cancelAnimationFrame ? window.cancelAnimationFrame.bind(window) : null;
    if (caf) window.cancelAnimationFrame = function (id) { p.timers.delete('f' + id); return caf(id); };

    const done = () => { p.requests--; p.lastEnd = performance.now(); };
    // A request the action's work made: a socket or a stream heard while
    // it is out, or just after, answers it (MessageEvent's data, below).
    // A request that changes something (not a GET or a HEAD), on a page
    // that has spoken over a socket or a stream it opened before prima
    // came, may be answered there (a live view's patch after a form's
    // POST), a moment after its own answer: the settle holds for it
    // (pushWait ms), until such a message is heard.
    const request = (tag, method) => {
      if (tag !== p.winId) return null;
      const win = p.winId, changes = !/^(GET|HEAD)$/i.test(String(method || 'GET'));
      p.asked++;
      return () => {
        if (p.winId !== win) return;
        p.asked--; p.askedEnd = performance.now();
        if (changes && p.pushes && p.armed) p.pushUntil = p.askedEnd + cfg.pushWait;
      };
    };
    // An answer read from a response is the work that asked for it.
    const tags = new WeakMap();
    // A request of the action's own work that failed (a status of 400 or
    // more, or no answer) is named in the envelope: a page that says Saved
    // while its server refused must not read as a success.
    const failed = (win, method, url, status, error) => {
      if (p.winId === win && p.failed.length < 10) p.failed.push([String(method || 'GET').toUpperCase(), String(url), status, error]);
    };
    const within = (r, tag, keep) => r.then((v) => { enter(tag); if (keep && v && typeof v === 'object') tags.set(v, tag); return v; },
      (e) => { enter(tag); throw e; });
    if (window.fetch) {
      const f = window.fetch;
      window.fetch = function () {
        const tag = tagNow();
        const r = f.apply(this, arguments);
        if (p.armed) { p.requests++; r.then(done, done); }
        const input = arguments[0], init = arguments[1];
        const method = (init && init.method) || (input && input.method);
        const ended = request(tag, method);
        if (ended) {
          r.then(ended, ended);
          const win = p.winId, url = (input && input.url) || input;
          r.then((res) => { if (res.status >= 400) failed(win, method, url, res.status, ''); },
            (e) => { if (!e || e.name !== 'AbortError') failed(win, method, url, 0, String((e && e.message) || e)); });
        }
        return within(r, tag, true);
      };
      if (window.Response) for (const m of ['json', 'text', 'arrayBuffer', 'blob', 'formData']) {
        const o = Response.prototype[m];
        if (typeof o === 'function') Response.prototype[m] = function () {
          const r = o.apply(this, arguments);
          return tags.has(this) ? within(r, tags.get(this), false) : r;
        };
      }
    }
    // A listener added with capture runs before the page's own on the
    // object itself, added before or after: the request's, socket's or
    // worker's answer runs in the context of the work that sent to it.
    const xtags = new WeakMap(), xsent = new WeakMap();
    const open = XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.open = function () {
      if (!xtags.has(this)) this.addEventListener('readystatechange', () => { const t = xtags.get(this); if (t !== undefined) enter(t); }, true);
      xtags.set(this, undefined);
      xsent.set(this, [arguments[0], arguments[1]]);
      return open.apply(this, arguments);
    };
    // A socket or a worker answers a message the action sent with one of
    // its own (a live view's patch): the first one after it is the
    // action's, and is waited for a moment (wsWait ms) like a request.
    const stags = new WeakMap();
    const answering = (proto) => {
      if (!proto || !proto.prototype) return;
      const key = proto === window.WebSocket ? 'send' : 'postMessage';
      const o = proto.prototype[key];
      if (typeof o !== 'function') return;
      proto.prototype[key] = function () {
        let s = stags.get(this);
        if (!s) {
          stags.set(this, s = { tag: null, win: 0 });
          this.addEventListener('message', () => {
            if (s.tag !== null) enter(s.tag);
            if (s.win === p.winId) { p.answers--; p.lastEnd = performance.now(); }
            s.win = 0;
          }, true);
        }
        const tag = tagNow();
        s.tag = tag;
        if (typeof tag === 'number' && p.armed) {
          if (s.win !== p.winId) { s.win = p.winId; p.answers++; }
          p.answersUntil = performance.now() + cfg.wsWait;
        }
        return o.apply(this, arguments);
      };
    };
    answering(window.WebSocket);
    answering(window.Worker);
    // A socket or a stream opened by the action's work answers it: its
    // events run in the action's context, and its first message (or its
    // opening, or its failing) is waited for a moment (wsWait ms) like a
    // request. Listeners added with capture run before the page's own.
    const opened = new WeakSet();
    const opening = (C) => new Proxy(C, {
      construct(target, args, nt) {
        const s = Reflect.construct(target, args, nt);
        const tag = tagNow();
        if (typeof tag !== 'number') return s;
        opened.add(s);
        let waiting = p.armed && tag === p.winId;
        if (waiting) { p.answers++; p.answersUntil = performance.now() + cfg.wsWait; }
        for (const t of ['open', 'message', 'error', 'close']) {
          s.addEventListener(t, () => {
            enter(tag);
            if (waiting && t !== 'open' && p.winId === tag) { p.answers--; p.lastEnd = performance.now(); }
            if (t !== 'open') waiting = false;
          }, true);
        }
        return s;
      },
    });
    if (window.WebSocket) window.WebSocket = opening(window.WebSocket);
    if (window.EventSource) window.EventSource = opening(window.EventSource);
    // What a server pushes over a socket or an event stream the page
    // opened before prima came (an update after a form's POST) cannot be
    // traced from a send; its handler reads the message's data. A socket
    // or a stream heard only while a request the action made was out, or
    // just after, answers that request; one heard at any other time
    // speaks on its own (a ticker), and is never the action's.
    const chatty = new WeakSet(), heard = new WeakSet();
    const pushed = (src) => (window.WebSocket && src instanceof WebSocket) || (window.EventSource && src instanceof EventSource);
    const data = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data');
    if (data && data.get) {
      Object.defineProperty(MessageEvent.prototype, 'data', {
        configurable: true,
        enumerable: data.enumerable,
        get() {
          const src = this.target;
          if (!heard.has(this) && pushed(src) && !opened.has(src)) {
            heard.add(this);
            p.pushes = true;
            const now = performance.now();
            if (!(p.win && (p.asked > 0 || now - p.askedEnd < 500))) chatty.add(src);
            else if (!chatty.has(src) && p.ctx === null) { enter(p.winId); p.pushUntil = 0; }
          }
          return data.get.call(this);
        },
      });
    }
    // A database request the action's work made answers in its own task:
    // its success or error is the action's, and waited for like a timer.
    let reqs = 0;
    const asking = (proto, names) => {
      if (!proto || !proto.prototype) return;
      for (const m of names) {
        const o = proto.prototype[m];
        if (typeof o !== 'function') continue;
        proto.prototype[m] = function () {
          const tag = tagNow();
          const r = o.apply(this, arguments);
          if (typeof tag !== 'number' || !r || typeof r.addEventListener !== 'function') return r;
          const key = 'd' + (++reqs);
          if (p.armed) p.timers.add(key);
          const answered = () => { enter(tag); if (p.timers.delete(key)) p.lastEnd = performance.now(); };
          r.addEventListener('success', answered, true);
          r.addEventListener('error', answered, true);
          return r;
        };
      }
    };
    const QUERIES = ['get', 'getAll', 'getAllKeys', 'getKey', 'count', 'openCursor', 'openKeyCursor'];
    asking(window.IDBObjectStore, QUERIES.concat(['put', 'add', 'delete', 'clear']));
    asking(window.IDBIndex, QUERIES);
    asking(window.IDBFactory, ['open']);
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function () {
      xtags.set(this, tagNow());
      if (p.armed) { p.requests++; this.addEventListener('loadend', done, { once: true }); }
      const [method, url] = xsent.get(this) || [];
      const ended = request(xtags.get(this), method);
      if (ended) {
        this.addEventListener('loadend', ended, { once: true });
        const win = p.winId;
        // An abort is the page's own choice, not a failure.
        this.addEventListener('load', () => { if (this.status >= 400) failed(win, method, url, this.status, ''); }, { once: true });
        this.addEventListener('error', () => failed(win, method, url, 0, 'no answer'), { once: true });
        this.addEventListener('timeout', () => failed(win, method, url, 0, 'timed out'), { once: true });
      }
      return send.apply(this, arguments);
    };
    // The action's own input reaches the page as these events; a page
    // dispatches input and change itself when it sets a value (as
    // Playwright's select does), the rest only a user's hand makes. The
    // element a press, a key or an input is dispatched to is the action's
    // too: a box it ticks changes no DOM, and its name must not be taken
    // for the page's. A focus leaving is not among them: it follows the
    // press or key that moved the focus, or the page's own doing (a
    // focused control its own task removes fires its focusout there).
    const AT = new Set(['pointerdown', 'mousedown', 'mouseup', 'click', 'dblclick', 'contextmenu', 'keydown', 'input', 'change', 'focusin', 'submit', 'dragstart', 'drop']);
    const COMMIT = new Set(['pointerdown', 'mousedown', 'keydown', 'input', 'change', 'dragstart']);
    // A release goes where the pointer is when it comes up: where the
    // page moved another element under it, that element (or the click's,
    // the container both are in) is no part of the action's work, so a
    // release counts only on the pressed element or inside it.
    const PRESS = new Set(['pointerdown', 'mousedown']);
    const RELEASE = new Set(['mouseup', 'click', 'dblclick', 'contextmenu']);
    for (const t of ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click', 'dblclick', 'auxclick', 'contextmenu',
      'keydown', 'keypress', 'keyup', 'beforeinput', 'input', 'change', 'focusin', 'submit', 'pointerover',
      'pointerenter', 'mouseover', 'mouseenter', 'pointermove', 'mousemove', 'wheel', 'dragstart', 'dragenter', 'dragover',
      'drop', 'dragend', 'paste', 'compositionend']) {
      window.addEventListener(t, (e) => {
        if (p.win && p.pageDepth === 0 && (e.isTrusted || t === 'input' || t === 'change')) {
          p.acts++;
          if (e.isTrusted) p.lastInput = performance.now();
          enter(p.winId);
          const at = e.composedPath ? e.composedPath()[0] : e.target;
          if (PRESS.has(t) && at && at.nodeType === 1) p.pressed = at;
          const released = !RELEASE.has(t) || !p.pressed || p.pressed.contains(at);
          if (AT.has(t) && at && at.nodeType === 1 && released) put(p.acted.hits, at);
          if (COMMIT.has(t)) p.reach = false;
        }
      }, true);
    }
    // Every trusted input of the action's window that got past the
    // window's own listeners (prima's and Playwright's stop a misdirected
    // click there, before any element sees it): after the action the
    // engine asks which controls it reached (strays.js). Only a hand, or
    // the browser on a hand's behalf, makes trusted input.
    for (const t of ['click', 'dblclick', 'auxclick', 'contextmenu', 'keydown', 'beforeinput', 'input', 'change']) {
      document.addEventListener(t, (e) => {
        if (!p.win || !e.isTrusted || p.pageDepth > 0 || p.inputs.length >= 64) return;
        p.inputs.push({ t, path: e.composedPath ? e.composedPath() : [e.target] });
      }, true);
    }
    // Scrolling the target into view is no part of the action's answer:
    // what the page does about that scroll (a back-to-top link, a nav that
    // follows the scroll, an image revealed) is its own, until the
    // action's press, key or input commits it. After that, a scroll is the
    // work's that asked for it (a Top button's scrollTo is the action's, a
    // carousel's timed scrollBy the page's own), and one the action's work
    // asks for is waited for like a frame: its events come with the next
    // frames, and each one of a smooth scroll holds the wait a moment more.
    const scrolling = (o) => function () {
      if (p.win) {
        p.scroller = tagNow();
        if (p.armed && p.scroller === p.winId) p.scrollUntil = performance.now() + 150;
      }
      return o.apply(this, arguments);
    };
    for (const [obj, names] of [[window, ['scroll', 'scrollTo', 'scrollBy']], [Element.prototype, ['scroll', 'scrollTo', 'scrollBy', 'scrollIntoView', 'scrollIntoViewIfNeeded']]]) {
      for (const m of names) if (typeof obj[m] === 'function') obj[m] = scrolling(obj[m]);
    }
    for (const k of ['scrollTop', 'scrollLeft']) {
      const d = Object.getOwnPropertyDescriptor(Element.prototype, k);
      if (d && d.set) Object.defineProperty(Element.prototype, k, { configurable: true, enumerable: d.enumerable, get: d.get, set: scrolling(d.set) });
    }
    window.addEventListener('scroll', () => {
      if (!p.win) return;
      if (p.reach) enter('own');
      else if (p.scroller !== undefined) {
        enter(p.scroller);
        if (p.armed && p.scroller === p.winId) { p.lastEnd = performance.now(); p.scrollUntil = p.lastEnd + 60; }
      }
    }, true);
    // The browser's own events about an element the action changed (its
    // transition ended, its image loaded, its details opened) are the
    // action's too.
    for (const t of ['transitionend', 'animationend', 'load', 'error', 'toggle']) {
      window.addEventListener(t, (e) => {
        const el = e.target;
        if (!p.win || !el || el.nodeType !== 1) return;
        for (const set of [p.acted.els, p.acted.hits]) for (const a of set) if (a === el || a.contains(el)) { enter(p.winId); return; }
      }, true);
    }
    // What the window saw: the texts of the elements each side changed,
    // for the Changes to be told apart.
    const text = (e, max) => {
      let s = e.textContent || '';
      if (s.length > max) s = s.slice(0, max);
      for (const a of NAMES) {
        const v = e.getAttribute && e.getAttribute(a);
        if (v) s += ' ' + v;
      }
      // The name the tree gives it from elsewhere (a combobox labelled by
      // its field's label): the Changes name it so.
      const by = e.getAttribute && e.getAttribute('aria-labelledby');
      const root = e.getRootNode && e.getRootNode().getElementById ? e.getRootNode() : document;
      if (by) for (const id of by.split(/\s+/)) { const l = id && root.getElementById(id); if (l) s += ' ' + (l.textContent || '').slice(0, 200); }
      if (e.labels) for (const l of e.labels) s += ' ' + (l.textContent || '').slice(0, 200);
      return s;
    };
    const texts = (s) => {
      const out = new Set(Array.from(s.els, (e) => text(e, 2000)).concat(Array.from(s.olds, (t) => t.slice(0, 2000))));
      for (const b of s.boxes) {
        let k = 0;
        for (const c of b.children) { if (++k > 50) break; out.add(text(c, 200)); }
      }
      return Array.from(out);
    };
    // report closes the window and says what it saw. When untraced work
    // changed the page and nothing yet shows the page changing on its
    // own, the window stays open for controlMS more, no action running:
    // untraced work that changes one of those elements again is a clock.
    p.report = (id, controlMS) => {
      if (id !== p.id || !p.n || !(p.win || p.expired === p.winId)) return null;
      flush();
      // A window that closed by itself before its report (a loaded machine
      // took long over the view): what changed since is the page's own.
      if (!p.win) { merge(p.self, p.idle); p.n.own += p.idleN; }
      const out = { acts: p.acts, act: p.n.act, own: p.n.own, unk: p.n.unk,
        self: texts(p.self), caused: texts(p.acted), hit: Array.from(new Set(Array.from(p.acted.hits, (e) => text(e, 2000)))), selfOver: over(p.self) };
      // The page changes on its own: work it scheduled outside an action
      // changed it, untraced work changed one element twice, or it changed
      // while no action ran, in the 30 s before this one.
      const seen = () => p.n.own > 0 || p.repeat || p.armAt - p.selfAt < 30000;
      const close = () => {
        if (p.win) { p.win = false; p.idle = side(); p.idleN = 0; }
        out.seen = seen();
        return out;
      };
      // Without the action's input in the page nothing is told apart:
      // no watching for it.
      if (!p.win || seen() || p.n.unk === 0 || p.acts === 0 || !(controlMS > 0)) return close();
      p.until = Infinity;
      return new Promise((resolve) => {
        const start = performance.now();
        const check = () => {
          flush();
          if (p.repeat || performance.now() - start >= controlMS) { resolve(close()); return; }
          st(check, 20);
        };
        st(check, 20);
      });
    };

    // An animation is over for the page when its finish event has run
    // (what the page does then, a popup hidden, answers the action), a
    // frame after its time ran out: a loaded machine puts more than the
    // quiet time between the two. A finite one started while an action's
    // settle is armed is waited for until then; one made by animate() is
    // caught as it is made, however short.
    p.waitAnim = (a) => {
      const wait = p.animWait;
      if (!wait || wait.has(a) || a.playState !== 'running') return;
      const t = a.effect && a.effect.getComputedTiming ? a.effect.getComputedTiming() : null;
      if (!t || !Number.isFinite(t.endTime)) return;
      wait.add(a);
      const done = () => { wait.delete(a); p.lastAnim = performance.now(); };
      a.finished.then(done, done);
    };
    const animate = Element.prototype.animate;
    if (animate) {
      Element.prototype.animate = function () {
        const a = animate.apply(this, arguments);
        if (p.armed) p.waitAnim(a);
        return a;
      };
    }
    const wo = window.open;
    window.open = function () { if (p.armed) p.popup = true; return wo.apply(this, arguments); };
    document.addEventListener('click', (e) => {
      const a = p.armed && e.target && e.target.closest && e.target.closest('a[href][target]');
      if (a && !['', '_self', '_parent', '_top'].includes(a.target)) p.popup = true;
    }, true);
    const nav = () => { if (p.armed) p.nav = true; };
    // A route change while the action is being answered (a client-side
    // link, a history traversal) is the action's: the view the route
    // renders, after the module and the data it loads, is its answer.
    if (window.navigation) window.navigation.addEventListener('navigate', (e) => {
      if (!e.destination || !e.destination.sameDocument) nav();
      else if (p.armed) p.routed = p.winId;
    });
    window.addEventListener('beforeunload', nav);
  }
  // Installed without arming, on a new document: changes from here on
  // until an action are the page's own.
  if (cfg.arm === false) return p.id;
  // Armed again within the same window: the page loaded what a route the
  // action changed asked for, and the work that follows is waited for too.
  if (cfg.again) {
    p.armed = true; p.timers.clear(); p.requests = 0; p.lastMut = performance.now(); p.lastEnd = -1e9; p.answers = 0;
    return p.id;
  }
  // What changed before the action is the page's, seen while no window
  // was open. A window still open (an action with no Changes is not
  // reported) saw the page after that action's view: its own too.
  p.flush();
  if (p.win) {
    p.merge(p.idle, p.self); p.merge(p.idle, p.acted);
    p.idleN += p.n.act + p.n.own + p.n.unk;
    p.win = false;
  }
  p.armed = true; p.nav = false; p.popup = false; p.timers.clear(); p.requests = 0; p.lastMut = -1e9; p.lastEnd = -1e9; p.answers = 0;
  // The animations already running are the page's; one the action starts
  // (a panel fading out, then removed on transitionend) is its answer.
  p.anims = document.getAnimations ? new Set(document.getAnimations()) : null; p.lastAnim = -1e9; p.animWait = new Set();
  p.win = true; p.winId++; p.until = Infinity; p.armAt = performance.now(); p.ctx = null; p.gen++; p.reach = !!cfg.reach; p.scroller = undefined; p.scrollUntil = 0;
  p.asked = 0; p.askedEnd = -1e9; p.failed = []; p.pushUntil = 0; p.routed = 0;
  p.batch = 0; p.born = new WeakMap(); p.gone = new WeakMap();
  p.inputs = [];
  // The element focused before the action: a change it fires as the
  // focus leaves commits what an earlier action typed.
  let f = document.activeElement;
  while (f && f.shadowRoot && f.shadowRoot.activeElement) f = f.shadowRoot.activeElement;
  p.focused = f;
  p.acts = 0; p.pressed = null; p.n = { act: 0, own: p.idleN, unk: 0 }; p.acted = p.side(); p.self = p.idle; p.idle = p.side(); p.idleN = 0; p.seen = new WeakMap(); p.repeat = false;
  return p.id;
}
