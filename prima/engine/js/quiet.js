// Waits until the DOM has been quiet for quietMS (25 by default), or
// capMS passes.
([capMS, quietMS]) => new Promise((resolve) => {
  let last = performance.now();
  const start = last;
  const mo = new MutationObserver(() => { last = performance.now(); });
  mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const check = () => {
    const now = performance.now();
    if (now - last >= (quietMS || 25) || now - start >= capMS) { mo.disconnect(); resolve(now - start); return; }
    setTimeout(check, 10);
  };
  setTimeout(check, 10);
})
