(cfg) => {
  let p = window.__primaSettle;
  if (!p) {
    p = window.__primaSettle = { id: Math.random().toString(36).slice(2), armed: false, timers: new Set(), depth: 0,
      requests: 0, lastMut: -1e9, lastEnd: -1e9, nav: false };
    const st = window.setTimeout.bind(window), ct = window.clearTimeout.bind(window);
    p.st = st;
    window.setTimeout = function (fn, delay, ...args) {
      const d = Number(delay) || 0;
      if (!p.armed || typeof fn !== 'function' || d > cfg.timerMax || p.depth >= 2) return st(fn, delay, ...args);
      const depth = p.depth + 1;
      let id;
      id = st(function () {
        p.timers.delete(id);
        const prev = p.depth; p.depth = depth;
        try { return fn.apply(this, arguments); } finally { p.depth = prev; p.lastEnd = performance.now(); }
      }, delay, ...args);
      p.timers.add(id);
      return id;
    };
    window.clearTimeout = function (id) { p.timers.delete(id); return ct(id); };
    const done = () => { p.requests--; p.lastEnd = performance.now(); };
    if (window.fetch) {
      const f = window.fetch;
      window.fetch = function () {
        const r = f.apply(this, arguments);
        if (p.armed) { p.requests++; r.then(done, done); }
        return r;
      };
    }
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function () {
      if (p.armed) { p.requests++; this.addEventListener('loadend', done, { once: true }); }
      return send.apply(this, arguments);
    };
    new MutationObserver(() => { p.lastMut = performance.now(); })
      .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const wo = window.open;
    window.open = function () { if (p.armed) p.popup = true; return wo.apply(this, arguments); };
    document.addEventListener('click', (e) => {
      const a = p.armed && e.target && e.target.closest && e.target.closest('a[href][target]');
      if (a && !['', '_self', '_parent', '_top'].includes(a.target)) p.popup = true;
    }, true);
    const nav = () => { if (p.armed) p.nav = true; };
    if (window.navigation) window.navigation.addEventListener('navigate', (e) => { if (!e.destination || !e.destination.sameDocument) nav(); });
    window.addEventListener('beforeunload', nav);
  }
  p.armed = true; p.nav = false; p.popup = false; p.timers.clear(); p.requests = 0; p.lastMut = -1e9; p.lastEnd = -1e9;
  return p.id;
}
