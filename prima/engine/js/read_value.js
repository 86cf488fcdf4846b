el => { const f = el.tagName === 'LABEL' && el.control ? el.control : el;
  if (!f.isConnected) return null;
  return f.isContentEditable ? f.innerText.replace(/\n$/, '') : ('value' in f ? String(f.value) : ''); }
