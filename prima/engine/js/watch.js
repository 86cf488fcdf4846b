(arm) => {
  let p = window.__prima;
  if (arm && !p) {
    p = window.__prima = { dirty: false };
    const mark = () => { p.dirty = true; };
    new MutationObserver(mark).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    for (const ev of ['input', 'change']) document.addEventListener(ev, mark, true);
  }
  let s = '';
  for (const e of document.querySelectorAll('input,select,textarea')) s += (e.checked ? '1' : '0') + e.value + '\u0000';
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 16777619) >>> 0; }
  const dirty = !p || p.dirty;
  if (arm) p.dirty = false;
  const pw = [];
  for (const e of document.querySelectorAll('input[type=password]')) if (e.value) pw.push(e.value);
  // Shadow roots (and custom elements not defined yet, which may attach
  // one) change where the document's observer cannot see: such a page is
  // never proven unchanged. Looked for when arming only (once a snapshot).
  let opaque = false;
  if (arm) for (const e of document.querySelectorAll('*')) if (e.shadowRoot || (e.localName.includes('-') && !e.matches(':defined'))) { opaque = true; break; }
  return [location.href + ' ' + s.length + ':' + h + (dirty ? ' dirty' : ''), document.title, pw, opaque];
}
