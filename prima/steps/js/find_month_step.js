// The visible control of an opened calendar that shows the next (dir
// "next") or the previous month: its aria-label, title, class or
// data-action names the direction and a month ("Next month",
// flatpickr-next-month) and no day, else names the direction alone, once
// on the page. null when none.
(widget, dir) => {
  const visible = (o) => { const b = o.getBoundingClientRect(); return b.width > 0 && b.height > 0 && o.checkVisibility({ visibilityProperty: true }); };
  const word = dir === 'next' ? /next/i : /prev/i;
  // Open shadow roots searched too (a calendar drawn in one).
  const found = [];
  const visit = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.matches('button, [role=button], a, span, div')) found.push(el);
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  visit(document);
  const all = found.filter((el) => el !== widget && visible(el));
  const said = (el) => [el.getAttribute('aria-label'), el.getAttribute('title'), el.getAttribute('data-action'), typeof el.className === 'string' ? el.className : ''].filter(Boolean).join(' ');
  // A day of the next month (flatpickr's nextMonthDay) is no step.
  const both = all.filter((el) => word.test(said(el)) && /month/i.test(said(el)) && !/day/i.test(said(el)));
  const inner = (list) => list.filter((el) => !list.some((o) => o !== el && el.contains(o)));
  if (inner(both).length === 1) return inner(both)[0];
  const alone = inner(all.filter((el) => word.test(said(el)) && !/day|year|decade/i.test(said(el))));
  return alone.length === 1 ? alone[0] : null;
}
