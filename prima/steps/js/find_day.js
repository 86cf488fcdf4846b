// The one visible day of an opened calendar that is the date asked for:
// an element whose aria-label, title or date attribute reads one of the
// date's spellings (variants), alone or within more words ("Thursday,
// December 24, 2026"); the innermost of nested matches. Form fields are
// not days. Returns { el }, or { why, names } with the days it saw.
(widget, variants) => {
  const norm = (s) => String(s || '').replace(/\s+/g, ' ').trim().toLowerCase();
  const vs = variants.map(norm);
  const visible = (o) => { const b = o.getBoundingClientRect(); return b.width > 0 && b.height > 0 && o.checkVisibility({ visibilityProperty: true }); };
  const ATTRS = ['aria-label', 'title', 'data-date', 'datetime', 'data-value', 'data-day'];
  const labels = (el) => ATTRS.map((a) => el.getAttribute(a)).filter(Boolean).map(norm);
  const reads = (el) => labels(el).some((l) => vs.some((v) => l === v || (' ' + l.replace(/[,.]/g, ' ') + ' ').replace(/\s+/g, ' ').includes(' ' + v.replace(/[,.]/g, ' ').replace(/\s+/g, ' ') + ' ')));
  const cells = Array.from(document.querySelectorAll(ATTRS.map((a) => '[' + a + ']').join(',')))
    .filter((el) => el !== widget && !el.matches('input, select, textarea, option') && visible(el));
  const hit = cells.filter(reads);
  const inner = hit.filter((el) => !hit.some((o) => o !== el && el.contains(o)));
  const nameOf = (el) => el.getAttribute('aria-label') || el.getAttribute('title') || el.getAttribute('data-date') || el.getAttribute('datetime') || '';
  if (inner.length === 1) return { el: inner[0] };
  if (inner.length > 1) return { why: 'ambiguous', names: inner.map(nameOf) };
  return { why: 'none', names: cells.map(nameOf).filter(Boolean).slice(0, 62) };
}
