// The label of the element that covers its centre; else, for an element
// hidden from the user, its first label that shows; else null.
el => {
  const b = el.getBoundingClientRect();
  const root = el.getRootNode().elementFromPoint ? el.getRootNode() : document;
  const t = root.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  const labels = Array.from(el.labels || []);
  return labels.find(l => l === t || l.contains(t)) || labels.find(l => {
    const q = l.getBoundingClientRect();
    return q.width > 1 && q.height > 1 && (!l.checkVisibility || l.checkVisibility({ opacityProperty: true, visibilityProperty: true }));
  }) || null;
}
