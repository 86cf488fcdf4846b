el => {
  const l = el.tagName === 'LABEL' ? el : el.closest('label');
  return l && l.control && l.control.type === 'file' ? l.control : null;
}
