// A faster element.labels for the world it is installed in.
//
// Blink answers element.labels with a live list rooted at the document:
// its first read walks the whole document, and any element added or
// removed anywhere drops every list's cache. Playwright's accessible-name
// code reads the labels of every input, select, textarea and button, so
// on a fresh 10,000-row page the first AI snapshot spends ~25 of its ~28
// seconds there. One pass over the document's labels, asking each for its
// control, gives the same lists by definition (the labels whose labeled
// control is the element, in tree order).
//
// install(controlLabels) replaces the getter on the labelable elements'
// prototypes of this world only (the page's own scripts never see it).
// controlLabels() answers the map to use, or null for Blink's own list;
// elements outside the document (shadow trees, detached, template
// content) and hidden inputs always get Blink's.
// byControl(labels) builds the map from labels in any order.
(() => {
  const byControl = (labels) => {
    const m = new Map();
    for (const l of labels) {
      const c = l.control;
      if (!c) continue;
      const a = m.get(c);
      if (a) a.push(l); else m.set(c, [l]);
    }
    const before = (x, y) => (x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1);
    for (const a of m.values()) if (a.length > 1) a.sort(before);
    return m;
  };
  const install = (controlLabels) => {
    const none = Object.freeze([]);
    for (const C of [HTMLInputElement, HTMLButtonElement, HTMLSelectElement, HTMLTextAreaElement, HTMLMeterElement, HTMLOutputElement, HTMLProgressElement]) {
      const d = Object.getOwnPropertyDescriptor(C.prototype, 'labels');
      if (!d || !d.get) continue;
      const native = d.get;
      Object.defineProperty(C.prototype, 'labels', {
        configurable: true,
        enumerable: d.enumerable,
        get() {
          if (this.getRootNode() !== document || (this instanceof HTMLInputElement && this.type === 'hidden')) return native.call(this);
          const m = controlLabels();
          if (!m) return native.call(this);
          return m.get(this) || none;
        },
      });
    }
  };
  return { install, byControl };
})()
