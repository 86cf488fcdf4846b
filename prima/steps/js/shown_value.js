// What a widget shows as its value: its own value or text, or that of the two elements around it.
el => { const out = []; let e = el; for (let i = 0; e && i < 3; i++, e = e.parentElement) out.push(String(e.value || '') + ' ' + (e.innerText || '')); return out; }
