// Whether a widget says its list is open (aria-expanded on it, around it or inside it).
el => { const x = el.closest('[aria-expanded]') || el.querySelector('[aria-expanded]'); return !!x && x.getAttribute('aria-expanded') === 'true'; }
