// The editor an element sits in: its outermost editable ancestor.
(el) => {
  let host = el;
  while (host.parentElement && host.parentElement.isContentEditable) host = host.parentElement;
  return host;
}
