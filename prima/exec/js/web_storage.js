// storage's reading and writing of the page origin's local or session
// storage: all items (an object), one item's value (null when absent), or
// how many items a set or clear left.
([area, op, key, value]) => {
  const s = area === 'session' ? window.sessionStorage : window.localStorage;
  switch (op) {
    case 'get':
      if (key) return s.getItem(key);
      return Object.fromEntries(Array.from({ length: s.length }, (_, i) => s.key(i)).map(k => [k, s.getItem(k)]));
    case 'set':
      s.setItem(key, value);
      return s.length;
    case 'clear':
      if (key) s.removeItem(key);
      else s.clear();
      return s.length;
  }
  throw new Error('storage cannot ' + op);
}
