// The one visible day of an opened calendar that is the date asked for:
// an element that carries the date in an attribute, written any way a
// calendar writes it: one of the date's spellings (variants; its
// aria-label, title: "Thursday, December 24, 2026"), an ISO date
// (data-iso-date="2026-12-24"), or a time in milliseconds
// (data-date="1798070400000", read in the page's time zone), or split
// across attributes named for the year, the month and the day (the day
// may be the element's text; the month counted from 0 or from 1,
// whichever names the month the calendar shows); the innermost of nested
// matches, open shadow roots searched too. Form fields are not days. Returns { el },
// or { why, names } with the days it saw, each as an ISO date when its
// attribute gave one.
(widget, variants) => {
  const norm = (s) => String(s || '').replace(/\s+/g, ' ').trim().toLowerCase();
  const vs = variants.map(norm);
  const iso = vs[0];
  // Every element of the page, open shadow roots' too (a calendar drawn
  // in one).
  const all = [];
  const visit = (root, sel) => {
    for (const el of root.querySelectorAll(sel)) {
      all.push(el);
      if (el.shadowRoot) visit(el.shadowRoot, '*');
    }
  };
  visit(document, 'body *');
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
  // Dates split across attributes: year, month and day (or the text).
  const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
  const part = (el, re) => {
    for (const a of el.attributes) if (re.test(a.name) && /^\d{1,4}$/.test(a.value.trim())) return Number(a.value);
    return null;
  };
  const split = (el) => {
    const y = part(el, /^data-(?:[a-z]+-)*year$/), m = part(el, /^data-(?:[a-z]+-)*month$/);
    let d = part(el, /^data-(?:[a-z]+-)*day$/);
    if (d === null && /^\d{1,2}$/.test(el.textContent.trim())) d = Number(el.textContent.trim());
    return y !== null && m !== null && d !== null && y > 999 && d >= 1 && d <= 31 ? [y, m, d] : null;
  };
  const splits = all.filter((el) => split(el) && visible(el));
  let base = 1;
  if (splits.length) {
    const ms = splits.map((el) => split(el)[1]);
    if (ms.includes(0)) base = 0;
    else if (!ms.includes(12)) {
      // The month the calendar shows, in text outside its month selects.
      const shown = new Set();
      const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        if (n.parentElement && !n.parentElement.closest('select, option, script, style') && visible(n.parentElement)) {
          for (const w of norm(n.textContent).split(/[^a-z]+/)) if (MONTHS.includes(w)) shown.add(w);
        }
      }
      const counts = [0, 1].map((b) => ms.filter((m) => shown.has(MONTHS[m - b])).length);
      if (counts[0] > counts[1]) base = 0;
    }
  }
  const splitISO = (el) => {
    const x = split(el);
    return x && x[1] - base >= 0 && x[1] - base < 12 ? x[0] + '-' + pad(x[1] - base + 1) + '-' + pad(x[2]) : '';
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
    const sd = splitISO(el);
    if (sd) out.push(sd);
    return out;
  };
  const labels = (el) => LABELS.map((a) => el.getAttribute(a)).filter(Boolean).map(norm);
  const reads = (el) => dates(el).includes(iso) || labels(el).some(said);
  const cells = all
    .filter((el) => el !== widget && !el.matches('input, select, textarea, option, script, style') && (dates(el).length > 0 || labels(el).length > 0) && visible(el));
  const hit = cells.filter(reads);
  const inner = hit.filter((el) => !hit.some((o) => o !== el && el.contains(o)));
  const nameOf = (el) => dates(el)[0] || el.getAttribute('aria-label') || el.getAttribute('title') || '';
  if (inner.length === 1) return { el: inner[0] };
  if (inner.length > 1) return { why: 'ambiguous', names: inner.map(nameOf) };
  return { why: 'none', names: cells.map(nameOf).filter(Boolean).slice(0, 62) };
}
