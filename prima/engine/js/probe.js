(capMS) => new Promise((resolve) => {
  const p = window.__primaSettle;
  if (!p) { resolve(['', false, false, false, 0]); return; }
  const start = performance.now();
  const check = () => {
    const now = performance.now();
    const end = (nav, capped) => { p.armed = false; p.until = now + 5000; resolve([p.id, nav, capped, p.popup, p.requests]); };
    if (p.nav) return end(true, false);
    if (now - start >= capMS) return end(false, true);
    if (p.timers.size === 0 && p.requests <= 0 && now - Math.max(p.lastMut, p.lastEnd) >= 25) return end(false, false);
    p.st(check, 10);
  };
  check();
})
