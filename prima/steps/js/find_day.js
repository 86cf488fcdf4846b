// The one visible day of an opened calendar that is the date asked for:
// an element that carries the date in an attribute, written any way a
// calendar writes it: one of the date's spellings (variants; its
// aria-label, title: "Thursday, December 24, 2026"), an ISO date
// (data-iso-date="2026-12-24"), or a time in milliseconds
// (data-date="1798070400000", read in the page's time zone); the
// innermost of nested matches. Form fields are not days. Returns { el },
// or { why, names } with the days it saw, each as an ISO date when its
// attribute gave one.
(widget, variants) => {
  const norm = (s) => String(s || '').replace(/\s+/g, ' ').trim().toLowerCase();
  const vs = variants.map(norm);
  const iso = vs[0];
  const visible = (o) => { const b = o.getBoundingClientRect(); return b.width > 0 && b.height > 0 && o.checkVisibility({ visibilityProperty: true }); };
  const LABELS = ['aria-label', 'title'];
  const pad = (n) => String(n).padStart(2, '0');
  // dateOf: the ISO date an attribute's value writes, else ''.
  const dateOf = (v) => {
    v = String(v || '').trim();
    let m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(v);
    if (m) return m[1] + '-' + m[2] + '-' + m[3];
    if (/^\d{12,13}$/.test(v)) {
      const d = new Date(Number(v));
      return d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate());
    }
    return '';
  };
  const said = (l) => vs.some((v) => l === v || (' ' + l.replace(/[,.]/g, ' ') + ' ').replace(/\s+/g, ' ').includes(' ' + v.replace(/[,.]/g, ' ').replace(/\s+/g, ' ') + ' '));
  // What an element says of its date: [ISO dates of its attributes, labels].
  const dates = (el) => {
    const out = [];
    for (const a of el.attributes) {
      if (a.name === 'class' || a.name === 'style') continue;
      const d = dateOf(a.value);
      if (d) out.push(d);
    }
    return out;
  };
  const labels = (el) => LABELS.map((a) => el.getAttribute(a)).filter(Boolean).map(norm);
  const reads = (el) => dates(el).includes(iso) || labels(el).some(said);
  const cells = Array.from(document.querySelectorAll('body *'))
    .filter((el) => el !== widget && !el.matches('input, select, textarea, option, script, style') && (dates(el).length > 0 || labels(el).length > 0) && visible(el));
  const hit = cells.filter(reads);
  const inner = hit.filter((el) => !hit.some((o) => o !== el && el.contains(o)));
  const nameOf = (el) => dates(el)[0] || el.getAttribute('aria-label') || el.getAttribute('title') || '';
  if (inner.length === 1) return { el: inner[0] };
  if (inner.length > 1) return { why: 'ambiguous', names: inner.map(nameOf) };
  return { why: 'none', names: cells.map(nameOf).filter(Boolean).slice(0, 62) };
}
