el => {
  const parts = [];
  for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
    let i = 1;
    for (let s = n.previousElementSibling; s; s = s.previousElementSibling) if (s.tagName === n.tagName) i++;
    parts.unshift(n.tagName.toLowerCase() + '[' + i + ']');
  }
  return '/' + parts.join('/');
}
