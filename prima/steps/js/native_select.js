// Whether an element is a <select> or labels one: Playwright's selectOption sets those directly.
el => { const s = el.tagName === 'LABEL' && el.control ? el.control : el; return s.tagName === 'SELECT'; }
