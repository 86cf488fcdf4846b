// get's reading of one element: the text a user sees, the value a field
// holds, or an attribute (null when absent). A password field's value
// never leaves the page: it reads as •••• (empty stays empty).
(el, [what, name]) => {
  const field = el.tagName === 'LABEL' && el.control ? el.control : el;
  const secret = field.tagName === 'INPUT' && (field.type || '').toLowerCase() === 'password';
  const masked = v => (secret && v ? '••••' : v);
  switch (what) {
    case 'text':
      return el.innerText ?? el.textContent;
    case 'value':
      if (field.tagName === 'SELECT' && field.multiple)
        return [...field.selectedOptions].map(o => o.value);
      if (field.tagName === 'INPUT' || field.tagName === 'TEXTAREA' || field.tagName === 'SELECT')
        return masked(field.value);
      if (field.isContentEditable) return field.innerText;
      throw new Error('not a field (an input, textarea, select or contenteditable): ' + el.tagName.toLowerCase() + '; get text reads its text');
    case 'attr':
      return name.toLowerCase() === 'value' ? masked(el.getAttribute(name)) : el.getAttribute(name);
  }
  throw new Error('get cannot read ' + what);
}
