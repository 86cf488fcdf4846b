// Whether a widget's list is open: aria-expanded on it, around it or
// inside it says so, or the widget is a list a user sees offering an
// option it does not hold (picked from as it is: a click on it would pick
// whatever option lies under its middle). A face that shows its picked
// item as an option offers nothing.
el => {
  if (el.matches('[role=listbox], [role=tree], [role=menu]')) {
    const items = el.querySelectorAll('[role=option], [role=treeitem], [role=menuitem], [role=menuitemcheckbox], [role=menuitemradio]');
    if (Array.from(items).some((o) => o.getAttribute('aria-selected') !== 'true' && o.getAttribute('aria-checked') !== 'true' &&
      o.checkVisibility({ visibilityProperty: true, opacityProperty: true }))) return true;
  }
  const x = el.closest('[aria-expanded]') || el.querySelector('[aria-expanded]');
  return !!x && x.getAttribute('aria-expanded') === 'true';
}
