// Marks what a widget shows now (elements in its box inside the viewport),
// before the click that opens it: what that click reveals is its list.
(w) => {
  const win = w.ownerDocument.defaultView;
  const shown = new WeakSet();
  for (const e of w.querySelectorAll('*')) {
    const b = e.getBoundingClientRect();
    if (b.width > 0 && b.height > 0 && b.right > 0 && b.bottom > 0 && b.left < win.innerWidth && b.top < win.innerHeight &&
      e.checkVisibility({ visibilityProperty: true, opacityProperty: true })) shown.add(e);
  }
  win.__primaShownBefore = shown;
}
