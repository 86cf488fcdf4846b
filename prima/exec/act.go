package exec

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/pwline"
)

// Opts are an action's arguments beyond its target.
type Opts struct {
	Value     string
	Values    []string // select: the options; upload: the files
	Button    string   // left, right, middle
	Modifiers []string
	Count     int
	Position  *pwline.Point // set by prima for a covered target
}

// values is what select and upload take: Values, else the one Value.
func (o Opts) values() []string {
	if len(o.Values) > 0 {
		return o.Values
	}
	if o.Value != "" {
		return []string{o.Value}
	}
	return nil
}

// lineOf renders the action on a locator as one Playwright line, through
// pwline so that prima pw accepts back every line prima prints.
func lineOf(a pwline.Action, locator string, o Opts) string {
	l := pwline.Line{Locator: locator, Method: a.Method, Button: o.Button, Modifiers: o.Modifiers, ClickCount: o.Count, Position: o.Position}
	switch a.Name {
	case "select", "upload":
		l.Values = o.values()
		if len(l.Values) == 1 {
			l.Value = l.Values[0]
		}
	default:
		if a.Value {
			l.Value = o.Value
		}
	}
	if a.Name == "dblclick" {
		l.ClickCount = 0
	}
	return l.Code()
}

// onHandle performs the action on the very element a ref resolved to: a
// handle cannot drift to another element, so a changed page makes it fail
// rather than hit something else.
func onHandle(a pwline.Action, h playwright.ElementHandle, o Opts, timeout float64) error {
	t := playwright.Float(timeout)
	var pos *playwright.Position
	if o.Position != nil {
		pos = &playwright.Position{X: float64(o.Position.X), Y: float64(o.Position.Y)}
	}
	var mods []playwright.KeyboardModifier
	for _, m := range o.Modifiers {
		mods = append(mods, playwright.KeyboardModifier(m))
	}
	var button *playwright.MouseButton
	if o.Button != "" {
		b := playwright.MouseButton(o.Button)
		button = &b
	}
	var count *int
	if o.Count > 0 {
		count = playwright.Int(o.Count)
	}
	switch a.Name {
	case "click":
		return h.Click(playwright.ElementHandleClickOptions{Timeout: t, Position: pos, Button: button, Modifiers: mods, ClickCount: count})
	case "dblclick":
		// Playwright's dblclick is a click with two clicks; the driver
		// refuses the options the dblclick call sends.
		return h.Click(playwright.ElementHandleClickOptions{Timeout: t, Position: pos, Button: button, Modifiers: mods, ClickCount: playwright.Int(2)})
	case "hover":
		return h.Hover(playwright.ElementHandleHoverOptions{Timeout: t, Position: pos, Modifiers: mods})
	case "fill":
		return h.Fill(o.Value, playwright.ElementHandleFillOptions{Timeout: t})
	case "type":
		return h.Type(o.Value, playwright.ElementHandleTypeOptions{Timeout: t})
	case "press":
		return h.Press(o.Value, playwright.ElementHandlePressOptions{Timeout: t})
	case "check":
		return h.Check(playwright.ElementHandleCheckOptions{Timeout: t, Position: pos})
	case "uncheck":
		return h.Uncheck(playwright.ElementHandleUncheckOptions{Timeout: t, Position: pos})
	case "select":
		vs := o.values()
		_, err := h.SelectOption(playwright.SelectOptionValues{ValuesOrLabels: &vs}, playwright.ElementHandleSelectOptionOptions{Timeout: t})
		return err
	case "focus":
		return h.Focus()
	case "clear":
		return h.Fill("", playwright.ElementHandleFillOptions{Timeout: t})
	case "upload":
		_, err := upload(h, o.values(), t)
		return err
	}
	return &pwline.UnknownActionError{Action: a.Name}
}

// upload sets the files of a file input, of a label's file input, or of
// the file input a control's click opens (an "Attach file" button that
// calls input.click()): the input is caught in the page as the click asks
// for it, and given the files directly, so no file chooser ever opens (a
// chooser left to a playwright-cli user sharing the browser would hold
// their session in its modal state). It returns the input it set, nil
// when h itself took the files.
func upload(h playwright.ElementHandle, files []string, t *float64) (playwright.ElementHandle, error) {
	v, err := h.Evaluate("el => el.tagName === 'INPUT' && el.type === 'file'")
	if err != nil {
		return nil, err
	}
	if v == true {
		return nil, h.SetInputFiles(files, playwright.ElementHandleSetInputFilesOptions{Timeout: t})
	}
	if c, err := h.EvaluateHandle(labelControlJS); err == nil {
		if input := c.AsElement(); input != nil {
			return input, input.SetInputFiles(files, playwright.ElementHandleSetInputFilesOptions{Timeout: t})
		}
	}
	if _, err := h.Evaluate(catchPickerJS); err != nil {
		return nil, err
	}
	clickErr := h.Click(playwright.ElementHandleClickOptions{Timeout: t})
	caught, err := h.EvaluateHandle(caughtPickerJS)
	if clickErr != nil {
		return nil, clickErr
	}
	if err != nil {
		return nil, err
	}
	input := caught.AsElement()
	if input == nil {
		return nil, errors.New("the click asked for no file input (prima answers file inputs, not native choosers it cannot see)")
	}
	return input, input.SetInputFiles(files, playwright.ElementHandleSetInputFilesOptions{Timeout: t})
}

// labelControlJS is the file input a label (or an element inside one)
// stands for, else null.
const labelControlJS = `el => {
  const l = el.tagName === 'LABEL' ? el : el.closest('label');
  return l && l.control && l.control.type === 'file' ? l.control : null;
}`

// catchPickerJS makes a file input's click() and showPicker() record the
// input instead of opening the chooser, until caughtPickerJS restores them.
const catchPickerJS = `el => {
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
}`

// caughtPickerJS waits briefly for the input (a handler may ask for it a
// moment after the click), restores the prototype and returns it.
const caughtPickerJS = `el => new Promise((resolve) => {
  const w = el.ownerDocument.defaultView, start = performance.now();
  const done = () => { if (w.__primaUnpick) w.__primaUnpick(); w.__primaUnpick = null; resolve(w.__primaPicked); };
  const check = () => (w.__primaPicked || performance.now() - start > 500) ? done() : setTimeout(check, 20);
  check();
})`

// pointer actions need the element to receive the pointer; field actions
// need it editable.
var (
	pointerAction = map[string]bool{"click": true, "dblclick": true, "hover": true, "check": true, "uncheck": true}
	fieldAction   = map[string]bool{"fill": true, "type": true, "clear": true, "press": true, "select": true}
)

// inspectJS tells, in one round trip, whether a user could act on the
// element: disabled, readonly, not visible, or covered at its centre (and
// then a visible point of its own, hit-tested); and whether it is a
// password field. It scrolls the element into view first, as a user would.
const inspectJS = `(el, [pointer, cfg]) => {
  const r = inspect(el, pointer);
  // In the main document, arm the settle tracker in the same round trip:
  // the action follows at once.
  if (window === window.top) r.doc = (` + trackJS + `)(cfg);
  return r;
  function inspect(el, pointer) {
  const r = { password: el.tagName === 'INPUT' && el.type === 'password', editable: !!el.isContentEditable };
  // A label stands for its control: Playwright's fill retargets to it.
  const field = el.tagName === 'LABEL' && el.control ? el.control : el;
  r.value = field.isContentEditable ? field.innerText.replace(/\n$/, '') : ('value' in field ? String(field.value) : '');
  r.disabled = el.disabled === true || (el.closest && !!el.closest('fieldset[disabled] *:not(legend *)') && el.matches('button,input,select,textarea')) || el.getAttribute('aria-disabled') === 'true';
  r.readonly = el.readOnly === true || el.getAttribute('aria-readonly') === 'true';
  if (!pointer) return r;
  // Where the click lands: the browser sends it to the element under the
  // release, which a re-layout between press and release can change.
  const win = el.ownerDocument.defaultView;
  const token = {};
  win.__primaHit = null;
  win.__primaOver = false;
  win.__primaSwapped = false;
  win.__primaHitToken = token;
  if (win.__primaOverWatch) win.removeEventListener('mouseover', win.__primaOverWatch, true);
  const over = win.__primaOverWatch = (e) => {
    const path = e.composedPath ? e.composedPath() : [];
    if (path.includes(el)) { win.__primaOver = true; win.removeEventListener('mouseover', over, true); }
  };
  win.addEventListener('mouseover', over, true);
  // Swapped on hover: the element left the page during the dispatch of the
  // pointer's arrival (the page's own mouseover/mouseenter handlers ran
  // first). JavaScript runs to completion, so a page that replaces
  // elements on a timer can never look like this.
  const swapped = () => {
    if (win.__primaHitToken === token && !el.isConnected) win.__primaSwapped = true;
  };
  el.addEventListener('mouseover', swapped, { once: true });
  el.addEventListener('mouseenter', swapped, { once: true });
  // One window listener at a time: an action whose pointer never moved
  // (the element was under it already) must not leave its own behind.
  if (win.__primaSwapWatch) win.removeEventListener('mouseover', win.__primaSwapWatch);
  win.__primaSwapWatch = (e) => { if ((e.composedPath ? e.composedPath() : []).includes(el)) swapped(); };
  win.addEventListener('mouseover', win.__primaSwapWatch, { once: true });
  const hit = (e) => {
    win.removeEventListener('click', hit, true);
    win.removeEventListener('contextmenu', hit, true);
    if (win.__primaHitToken !== token || win.__primaHit) return; // an earlier action's listener
    // The composed path follows the event into shadow roots: at the
    // window a click inside one is retargeted to its host.
    const path = e.composedPath ? e.composedPath() : [];
    const t = path[0] || e.target;
    const ok = path.includes(el) || t === el || (t instanceof Node && el.contains(t)) || (el.labels && Array.from(el.labels).some(l => path.includes(l) || l === t || l.contains(t)));
    let d = t && t.tagName ? t.tagName.toLowerCase() : String(t);
    if (t && t.id) d += '#' + t.id;
    const text = t && t.innerText ? t.innerText.trim().replace(/\s+/g, ' ').slice(0, 40) : '';
    if (text) d += ' "' + text + '"';
    win.__primaHit = { ok, on: d };
  };
  win.addEventListener('click', hit, true);
  win.addEventListener('contextmenu', hit, true);
  let b = el.getBoundingClientRect();
  if (b.width === 0 || b.height === 0) { r.hidden = true; return r; }
  const vw = window.innerWidth, vh = window.innerHeight;
  if (b.top < 0 || b.left < 0 || b.bottom > vh || b.right > vw) {
    el.scrollIntoView({ block: 'center', inline: 'center' });
    b = el.getBoundingClientRect();
  }
  // Clipped by a scrolling container (inside the viewport, outside the
  // box that shows it): scroll the containers, as a user (and
  // Playwright's own actionability) would; a no-op when it shows.
  if (el.scrollIntoViewIfNeeded) {
    el.scrollIntoViewIfNeeded(true);
    b = el.getBoundingClientRect();
  }
  const mine = (t) => !!t && (t === el || el.contains(t) || (el.labels && Array.from(el.labels).some(l => l === t || l.contains(t))));
  const root = el.getRootNode && el.getRootNode().elementFromPoint ? el.getRootNode() : document;
  const at = (x, y) => root.elementFromPoint(x, y);
  const cx = b.left + b.width / 2, cy = b.top + b.height / 2;
  const top = at(cx, cy);
  if (mine(top)) return r;
  const describe = (t) => {
    if (!t) return 'nothing (off screen)';
    let s = t.tagName.toLowerCase();
    if (t.id) s += '#' + t.id;
    else if (t.classList && t.classList.length) s += '.' + Array.from(t.classList).slice(0, 2).join('.');
    const role = t.getAttribute('role');
    if (role) s += '[role=' + role + ']';
    const text = (t.innerText || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    if (text) s += ' "' + text + '"';
    return s;
  };
  r.cover = describe(top);
  // Playwright's position is measured from the padding box (inside the
  // border); the point is tested where the click will land.
  const ox = b.left + (el.clientLeft || 0), oy = b.top + (el.clientTop || 0);
  const x0 = Math.max(b.left, 0), x1 = Math.min(b.right, vw), y0 = Math.max(b.top, 0), y1 = Math.min(b.bottom, vh);
  for (let i = 1; i < 8; i++) for (let j = 1; j < 8; j++) {
    const x = x0 + (x1 - x0) * i / 8, y = y0 + (y1 - y0) * j / 8;
    const px = Math.round(x - ox), py = Math.round(y - oy);
    if (mine(at(ox + px, oy + py))) { r.point = { x: px, y: py }; return r; }
  }
  return r;
  }
}`

// inspection is what inspectJS found.
type inspection struct {
	password, disabled, readonly, hidden bool
	editable                             bool   // contenteditable
	doc                                  string // the settle tracker's document id, armed in the main document
	value                                string // what the field held before the action
	cover                                string
	point                                *pwline.Point
}

func inspect(h playwright.ElementHandle, pointer bool) (inspection, error) {
	v, err := h.Evaluate(inspectJS, []any{pointer, map[string]any{"timerMax": timerMax}})
	if err != nil {
		return inspection{}, err
	}
	m, _ := v.(map[string]any)
	b := func(k string) bool { x, _ := m[k].(bool); return x }
	in := inspection{password: b("password"), disabled: b("disabled"), readonly: b("readonly"), hidden: b("hidden"), editable: b("editable")}
	in.value, _ = m["value"].(string)
	in.doc, _ = m["doc"].(string)
	in.cover, _ = m["cover"].(string)
	if p, ok := m["point"].(map[string]any); ok {
		in.point = &pwline.Point{X: jsInt(p["x"]), Y: jsInt(p["y"])}
	}
	return in, nil
}

// pointerReached tells whether the pointer reached the element (a
// mouseover on it, or inside it) since inspectJS armed the recorder.
func pointerReached(h playwright.ElementHandle) bool {
	v, err := h.Evaluate(`el => el.ownerDocument.defaultView.__primaOver === true`)
	return err == nil && v == true
}

// swappedOnHover tells whether the page removed the element while it
// answered the pointer's arrival (the "active link" that replaces itself):
// only then is an element of the same kind that the used: locator alone
// matches its replacement, and not another element the page put there.
func swappedOnHover(h playwright.ElementHandle) bool {
	v, err := h.Evaluate(`el => el.ownerDocument.defaultView.__primaSwapped === true`)
	return err == nil && v == true
}

// positional reports whether a locator finds its element by position
// (nth, an XPath): such a locator may name another element once the page
// changed, so it never stands for a replaced one.
func positional(code string) bool {
	return strings.Contains(code, ".nth(") || strings.Contains(code, "xpath=") || strings.Contains(code, ".first()") || strings.Contains(code, ".last()")
}

// replacement finds the element that took h's place: the one element the
// action's own used: line matches now, of h's tag, in h's frame.
func replacement(h playwright.ElementHandle, used string) (playwright.ElementHandle, error) {
	l, err := pwline.Parse(strings.TrimSuffix(strings.TrimPrefix(used, "await "), ";"))
	if err != nil || l.Selector == "" {
		return nil, fmt.Errorf("no locator to find a replacement with")
	}
	f, err := h.OwnerFrame()
	if err != nil {
		return nil, err
	}
	loc := f.Locator(l.Selector)
	if n, err := loc.Count(); err != nil || n != 1 {
		return nil, fmt.Errorf("the locator matches %d elements", n)
	}
	h2, err := loc.ElementHandle(playwright.LocatorElementHandleOptions{Timeout: playwright.Float(1000)})
	if err != nil {
		return nil, err
	}
	same, err := h2.Evaluate("(el, old) => el.isConnected && el.tagName === old.tagName", h)
	if err != nil || same != true {
		return nil, fmt.Errorf("the element the locator matches now is not of the same kind")
	}
	return h2, nil
}

// landedJS tells where the action's click landed: null when no click
// event fired, else whether it reached the element and what it reached.
const landedJS = `el => el.ownerDocument.defaultView.__primaHit`

// MisdirectedError: the click ran, but the browser delivered it to
// another element (the page moved between press and release). Whatever
// that element did is in the Changes; the asked element did nothing.
type MisdirectedError struct{ Target, On string }

func (e *MisdirectedError) Error() string {
	return fmt.Sprintf("the click on %s landed on %s instead: the page moved under the pointer; %s did not get it", e.Target, e.On, e.Target)
}

// FailureCode is the envelope code of the failure.
func (e *MisdirectedError) FailureCode() string {
	return envelope.CodeNotActionable
}

// jsInt reads a number Playwright returned: an int for a whole number, a
// float64 otherwise.
func jsInt(v any) int {
	switch n := v.(type) {
	case int:
		return n
	case int64:
		return int(n)
	case float64:
		return int(n)
	}
	return 0
}

// landed checks, after a pointer action, that its click reached the
// element; no click event (a hover, a navigation that took the document
// away) proves nothing either way.
func landed(h playwright.ElementHandle, what string) error {
	v, err := h.Evaluate(landedJS)
	if err != nil {
		return nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	if hit, _ := m["ok"].(bool); !hit {
		on, _ := m["on"].(string)
		return &MisdirectedError{Target: what, On: on}
	}
	return nil
}

// readValueJS reads what a field holds, contenteditable included; a label
// is read through its control, which Playwright's fill acted on.
const readValueJS = `el => { const f = el.tagName === 'LABEL' && el.control ? el.control : el;
  return f.isContentEditable ? f.innerText.replace(/\n$/, '') : ('value' in f ? String(f.value) : ''); }`
