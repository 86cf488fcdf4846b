el => new Promise((resolve) => {
  const w = el.ownerDocument.defaultView, start = performance.now();
  const done = () => { if (w.__primaUnpick) w.__primaUnpick(); w.__primaUnpick = null; resolve(w.__primaPicked); };
  const check = () => (w.__primaPicked || performance.now() - start > 500) ? done() : setTimeout(check, 20);
  check();
})
