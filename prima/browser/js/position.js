el => {
  // The absolute XPath of an element of the document; inside a shadow root
  // (which XPath does not enter), the host's position, then the element's
  // path from the root as CSS, which Playwright's css engine finds inside
  // open shadow roots: "xpath=/html/…/sl-checkbox[1] >> css=div:nth-child(1) > label:nth-child(1)".
  const xpath = (el) => {
    const parts = [];
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      let i = 1;
      for (let s = n.previousElementSibling; s; s = s.previousElementSibling) if (s.tagName === n.tagName) i++;
      // A bare name matches no SVG element in an HTML document.
      const name = n.namespaceURI === 'http://www.w3.org/1999/xhtml' ? n.tagName.toLowerCase() : '*[local-name()="' + n.localName + '"]';
      parts.unshift(name + '[' + i + ']');
    }
    return 'xpath=/' + parts.join('/');
  };
  const css = (el) => {
    const parts = [];
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      let i = 1;
      for (let s = n.previousElementSibling; s; s = s.previousElementSibling) i++;
      parts.unshift(n.localName + ':nth-child(' + i + ')');
    }
    return 'css=' + parts.join(' > ');
  };
  // A host the document names once by its id is addressed by it.
  const host = (h) => h.id && h.getRootNode().querySelectorAll('#' + CSS.escape(h.id)).length === 1 && h.getRootNode() === document ? 'css=#' + CSS.escape(h.id) : path(h);
  const path = (el) => {
    const root = el.getRootNode();
    if (root instanceof ShadowRoot) return root.mode === 'open' ? host(root.host) + ' >> ' + css(el) : '';
    return xpath(el);
  };
  return path(el);
}
