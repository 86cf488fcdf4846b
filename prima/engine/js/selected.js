// The options a select (or its label's control) holds, [value, label] each; null when none.
el => { const s = el.tagName === 'LABEL' && el.control ? el.control : el; return s.selectedOptions ? Array.from(s.selectedOptions, o => [o.value, o.label]) : null; }
