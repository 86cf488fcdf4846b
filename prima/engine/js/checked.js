// Whether a box is checked, read as Playwright's check does: null when it says neither.
el => { const t = el.tagName === 'LABEL' && el.control ? el.control : el; if (t.type === 'checkbox' || t.type === 'radio') return t.checked; const a = t.getAttribute('aria-checked'); return a === null ? null : a === 'true'; }
