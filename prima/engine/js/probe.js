// Waits until the page has answered the action (track.js armed): no
// tracked timer or request pending, no message the action sent to a
// socket or worker unanswered (for a moment), no push a changing request
// may get over the page's own socket (for a moment), no scroll it asked for
// still moving, no finite animation the action started still running,
// and the DOM quiet for 25 ms; or capMS. It answers [document id,
// navigating, capped, a popup asked for, requests pending, requests failed,
// a route the action changed].
(capMS) => new Promise((resolve) => {
  const p = window.__primaSettle;
  if (!p) { resolve(['', false, false, false, 0, 0, false]); return; }
  const start = performance.now();
  // A finite animation that started since the action (not one running
  // before) holds the settle until its finish event has run (track.js).
  const hook = () => {
    if (!p.anims || !p.waitAnim) return;
    for (const a of document.getAnimations()) if (!p.anims.has(a)) p.waitAnim(a);
  };
  // After a route change the action made, the view comes once what the
  // route loads has come, which no script sees pending (a module the page
  // imports), and often after a timer a library took before prima came (a
  // framework's reveal throttle, 300 ms in React's): a load that ended
  // restarts the quiet, which lasts longer than that.
  let loads = -1;
  const check = () => {
    const now = performance.now();
    const routed = p.routed === p.winId;
    if (routed) {
      const n = performance.getEntriesByType('resource').length;
      if (n !== loads) { loads = n; p.lastEnd = Math.max(p.lastEnd, now); }
    }
    const end = (nav, capped) => { p.armed = false; p.until = now + 5000; resolve([p.id, nav, capped, p.popup, p.requests, p.failed.length, p.routed === p.winId]); };
    if (p.nav) return end(true, false);
    if (now - start >= capMS) return end(false, true);
    // A message the action's work posted (a scheduler's channel) is
    // answered in the next tasks; a socket or a worker may take longer.
    const answering = (p.answers > 0 && now < p.answersUntil) || (p.posted === p.winId && now - p.postedAt < 50) || now < p.scrollUntil || now < p.pushUntil;
    if (p.timers.size === 0 && p.requests <= 0 && !answering && now - Math.max(p.lastMut, p.lastEnd, p.lastAnim) >= (routed ? 400 : 25)) {
      // Only a page quiet otherwise is asked for its animations: the
      // list forces a style update.
      hook();
      if (!p.animWait || p.animWait.size === 0) return end(false, false);
      p.lastAnim = now;
    }
    p.st(check, 10);
  };
  check();
})
