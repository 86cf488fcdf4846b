// The visible control of an opened calendar that shows the next (dir
// "next") or the previous month: its aria-label, title or class names
// the direction and a month ("Next month", flatpickr-next-month) and no
// day, else
// its aria-label or title is the direction alone. null when none.
(widget, dir) => {
  const visible = (o) => { const b = o.getBoundingClientRect(); return b.width > 0 && b.height > 0 && o.checkVisibility({ visibilityProperty: true }); };
  const word = dir === 'next' ? /next/i : /prev/i;
  const all = Array.from(document.querySelectorAll('button, [role=button], a, span, div')).filter((el) => el !== widget && visible(el));
  const said = (el) => [el.getAttribute('aria-label'), el.getAttribute('title'), typeof el.className === 'string' ? el.className : ''].filter(Boolean).join(' ');
  // A day of the next month (flatpickr's nextMonthDay) is no step.
  const both = all.filter((el) => word.test(said(el)) && /month/i.test(said(el)) && !/day/i.test(said(el)));
  const inner = both.filter((el) => !both.some((o) => o !== el && el.contains(o)));
  if (inner.length === 1) return inner[0];
  const alone = all.filter((el) => word.test([el.getAttribute('aria-label'), el.getAttribute('title')].filter(Boolean).join(' ')));
  return alone.length === 1 ? alone[0] : null;
}
