(max) => {
  const keep = ['id','name','type','role','href','placeholder','aria-label','title','value','for','data-testid','alt','aria-expanded','aria-pressed','aria-selected','aria-checked','disabled','checked','selected'];
  const skip = new Set(['SCRIPT','STYLE','NOSCRIPT','TEMPLATE','SVG','HEAD','META','LINK']);
  const out = [];
  let size = 0, cut = 0;
  const push = (s) => { if (size + s.length > max) { cut++; return; } out.push(s); size += s.length + 1; };
  const attrs = (el) => keep.filter(a => el.hasAttribute(a)).map(a => {
    const v = a === 'value' && 'value' in el ? String(el.value) : el.getAttribute(a);
    return v === '' ? a : a + '="' + v.slice(0, 80).replace(/"/g, '&quot;') + '"';
  }).join(' ');
  const walk = (node, depth) => {
    for (const el of node.children) {
      if (skip.has(el.tagName)) continue;
      const style = el.ownerDocument.defaultView.getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const tag = el.tagName.toLowerCase();
      const a = attrs(el);
      const own = Array.from(el.childNodes).filter(n => n.nodeType === 3).map(n => n.textContent.trim()).filter(Boolean).join(' ').slice(0, 80);
      const interesting = a || own || ['button','a','input','select','textarea','iframe','h1','h2','h3','label','dialog','form'].includes(tag);
      if (interesting) push('  '.repeat(depth) + '<' + tag + (a ? ' ' + a : '') + '>' + (own ? ' ' + own : ''));
      if (tag === 'iframe') {
        try { if (el.contentDocument && el.contentDocument.body) walk(el.contentDocument.body, depth + 1); } catch (e) {}
      } else {
        walk(el, interesting ? depth + 1 : depth);
      }
    }
  };
  walk(document.body, 0);
  if (cut) out.push('… ' + cut + ' more elements (capped)');
  return out.join('\n');
}
