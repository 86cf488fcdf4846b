// The texts of the other items of the list an element is an item of, or null.
el => {
  const ITEM = '[role=option],[role=menuitem],[role=menuitemradio],[role=menuitemcheckbox],[role=treeitem],[role=tab],[role=radio],li,option';
  const item = el.closest(ITEM);
  const list = item && item.parentElement && item.parentElement.closest('[role=listbox],[role=menu],[role=tree],[role=tablist],[role=radiogroup],ul,ol,select,datalist');
  if (!list) return null;
  return Array.from(list.querySelectorAll(ITEM)).filter(x => x !== item).slice(0, 200).map(x => x.textContent.replace(/\s+/g, ' ').trim()).filter(Boolean);
}
