// The label of the element that covers its centre, else null.
el => { const b = el.getBoundingClientRect(); const root = el.getRootNode().elementFromPoint ? el.getRootNode() : document; const t = root.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2); return Array.from(el.labels || []).find(l => l === t || l.contains(t)) || null; }
