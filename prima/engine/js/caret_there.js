// Whether the editor holding the element has the focus (its frame too:
// keys go to the focused frame) and its selection takes in the element.
(el) => {
  let host = el;
  while (host.parentElement && host.parentElement.isContentEditable) host = host.parentElement;
  const root = el.getRootNode();
  const sel = (root.getSelection && root.getSelection()) || el.ownerDocument.getSelection();
  return el.ownerDocument.hasFocus() && (root.activeElement || el.ownerDocument.activeElement) === host &&
    !!sel && sel.rangeCount > 0 && sel.getRangeAt(0).intersectsNode(el);
}
