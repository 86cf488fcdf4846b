// The name of the option a select picked, for the Target of its click.
o => (o.getAttribute('aria-label') || o.innerText || o.textContent || '').replace(/\s+/g, ' ').trim()
