el => ({
  type: (el.getAttribute('type') || (el.isContentEditable ? 'contenteditable' : el.tagName.toLowerCase() === 'textarea' ? 'textarea' : 'text')).toLowerCase(),
  max: el.maxLength > 0 ? el.maxLength : 0,
  min: el.minLength > 0 ? el.minLength : 0,
  pattern: el.getAttribute('pattern') || '',
  minAttr: el.getAttribute('min') || '',
  maxAttr: el.getAttribute('max') || '',
  autocomplete: el.getAttribute('autocomplete') || '',
  required: !!el.required,
  value: el.isContentEditable ? el.innerText : ('value' in el ? String(el.value) : ''),
})
