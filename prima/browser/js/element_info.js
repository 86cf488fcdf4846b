// tag is the element's XPath name test: its name for an HTML element; for
// one of another namespace (SVG, MathML), which a bare name never matches
// in an HTML document, *[local-name()="g"].
el => ({
  tag: el.namespaceURI === 'http://www.w3.org/1999/xhtml' ? el.tagName.toLowerCase() : '*[local-name()="' + el.localName + '"]',
  id: el.id || '',
  testid: el.getAttribute('data-testid') || '',
  name: el.getAttribute('name') || '',
  type: el.getAttribute('type') || '',
  aria: el.getAttribute('aria-label') || '',
  placeholder: el.getAttribute('placeholder') || '',
  title: el.getAttribute('title') || '',
  href: el.getAttribute('href') || '',
  src: el.getAttribute('src') || '',
  text: (el.innerText || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 120),
})
