// Package pwline parses one line of Playwright code, such as
// `page.getByRole('button', { name: 'Save' }).click()`, into a selector
// chain and one action, and quotes values the way Playwright's selectors
// and code need them. A line may also be one page-level action, such as
// `page.keyboard.press('Enter')` or `page.goto('https://…')`.
package pwline

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Line is a parsed Playwright one-liner: a locator and one action on it,
// or one page-level action (see PageLevel). Parse(l.Code()) gives l back.
type Line struct {
	Selector string // Playwright selector chain, for page.Locator; "" when PageLevel
	Locator  string // canonical code of the locator part: page.getBy…(…); "" when PageLevel
	Method   string // the action's Playwright method: click, fill, selectOption, dragTo, keyboard.press, goto…
	// Value is the action's one string argument: fill's text, press's key,
	// goto's URL. For selectOption and setInputFiles it is Values[0] when
	// they were given exactly one plain string, else "".
	Value string

	// Values are selectOption's options or setInputFiles' file names, in
	// order; nil for other methods.
	Values []string
	// ValueKinds says how selectOption matches each of Values: "" (a plain
	// string, matched as value or label), "label" ({ label: 'X' }) or
	// "value" ({ value: 'x' }). It is nil when every option is a plain
	// string, else exactly as long as Values; ValueKind(i) reads it.
	ValueKinds []string

	// Target2Selector and Target2Locator are dragTo's target, in the same
	// forms as Selector and Locator.
	Target2Selector string
	Target2Locator  string

	// Options. The zero value means "not given": Playwright's default.
	Button     string   // click, dblclick: left, right or middle
	ClickCount int      // click: 1 to 10
	Modifiers  []string // click, dblclick, hover: Alt, Control, ControlOrMeta, Meta, Shift; nil for none
	Position   *Point   // click, dblclick, hover, check, uncheck: the point of the element to act at
	// DelayMS: pressSequentially, press, keyboard.press, keyboard.type: ms
	// between key presses; click, dblclick: ms between press and release.
	DelayMS   int
	Steps     int    // dragTo, click, dblclick: pointer moves on the way, 1 to 100
	TimeoutMS int    // locator actions, goto, goBack, goForward, reload: positive
	WaitUntil string // goto, goBack, goForward, reload: load, domcontentloaded, commit or networkidle
	Referer   string // goto: the Referer header
	// Scroll: click, dblclick, hover, check, uncheck: "auto" (Playwright's
	// default) or "none" (act only where the element already shows).
	Scroll string
	// Trial: click, dblclick, hover, check, uncheck: run Playwright's
	// checks that the action could happen, and do nothing.
	Trial bool
	// NoWaitAfter: accepted and printed back; Playwright ignores it.
	NoWaitAfter bool
	// SourcePosition and TargetPosition: dragTo: the points of the two
	// elements to press and release at, instead of their centres.
	SourcePosition, TargetPosition *Point
}

// Rewrite is the line with f applied to every text it carries from the
// page or the user (its locators and selectors, its values), as when
// secrets and passwords are hidden: the options stay.
func (l Line) Rewrite(f func(string) string) Line {
	l.Selector, l.Locator, l.Value = f(l.Selector), f(l.Locator), f(l.Value)
	l.Target2Selector, l.Target2Locator = f(l.Target2Selector), f(l.Target2Locator)
	if l.Values != nil {
		vs := make([]string, len(l.Values))
		for i, v := range l.Values {
			vs[i] = f(v)
		}
		l.Values = vs
	}
	return l
}

// Point is a position inside an element, in CSS pixels from its top left.
type Point struct{ X, Y int }

// PageLevel reports whether the line acts on the page itself
// (page.keyboard.press, page.goto, page.goBack, page.goForward,
// page.reload), with no locator: Selector and Locator are then "".
func (l Line) PageLevel() bool { return methods[l.Method].page }

// ValueKind is ValueKinds[i], or "" when ValueKinds is nil.
func (l Line) ValueKind(i int) string {
	if i < len(l.ValueKinds) {
		return l.ValueKinds[i]
	}
	return ""
}

// Code is the whole canonical line, as `used:` prints it: single-quoted
// strings, and options in alphabetical order.
func (l Line) Code() string {
	m := methods[l.Method]
	recv := l.Locator
	if m.page {
		recv = "page"
	}
	var args []string
	switch m.arg {
	case argText:
		args = append(args, JSQuote(l.Value))
	case argOptions, argFiles:
		args = append(args, l.renderValues())
	case argTarget:
		args = append(args, l.Target2Locator)
	}
	if o := l.renderOptions(m); o != "" {
		args = append(args, o)
	}
	return fmt.Sprintf("await %s.%s(%s);", recv, l.Method, strings.Join(args, ", "))
}

// renderValues prints selectOption's or setInputFiles' argument: one
// option bare, several as an array, which Playwright treats alike.
func (l Line) renderValues() string {
	if l.Values == nil {
		return JSQuote(l.Value) // a Line built by hand with only Value
	}
	var items []string
	for i, v := range l.Values {
		if k := l.ValueKind(i); k != "" {
			items = append(items, "{ "+k+": "+JSQuote(v)+" }")
		} else {
			items = append(items, JSQuote(v))
		}
	}
	if len(items) == 1 {
		return items[0]
	}
	return "[" + strings.Join(items, ", ") + "]"
}

// renderOptions prints the options object the method takes, or "" when
// none is set.
func (l Line) renderOptions(m method) string {
	var parts []string
	for _, k := range m.opts {
		var v string
		switch k {
		case "button":
			if l.Button != "" {
				v = JSQuote(l.Button)
			}
		case "clickCount":
			if l.ClickCount != 0 {
				v = strconv.Itoa(l.ClickCount)
			}
		case "delay":
			if l.DelayMS != 0 {
				v = strconv.Itoa(l.DelayMS)
			}
		case "modifiers":
			if len(l.Modifiers) > 0 {
				var q []string
				for _, s := range l.Modifiers {
					q = append(q, JSQuote(s))
				}
				v = "[" + strings.Join(q, ", ") + "]"
			}
		case "position":
			if l.Position != nil {
				v = fmt.Sprintf("{ x: %d, y: %d }", l.Position.X, l.Position.Y)
			}
		case "steps":
			if l.Steps != 0 {
				v = strconv.Itoa(l.Steps)
			}
		case "timeout":
			if l.TimeoutMS != 0 {
				v = strconv.Itoa(l.TimeoutMS)
			}
		case "waitUntil":
			if l.WaitUntil != "" {
				v = JSQuote(l.WaitUntil)
			}
		case "referer":
			if l.Referer != "" {
				v = JSQuote(l.Referer)
			}
		case "scroll":
			if l.Scroll != "" {
				v = JSQuote(l.Scroll)
			}
		case "trial":
			if l.Trial {
				v = "true"
			}
		case "noWaitAfter":
			if l.NoWaitAfter {
				v = "true"
			}
		case "sourcePosition", "targetPosition":
			if p := map[string]*Point{"sourcePosition": l.SourcePosition, "targetPosition": l.TargetPosition}[k]; p != nil {
				v = fmt.Sprintf("{ x: %d, y: %d }", p.X, p.Y)
			}
		}
		if v != "" {
			parts = append(parts, k+": "+v)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

// MaxLine bounds a line: a Playwright line is one locator and one action.
const MaxLine = 16 << 10

// argKind is what an action's first argument is.
type argKind int

const (
	argNone    argKind = iota
	argText            // one string: Value
	argOptions         // selectOption: a string, { label } or { value }, or an array of them
	argFiles           // setInputFiles: a file name or an array of them
	argTarget          // dragTo: a page.… locator expression
)

// method is what an action takes.
type method struct {
	page bool     // acts on the page, with no locator
	arg  argKind  // its first argument
	opts []string // the options it takes, sorted
	all  []string // the options Playwright's API gives it, refused ones included
}

// methods are the actions a line may end with; each takes the options
// Playwright's API gives it (optionStructs), in alphabetical order, which
// is the order Code prints them in. There is no other method.
var methods = withOptions(map[string]method{
	"click":             {},
	"dblclick":          {},
	"hover":             {},
	"check":             {},
	"uncheck":           {},
	"focus":             {},
	"clear":             {},
	"fill":              {arg: argText},
	"type":              {arg: argText}, // read as pressSequentially
	"pressSequentially": {arg: argText},
	"press":             {arg: argText},
	"selectOption":      {arg: argOptions},
	"setInputFiles":     {arg: argFiles},
	"dragTo":            {arg: argTarget},

	"keyboard.press":      {page: true, arg: argText},
	"keyboard.type":       {page: true, arg: argText},
	"keyboard.insertText": {page: true, arg: argText},
	"goto":                {page: true, arg: argText},
	"goBack":              {page: true},
	"goForward":           {page: true},
	"reload":              {page: true},
})

func withOptions(ms map[string]method) map[string]method {
	for name, m := range ms {
		m.all = optionsOf(optionStructs[name])
		for _, o := range m.all {
			if _, no := refusedOptions[o]; !no && refusedFor[name][o] == "" {
				m.opts = append(m.opts, o)
			}
		}
		ms[name] = m
	}
	return ms
}

// actionNames lists the locator actions, sorted, for messages.
func actionNames() []string {
	var out []string
	for n, m := range methods {
		if !m.page && n != "type" {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// usage says what a method takes, for the message of a refused call.
func usage(name string, m method) string {
	opt := ""
	if len(m.opts) > 0 {
		opt = " and optionally { " + strings.Join(m.opts, ", ") + " }"
	}
	switch m.arg {
	case argText:
		return name + " takes one string argument" + opt
	case argOptions:
		return name + " takes an option or an array of them: 'blue', ['red', 'blue'], { label: 'Blue' } or { value: 'b' }" + opt
	case argFiles:
		return name + " takes a file name or an array of them: 'a.txt' or ['a.txt', 'b.txt']" + opt
	case argTarget:
		return name + " takes a locator, like dragTo(page.getByText('Done'))" + opt
	}
	return name + " takes one options object: { " + strings.Join(m.opts, ", ") + " }"
}

// SyntaxError says where a line stopped making sense.
type SyntaxError struct {
	Line   string
	Offset int
	Reason string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("not a Playwright line at offset %d: %s", e.Offset, e.Reason)
}

// Parse reads `[await] page.<locator calls>.<action>(…)[;]` or
// `[await] page.<page action>(…)[;]`. Locator calls: getByRole,
// getByText, getByLabel, getByPlaceholder, getByTestId, getByAltText,
// getByTitle, locator, frameLocator, contentFrame, first, last, nth.
// Exactly one action ends the line (see methods).
func Parse(src string) (Line, error) {
	p := &parser{src: src}
	fail := func(format string, a ...any) (Line, error) {
		return Line{}, p.errf(format, a...)
	}
	if !utf8.ValidString(src) {
		return fail("the line is not valid UTF-8")
	}
	p.space()
	if p.word("await") {
		p.space()
	}
	if !p.word("page") {
		return fail("a line starts with page. (or await page.)")
	}
	if len(src) > MaxLine {
		return fail("the line is longer than %d bytes", MaxLine)
	}
	var c chain
	for {
		p.space()
		if p.eof() || p.peek() == ';' {
			if c.frame {
				return fail("%s is a frame, not an element: add a locator inside it, like .getByRole('button'), then an action", c.code())
			}
			return fail("the line ends without an action; end it with one of .click(), .fill('…'), .press('…'), …")
		}
		if !p.eat('.') {
			return fail("expected '.'")
		}
		p.space()
		name := p.ident()
		if name == "" {
			return fail("expected a method name after '.'")
		}
		if name == "keyboard" || name == "mouse" {
			if !c.empty() {
				return fail("%s belongs to the page, not to a locator: page.keyboard.press('…')", name)
			}
			p.space()
			sub := ""
			if p.eat('.') {
				p.space()
				sub = p.ident()
			}
			if _, ok := methods["keyboard."+sub]; name == "mouse" || !ok {
				return fail("of page.%s, only page.keyboard.press('…'), .type('…') and .insertText('…') are supported", name)
			}
			name += "." + sub
		}
		p.space()
		if !p.eat('(') {
			return fail("expected '(' after %s", name)
		}
		if m, ok := methods[name]; ok {
			l, err := p.action(&c, name, m)
			if err != nil {
				return Line{}, err
			}
			p.space()
			p.eat(';')
			p.space()
			if !p.eof() {
				return fail("unexpected %q after the action; a line does one action", p.rest())
			}
			// Escapes can make the canonical code up to six times the line;
			// refusing here keeps Parse(l.Code()) accepting whatever Parse accepts.
			if len(l.Code()) > MaxLine {
				return fail("the line's canonical code, with its escapes, is longer than %d bytes", MaxLine)
			}
			return l, nil
		}
		args, err := p.args()
		if err != nil {
			return Line{}, err
		}
		if err := c.add(name, args); err != nil {
			return fail("%s", err.Error())
		}
	}
}

// action reads the arguments of the action name, just after its '(',
// onto the locator c.
func (p *parser) action(c *chain, name string, m method) (Line, error) {
	open := p.pos
	fail := func(format string, a ...any) (Line, error) {
		return Line{}, &SyntaxError{Line: p.src, Offset: open, Reason: fmt.Sprintf(format, a...)}
	}
	switch {
	case m.page && !c.empty():
		return fail("%s acts on the page, not on a locator: write page.%s(…)", name, name)
	case !m.page && c.empty():
		return fail("%s needs a locator before it, like page.getByRole('button').%s()", name, name)
	case c.frame:
		return fail("%s is a frame, not an element: add a locator inside it, like .getByRole('button').%s()", c.code(), name)
	}
	l := Line{Method: name, Selector: c.selector(), Locator: c.code()}
	if name == "type" {
		l.Method = "pressSequentially" // type is deprecated; the same keystrokes
	}
	if m.arg == argTarget {
		t, err := p.target()
		if err != nil {
			return Line{}, err
		}
		l.Target2Selector, l.Target2Locator = t.selector(), t.code()
		p.space()
		switch {
		case p.eat(','): // the options, if any, follow
		case p.eof() || p.peek() != ')':
			return Line{}, p.errf("expected ',' or ')' after the target of dragTo")
		}
	}
	args, err := p.args()
	if err != nil {
		return Line{}, err
	}
	switch m.arg {
	case argText:
		if len(args) == 0 || args[0].kind != str {
			return fail("%s", usage(name, m))
		}
		l.Value = args[0].s
		if example := nonEmpty[name]; example != "" && l.Value == "" {
			return fail("%s needs a non-empty string, like %s(%s)", name, name, example)
		}
		args = args[1:]
	case argOptions, argFiles:
		if len(args) == 0 {
			return fail("%s", usage(name, m))
		}
		if err := l.setValues(name, m, args[0]); err != nil {
			return fail("%s", err.Error())
		}
		args = args[1:]
	}
	switch {
	case len(args) == 0:
	case len(args) > 1 || args[0].kind != object || len(m.opts) == 0:
		return fail("%s", usage(name, m))
	default:
		if err := l.setOptions(name, m, args[0]); err != nil {
			return fail("%s", err.Error())
		}
	}
	return l, nil
}

// nonEmpty are the text actions an empty string makes meaningless, with an
// example argument.
var nonEmpty = map[string]string{"press": "'Enter'", "keyboard.press": "'Enter'", "goto": "'https://example.com'"}

// LocatorSelector is the selector page.Locator takes for the line's
// locator: Selector when the line has it, else Locator compiled alone (a
// line built from code, not parsed), with no line rendered and read back.
func (l Line) LocatorSelector() (string, error) {
	if l.Selector != "" || l.Locator == "" {
		return l.Selector, nil
	}
	p := &parser{src: l.Locator}
	c, err := p.target()
	if err != nil {
		return "", err
	}
	if p.space(); !p.eof() {
		return "", p.errf("unexpected %q after the locator", p.rest())
	}
	return c.selector(), nil
}

// target reads dragTo's argument: a whole locator expression, page.…
// with no action, up to the ',' or ')' after it.
func (p *parser) target() (chain, error) {
	p.space()
	if !p.word("page") {
		return chain{}, p.errf("dragTo takes a locator, like dragTo(page.getByText('Done'))")
	}
	var c chain
	for {
		p.space()
		if !p.eat('.') {
			break
		}
		p.space()
		name := p.ident()
		if name == "" {
			return chain{}, p.errf("expected a method name after '.'")
		}
		if _, ok := methods[name]; ok || name == "keyboard" || name == "mouse" {
			return chain{}, p.errf("the target of dragTo is a locator with no action after it, like page.getByText('Done')")
		}
		p.space()
		if !p.eat('(') {
			return chain{}, p.errf("expected '(' after %s", name)
		}
		args, err := p.args()
		if err != nil {
			return chain{}, err
		}
		if err := c.add(name, args); err != nil {
			return chain{}, p.errf("%s", err.Error())
		}
	}
	switch {
	case c.empty():
		return chain{}, p.errf("dragTo takes a locator, like dragTo(page.getByText('Done'))")
	case c.frame:
		return chain{}, p.errf("the target of dragTo, %s, is a frame, not an element: add a locator inside it", c.code())
	}
	return c, nil
}

// setValues reads selectOption's options or setInputFiles' files.
func (l *Line) setValues(name string, m method, a arg) error {
	items := []arg{a}
	if a.kind == array {
		items = a.elems
	}
	if len(items) == 0 {
		if m.arg == argFiles {
			return fmt.Errorf("setInputFiles needs at least one file name")
		}
		return fmt.Errorf("selectOption needs at least one option")
	}
	var kinds []string
	for _, it := range items {
		switch {
		case it.kind == str && m.arg == argFiles && it.s == "":
			return fmt.Errorf("setInputFiles needs file names, and '' is none")
		case it.kind == str:
			l.Values = append(l.Values, it.s)
			kinds = append(kinds, "")
		case it.kind == object && m.arg == argOptions:
			k, v, ok := selectBy(it)
			if !ok {
				return fmt.Errorf("an option of selectOption is a string, { label: 'Blue' } or { value: 'b' }: exactly one of label or value, as a string")
			}
			l.Values = append(l.Values, v)
			kinds = append(kinds, k)
		default:
			return fmt.Errorf("%s", usage(name, m))
		}
	}
	if slices.ContainsFunc(kinds, func(k string) bool { return k != "" }) {
		l.ValueKinds = kinds
	} else if len(l.Values) == 1 {
		l.Value = l.Values[0]
	}
	return nil
}

// selectBy reads { label: 'X' } or { value: 'x' }.
func selectBy(o arg) (kind, value string, ok bool) {
	if len(o.obj) != 1 {
		return "", "", false
	}
	for _, k := range []string{"label", "value"} {
		if v, has := o.obj[k]; has && v.kind == str {
			return k, v.s, true
		}
	}
	return "", "", false
}

// modifierKeys are the keys Playwright holds during a click or hover.
var modifierKeys = []string{"Alt", "Control", "ControlOrMeta", "Meta", "Shift"}

// maxSteps bounds dragTo's steps: each is a pointer move the page answers.
const maxSteps = 100

// maxClickCount bounds clickCount: Playwright presses the button that many
// times, and a typo of 1000 would keep the page busy past any timeout.
const maxClickCount = 10

// setOptions reads an action's options object; an option the method does
// not take is refused, never ignored.
func (l *Line) setOptions(name string, m method, o arg) error {
	for _, k := range o.keys {
		v := o.obj[k]
		if why, ok := refusedOptions[k]; ok && slices.Contains(m.all, k) {
			return fmt.Errorf("%s", why)
		}
		if why, ok := refusedFor[name][k]; ok {
			return fmt.Errorf("%s", why)
		}
		if !slices.Contains(m.opts, k) {
			return fmt.Errorf("%s has no option %q; it takes { %s }", name, k, strings.Join(m.opts, ", "))
		}
		switch k {
		case "button":
			if v.kind != str || !slices.Contains([]string{"left", "right", "middle"}, v.s) {
				return fmt.Errorf("button is 'left', 'right' or 'middle'")
			}
			l.Button = v.s
		case "clickCount":
			if v.kind != number || v.n < 1 || v.n > maxClickCount {
				return fmt.Errorf("clickCount is a whole number from 1 to %d", maxClickCount)
			}
			l.ClickCount = v.n
		case "delay":
			if v.kind != number || v.n < 0 {
				return fmt.Errorf("delay is a whole number of milliseconds, 0 or more")
			}
			l.DelayMS = v.n
		case "steps":
			if v.kind != number || v.n < 1 || v.n > maxSteps {
				return fmt.Errorf("steps is a whole number from 1 to %d", maxSteps)
			}
			l.Steps = v.n
		case "timeout":
			// Playwright reads timeout: 0 as "wait forever"; prima bounds every wait.
			if v.kind != number || v.n < 1 {
				return fmt.Errorf("timeout is a positive whole number of milliseconds")
			}
			l.TimeoutMS = v.n
		case "waitUntil":
			if v.kind != str || !slices.Contains([]string{"load", "domcontentloaded", "commit", "networkidle"}, v.s) {
				return fmt.Errorf("waitUntil is 'load', 'domcontentloaded', 'commit' or 'networkidle'")
			}
			l.WaitUntil = v.s
		case "position", "sourcePosition", "targetPosition":
			x, okx := v.obj["x"]
			y, oky := v.obj["y"]
			if v.kind != object || len(v.keys) != 2 || !okx || !oky || x.kind != number || y.kind != number || x.n < 0 || y.n < 0 {
				return fmt.Errorf("%s is { x: N, y: N }, whole CSS pixels from the element's top left", k)
			}
			p := &Point{X: x.n, Y: y.n}
			switch k {
			case "position":
				l.Position = p
			case "sourcePosition":
				l.SourcePosition = p
			default:
				l.TargetPosition = p
			}
		case "referer":
			if v.kind != str || v.s == "" {
				return fmt.Errorf("referer is a URL string")
			}
			l.Referer = v.s
		case "scroll":
			if v.kind != str || (v.s != "auto" && v.s != "none") {
				return fmt.Errorf("scroll is 'auto' or 'none'")
			}
			l.Scroll = v.s
		case "trial", "noWaitAfter":
			if v.kind != boolean {
				return fmt.Errorf("%s is true or false", k)
			}
			if k == "trial" {
				l.Trial = v.b
			} else {
				l.NoWaitAfter = v.b
			}
		case "modifiers":
			if v.kind != array {
				return fmt.Errorf("modifiers is an array, like ['Shift']: of %s", strings.Join(modifierKeys, ", "))
			}
			var mods []string // nil for [], as for no modifiers at all
			for _, e := range v.elems {
				if e.kind != str || !slices.Contains(modifierKeys, e.s) {
					return fmt.Errorf("a modifier is one of %s", strings.Join(modifierKeys, ", "))
				}
				if slices.Contains(mods, e.s) {
					return fmt.Errorf("modifier %s is given twice", e.s)
				}
				mods = append(mods, e.s)
			}
			l.Modifiers = mods
		}
	}
	return nil
}

// chain is a locator being built from its calls.
type chain struct {
	sels, codes []string
	// frame: the chain so far is an iframe (frameLocator, contentFrame) not
	// yet entered. Playwright enters it with the next locator call, while
	// first, last and nth still pick among the iframes, as FrameLocator's do.
	frame bool
}

func (c *chain) empty() bool { return len(c.codes) == 0 }

func (c *chain) selector() string {
	if c.empty() {
		return ""
	}
	return strings.Join(c.sels, " >> ")
}

func (c *chain) code() string {
	if c.empty() {
		return ""
	}
	return "page." + strings.Join(c.codes, ".")
}

// add appends one locator call.
func (c *chain) add(name string, args []arg) error {
	switch name {
	case "contentFrame":
		switch {
		case len(args) != 0:
			return fmt.Errorf("contentFrame takes no argument")
		case c.empty():
			return fmt.Errorf("contentFrame needs a locator of an iframe before it, like page.locator('iframe').contentFrame()")
		case c.frame:
			return fmt.Errorf("contentFrame follows a locator of an iframe, not a frame")
		}
		c.codes = append(c.codes, "contentFrame()")
		c.frame = true
		return nil
	case "first", "last", "nth":
		if c.empty() {
			example := name + "()"
			if name == "nth" {
				example = "nth(1)"
			}
			return fmt.Errorf("%s needs a locator before it, like page.getByRole('listitem').%s", name, example)
		}
	}
	sel, code, err := compile(name, args)
	if err != nil {
		return err
	}
	if c.frame && name != "first" && name != "last" && name != "nth" {
		c.sels = append(c.sels, "internal:control=enter-frame")
		c.frame = false
	}
	c.sels = append(c.sels, sel)
	c.codes = append(c.codes, code)
	if name == "frameLocator" {
		c.frame = true
	}
	return nil
}

// escapeRegex makes a regex literal safe inside a selector, as
// Playwright's escapeRegexForSelector does: quotes are escaped and ">>"
// (the chain separator) is broken up. Non-regex text passes unchanged.
func escapeRegex(re string) string {
	if !strings.HasPrefix(re, "/") {
		return re
	}
	if end := strings.LastIndexByte(re, '/'); end > 0 && strings.ContainsAny(re[end:], "uv") {
		return re
	}
	var b strings.Builder
	for i := 0; i < len(re); i++ {
		c := re[i]
		switch {
		case c == '\\' && i+1 < len(re):
			b.WriteByte(c)
			b.WriteByte(re[i+1])
			i++
		case c == '"' || c == '\'' || c == '`':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '>' && i+1 < len(re) && re[i+1] == '>':
			b.WriteString(`\>\>`)
			i++
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// compile turns one locator call into its selector part and canonical code.
func compile(name string, args []arg) (string, string, error) {
	need := func(n int) error {
		if len(args) < n || args[0].kind != str && args[0].kind != regex {
			return fmt.Errorf("%s needs a string argument", name)
		}
		return nil
	}
	exact := false
	var opts map[string]arg
	if len(args) > 1 {
		if args[1].kind != object {
			return "", "", fmt.Errorf("the second argument of %s must be an options object", name)
		}
		opts = args[1].obj
		if e, ok := opts["exact"]; ok {
			if e.kind != boolean {
				return "", "", fmt.Errorf("the option exact of %s must be true or false", name)
			}
			exact = e.b
		}
	}
	if len(args) > 2 {
		return "", "", fmt.Errorf("%s takes at most two arguments", name)
	}
	switch name {
	case "getByRole":
		if len(args) < 1 || args[0].kind != str || args[0].s == "" {
			return "", "", fmt.Errorf("getByRole needs a role, like getByRole('button')")
		}
		sel := "internal:role=" + args[0].s
		for _, k := range []string{"name", "checked", "disabled", "expanded", "level", "pressed", "selected", "includeHidden"} {
			v, ok := opts[k]
			if !ok {
				continue
			}
			switch {
			case k == "name" && v.kind == str:
				sel += "[name=" + AttrQuote(v.s, exact) + "]"
			case k == "name" && v.kind == regex:
				sel += "[name=" + escapeRegex(v.s) + "]"
			case k == "level" && v.kind == number:
				sel += "[level=" + strconv.Itoa(v.n) + "]"
			case k != "name" && k != "level" && v.kind == boolean:
				attr := k
				if k == "includeHidden" {
					attr = "include-hidden"
				}
				sel += fmt.Sprintf("[%s=%t]", attr, v.b)
			default:
				return "", "", fmt.Errorf("getByRole option %s has the wrong type", k)
			}
		}
		for k := range opts {
			switch k {
			case "name", "exact", "checked", "disabled", "expanded", "level", "pressed", "selected", "includeHidden":
			default:
				return "", "", fmt.Errorf("getByRole has no option %q", k)
			}
		}
		return sel, "getByRole(" + renderArgs(args) + ")", nil
	case "getByText", "getByLabel", "getByPlaceholder", "getByAltText", "getByTitle":
		if err := need(1); err != nil {
			return "", "", err
		}
		for k, v := range opts {
			if k != "exact" || v.kind != boolean {
				return "", "", fmt.Errorf("%s takes only the option exact: true|false", name)
			}
		}
		var sel string
		val := escapeRegex(args[0].s)
		if args[0].kind == str {
			val = AttrQuote(args[0].s, exact)
		}
		switch name {
		case "getByText":
			if args[0].kind == str {
				val = TextQuote(args[0].s, exact)
			}
			sel = "internal:text=" + val
		case "getByLabel":
			if args[0].kind == str {
				val = TextQuote(args[0].s, exact)
			}
			sel = "internal:label=" + val
		case "getByPlaceholder":
			sel = "internal:attr=[placeholder=" + val + "]"
		case "getByAltText":
			sel = "internal:attr=[alt=" + val + "]"
		case "getByTitle":
			sel = "internal:attr=[title=" + val + "]"
		}
		return sel, name + "(" + renderArgs(args) + ")", nil
	case "getByTestId":
		if len(args) != 1 || args[0].kind != str {
			return "", "", fmt.Errorf("getByTestId needs one string argument")
		}
		return "internal:testid=[data-testid=" + AttrQuote(args[0].s, true) + "]", name + "(" + renderArgs(args) + ")", nil
	case "locator", "frameLocator":
		if len(args) != 1 || args[0].kind != str || strings.TrimSpace(args[0].s) == "" {
			return "", "", fmt.Errorf("%s needs one non-empty selector string", name)
		}
		// frameLocator's enter-frame step is added by chain.add, after any
		// first, last or nth that picks the iframe.
		return args[0].s, name + "(" + renderArgs(args) + ")", nil
	case "first", "last":
		if len(args) != 0 {
			return "", "", fmt.Errorf("%s takes no argument", name)
		}
		if name == "first" {
			return "nth=0", "first()", nil
		}
		return "nth=-1", "last()", nil
	case "nth":
		if len(args) != 1 || args[0].kind != number {
			return "", "", fmt.Errorf("nth needs one integer argument")
		}
		return "nth=" + strconv.Itoa(args[0].n), "nth(" + strconv.Itoa(args[0].n) + ")", nil
	case "filter":
		// Only the visibility filter: prima prints it where a hidden copy
		// of a text exists beside the visible one.
		if len(args) != 1 || args[0].kind != object || len(args[0].keys) != 1 || args[0].keys[0] != "visible" || args[0].obj["visible"].kind != boolean {
			return "", "", fmt.Errorf("filter takes only { visible: true|false }")
		}
		v := args[0].obj["visible"].b
		return fmt.Sprintf("visible=%t", v), fmt.Sprintf("filter({ visible: %t })", v), nil
	}
	return "", "", fmt.Errorf("unknown method %q; use getByRole, getByText, getByLabel, getByPlaceholder, getByTestId, getByAltText, getByTitle, locator, frameLocator, contentFrame, first, last, nth, filter, then one action: %s", name, strings.Join(actionNames(), ", "))
}
