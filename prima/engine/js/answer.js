// Waits, past the settle cap, for the requests the action started (the
// page's answer in flight): resolves with how many are still pending when
// they are done and the DOM has been quiet 25 ms (at most 300 ms after
// the last one ended: a page that animates through the DOM is never
// quiet), or when capMS passes.
(capMS) => new Promise((resolve) => {
  const p = window.__primaSettle;
  if (!p) { resolve(0); return; }
  const start = performance.now();
  const check = () => {
    const now = performance.now();
    if (p.requests <= 0 && (now - Math.max(p.lastMut, p.lastEnd) >= 25 || now - p.lastEnd >= 300)) { p.until = now + 5000; resolve(0); return; }
    if (now - start >= capMS) { p.until = now + 5000; resolve(Math.max(p.requests, 0)); return; }
    p.st(check, 20);
  };
  check();
})
