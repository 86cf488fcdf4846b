el => {
  const w = el.ownerDocument.defaultView, proto = w.HTMLInputElement.prototype;
  const click = proto.click, picker = proto.showPicker;
  w.__primaPicked = null;
  const take = (orig) => function () {
    if (this.type === 'file') { w.__primaPicked = this; return; }
    return orig.apply(this, arguments);
  };
  proto.click = take(click);
  if (picker) proto.showPicker = take(picker);
  w.__primaUnpick = () => { proto.click = click; if (picker) proto.showPicker = picker; };
}
