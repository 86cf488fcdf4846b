el => ({
  tag: el.tagName.toLowerCase(),
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
