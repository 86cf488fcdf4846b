// What an editor's document shows a reader: its rendered text, one line
// per block, without what it hides from assistive technology (a code
// editor's gutter of line numbers is aria-hidden) or the inputs it keeps
// (null once it left the page).
(el) => {
  if (!el.isConnected) return null;
  const win = el.ownerDocument.defaultView;
  const out = [];
  const walk = (n, pre) => {
    if (n.nodeType === 3) {
      out.push(pre ? n.data : n.data.replace(/\s+/g, ' '));
      return;
    }
    if (n.nodeType !== 1) return;
    if (n.getAttribute('aria-hidden') === 'true' || ['TEXTAREA', 'INPUT', 'SELECT', 'SCRIPT', 'STYLE', 'TEMPLATE'].includes(n.tagName)) return;
    if (n.checkVisibility && !n.checkVisibility({ visibilityProperty: true })) return;
    if (n.tagName === 'BR') { out.push('\n'); return; }
    const cs = win.getComputedStyle(n);
    const block = !/^inline/.test(cs.display) && cs.display !== 'contents';
    if (block) out.push('\n');
    const p = cs.whiteSpace.startsWith('pre') || cs.whiteSpace === 'break-spaces';
    for (const c of (n.shadowRoot || n).childNodes) walk(c, p);
    if (block) out.push('\n');
  };
  walk(el, false);
  return out.join('').split('\n').map((l) => l.replace(/[ \t]+$/, '')).join('\n').replace(/\n{2,}/g, '\n').replace(/^\n+|\n+$/g, '');
}
