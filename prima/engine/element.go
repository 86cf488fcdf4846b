package engine

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
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

	// Playwright's own options, passed through as given (pwline.Line's).
	DelayMS     int
	Steps       int
	Scroll      string
	Trial       bool
	NoWaitAfter bool
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

// LineOf is the action on a locator as one Playwright line, rendered by
// pwline so that prima pw accepts back every line prima prints.
func LineOf(a pwline.Action, locator string, o Opts) pwline.Line {
	l := pwline.Line{Locator: locator, Method: a.Method, Button: o.Button, Modifiers: o.Modifiers, ClickCount: o.Count, Position: o.Position,
		DelayMS: o.DelayMS, Steps: o.Steps, Scroll: o.Scroll, Trial: o.Trial, NoWaitAfter: o.NoWaitAfter}
	switch a.Name {
	case pwline.Select, pwline.Upload:
		l.Values = o.values()
		if len(l.Values) == 1 {
			l.Value = l.Values[0]
		}
	default:
		if a.Value {
			l.Value = o.Value
		}
	}
	if a.Name == pwline.Dblclick {
		l.ClickCount = 0
	}
	return l
}

// onHandle performs the action on the very element a ref resolved to: a
// handle cannot drift to another element, so a changed page makes it fail
// rather than hit something else.
func onHandle(ctx context.Context, a pwline.Action, h playwright.ElementHandle, o Opts) error {
	t := playwright.Float(LeftMS(ctx))
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
	var delay *float64
	if o.DelayMS > 0 {
		delay = playwright.Float(float64(o.DelayMS))
	}
	var steps *int
	if o.Steps > 0 {
		steps = playwright.Int(o.Steps)
	}
	var scroll *playwright.ScrollMode
	if o.Scroll != "" {
		s := playwright.ScrollMode(o.Scroll)
		scroll = &s
	}
	var trial *bool
	if o.Trial {
		trial = playwright.Bool(true)
	}
	switch a.Name {
	case pwline.Click:
		return h.Click(playwright.ElementHandleClickOptions{Timeout: t, Position: pos, Button: button, Modifiers: mods, ClickCount: count,
			Delay: delay, Steps: steps, Scroll: scroll, Trial: trial})
	case pwline.Dblclick:
		// Playwright's dblclick is a click with two clicks; the driver
		// refuses the options the dblclick call sends.
		return h.Click(playwright.ElementHandleClickOptions{Timeout: t, Position: pos, Button: button, Modifiers: mods, ClickCount: playwright.Int(2),
			Delay: delay, Steps: steps, Scroll: scroll, Trial: trial})
	case pwline.Hover:
		return h.Hover(playwright.ElementHandleHoverOptions{Timeout: t, Position: pos, Modifiers: mods, Scroll: scroll, Trial: trial})
	case pwline.Fill:
		return h.Fill(o.Value, playwright.ElementHandleFillOptions{Timeout: t})
	case pwline.Type:
		return h.Type(o.Value, playwright.ElementHandleTypeOptions{Timeout: t, Delay: delay})
	case pwline.Press:
		return h.Press(o.Value, playwright.ElementHandlePressOptions{Timeout: t, Delay: delay})
	case pwline.Check:
		return h.Check(playwright.ElementHandleCheckOptions{Timeout: t, Position: pos, Scroll: scroll, Trial: trial})
	case pwline.Uncheck:
		return h.Uncheck(playwright.ElementHandleUncheckOptions{Timeout: t, Position: pos, Scroll: scroll, Trial: trial})
	case pwline.Select:
		vs := o.values()
		_, err := h.SelectOption(playwright.SelectOptionValues{ValuesOrLabels: &vs}, playwright.ElementHandleSelectOptionOptions{Timeout: t})
		return err
	case pwline.Focus:
		return h.Focus()
	case pwline.Clear:
		return h.Fill("", playwright.ElementHandleFillOptions{Timeout: t})
	}
	return &pwline.UnknownActionError{Action: string(a.Name)}
}

// upload sets the files of a file input, of a label's file input, or of
// the file input a control's click opens (an "Attach file" button that
// calls input.click()): the input is caught in the page as the click asks
// for it, and given the files directly, so no file chooser ever opens (a
// chooser left to a playwright-cli user sharing the browser would hold
// their session in its modal state). It returns the input it set, nil
// when h itself took the files.
func (e *Engine) upload(ctx context.Context, h playwright.ElementHandle, files []string) (playwright.ElementHandle, error) {
	t := playwright.Float(LeftMS(ctx))
	v, err := e.Evaluate(ctx, h, fileInputJS)
	if err != nil {
		return nil, err
	}
	if v == true {
		return nil, h.SetInputFiles(files, playwright.ElementHandleSetInputFilesOptions{Timeout: t})
	}
	c, err := e.EvaluateHandle(ctx, h, labelControlJS)
	if cut(err) {
		return nil, err
	}
	if err == nil {
		if input := c.AsElement(); input != nil {
			return input, input.SetInputFiles(files, playwright.ElementHandleSetInputFilesOptions{Timeout: t})
		}
	}
	if _, err := e.Evaluate(ctx, h, catchPickerJS); err != nil {
		return nil, err
	}
	clickErr := h.Click(playwright.ElementHandleClickOptions{Timeout: t})
	caught, err := e.EvaluateHandle(ctx, h, caughtPickerJS)
	if clickErr != nil {
		return nil, clickErr
	}
	if err != nil {
		return nil, err
	}
	input := caught.AsElement()
	if input == nil {
		return nil, errNoFileInput
	}
	return input, input.SetInputFiles(files, playwright.ElementHandleSetInputFilesOptions{Timeout: t})
}

// fileInputJS tells whether an element is a file input.
//
//go:embed js/file_input.js
var fileInputJS string

// labelControlJS is the file input a label (or an element inside one)
// stands for, else null.
//
//go:embed js/label_control.js
var labelControlJS string

// catchPickerJS makes a file input's click() and showPicker() record the
// input instead of opening the chooser, until caughtPickerJS restores them.
//
//go:embed js/catch_picker.js
var catchPickerJS string

// caughtPickerJS waits briefly for the input (a handler may ask for it a
// moment after the click), restores the prototype and returns it.
//
//go:embed js/caught_picker.js
var caughtPickerJS string

// inspectJS tells, in one round trip, whether a user could act on the
// element: disabled, readonly, not visible, or covered at its centre (and
// then a visible point of its own, hit-tested); and whether it is a
// password field. It scrolls the element into view first, as a user would.
//
//go:embed js/inspect.js
var inspectSrc string

var inspectJS = strings.NewReplacer("(TRACK)", "("+strings.TrimSpace(trackJS)+")", "(UNSEEN)", "("+strings.TrimSpace(unseenJS)+")").Replace(inspectSrc)

// inspection is what inspectJS found.
type inspection struct {
	password, disabled, readonly, hidden bool
	editable                             bool   // contenteditable
	field                                bool   // it takes a value itself (an input, a select, a textarea, contenteditable)
	inEditor                             bool   // inside an editor, not the editor itself: it takes no focus
	doc                                  string // the settle tracker's document id, armed in the main document
	value                                string // what the field held before the action
	cover                                string
	unseen                               string // a field no user sees: what is shown in its place
	disabledBy                           string // the aria-disabled element that holds it, when not itself
	label                                bool   // its own label covers its centre: the pointer reaches the label
	shownLabel                           bool   // it is hidden from the user and its own label shows: the pointer goes there
	point                                *pwline.Point
	options                              [][2]string // a select's options, [value, label]; nil for another element
}

// inspect asks inspectJS about h; pointer arms the record of where a
// click lands, stop (an action that clicks) also stops a misdirected one.
func (e *Engine) inspect(ctx context.Context, h playwright.ElementHandle, pointer, stop bool) (inspection, error) {
	v, err := e.Evaluate(ctx, h, inspectJS, []any{pointer, trackCfg("stop", stop)})
	if err != nil {
		return inspection{}, err
	}
	m, _ := v.(map[string]any)
	b := func(k string) bool { x, _ := m[k].(bool); return x }
	in := inspection{field: b("field"), password: b("password"), disabled: b("disabled"), readonly: b("readonly"), hidden: b("hidden"), editable: b("editable"), label: b("label"), shownLabel: b("shownLabel"), inEditor: b("inEditor")}
	in.value, _ = m["value"].(string)
	in.doc, _ = m["doc"].(string)
	in.cover, _ = m["cover"].(string)
	in.unseen, _ = m["unseen"].(string)
	in.disabledBy, _ = m["disabledBy"].(string)
	if p, ok := m["point"].(map[string]any); ok {
		in.point = &pwline.Point{X: jsInt(p["x"]), Y: jsInt(p["y"])}
	}
	if opts, ok := m["options"].([]any); ok {
		in.options = [][2]string{}
		for _, o := range opts {
			if pair, ok := o.([]any); ok && len(pair) == 2 {
				v, _ := pair[0].(string)
				l, _ := pair[1].(string)
				in.options = append(in.options, [2]string{v, l})
			}
		}
	}
	return in, nil
}

// pointerReachedJS and swappedOnHoverJS read what inspectJS recorded of
// the pointer's arrival.
//
//go:embed js/pointer_reached.js
var pointerReachedJS string

//go:embed js/swapped_on_hover.js
var swappedOnHoverJS string

// pointerReached tells whether the pointer reached the element (a
// mouseover on it, or inside it) since inspectJS armed the recorder.
func (e *Engine) pointerReached(ctx context.Context, h playwright.ElementHandle) (bool, error) {
	v, err := e.Evaluate(ctx, h, pointerReachedJS)
	return err == nil && v == true, err
}

// swappedOnHover tells whether the page removed the element while it
// answered the pointer's arrival (the "active link" that replaces itself):
// only then is an element of the same kind that the used: locator alone
// matches its replacement, and not another element the page put there.
func (e *Engine) swappedOnHover(ctx context.Context, h playwright.ElementHandle) (bool, error) {
	v, err := e.Evaluate(ctx, h, swappedOnHoverJS)
	return err == nil && v == true, err
}

// positional reports whether a locator finds its element by position
// (nth, an XPath): such a locator may name another element once the page
// changed, so it never stands for a replaced one.
func positional(code string) bool {
	return strings.Contains(code, ".nth(") || strings.Contains(code, "xpath=") || strings.Contains(code, ".first()") || strings.Contains(code, ".last()")
}

// sameKindJS tells whether an element can stand for another that left the
// page: connected, of its tag, and put in no earlier than the other left.
//
//go:embed js/same_kind.js
var sameKindJS string

// thereBeforeError: the one element the used: line matches now was on the
// page before the acted one left, so it is not its replacement.
type thereBeforeError struct{ other playwright.ElementHandle }

func (e *thereBeforeError) Error() string {
	return "the element the locator matches now was there before"
}

// replacement finds the element that took h's place: the one element the
// action's own used: line matches now, of h's tag, in h's frame, put in
// the page no earlier than h left.
func (e *Engine) replacement(ctx context.Context, h playwright.ElementHandle, used pwline.Line) (playwright.ElementHandle, error) {
	sel, err := used.LocatorSelector()
	if err != nil || sel == "" {
		return nil, fmt.Errorf("no locator to find a replacement with")
	}
	f, err := h.OwnerFrame()
	if err != nil {
		return nil, err
	}
	loc := f.Locator(sel)
	n, err := within(ctx, e, loc.Count)
	if cut(err) {
		return nil, err
	}
	if err != nil || n != 1 {
		return nil, fmt.Errorf("the locator matches %d elements", n)
	}
	h2, err := loc.ElementHandle(playwright.LocatorElementHandleOptions{Timeout: playwright.Float(1000)})
	if err != nil {
		return nil, err
	}
	same, err := e.Evaluate(ctx, h2, sameKindJS, h)
	if cut(err) {
		return nil, err
	}
	switch {
	case err == nil && same == "same":
		return h2, nil
	case err == nil && same == "before":
		return nil, &thereBeforeError{h2}
	}
	return nil, fmt.Errorf("the element the locator matches now is not of the same kind")
}

// landedJS tells where the action's click landed: whether it reached the
// element, what it reached and whether it was stopped; when no click event
// fired, {gone: true} if the page took the element away meanwhile,
// {disabled: true} if it disabled it and {moved: true} if the press reached
// it and no click followed (the page took it out and put it back: a browser
// sends no click to a node removed under the press), else null. The action
// is over: it stops nothing more.
//
//go:embed js/landed.js
var landedJS string

// coveringLabelJS finds the label of the element that covers its centre.
//
//go:embed js/covering_label.js
var coveringLabelJS string

// disarmJS: an action that clicks ended without its click (it failed
// before, or its element went away); the user's next click is not its.
//
//go:embed js/disarm.js
var disarmJS string

// connectedJS tells whether an element is still in its document.
//
//go:embed js/connected.js
var connectedJS string

// MisdirectedError: the page moved between press and release, and the
// browser sent the click to another element. Stopped: prima's listener
// stopped it at the window before any element saw it (the usual case);
// otherwise that element got it, and whatever it did is in the Changes.
// Either way the asked element did not get the click.
type MisdirectedError struct {
	Target, On string
	Stopped    bool
	// Pressed: the press reached the target before the page moved (its
	// pointerdown or mousedown went to it). Role and Name are how Changes
	// name the target, Role "" when unknown.
	Pressed    bool
	Role, Name string
}

// Note is what a step says when the press reached the target, the page
// answered it, and the click it moved away was stopped.
func (e *MisdirectedError) Note() string {
	return fmt.Sprintf("the page moved on the press; prima stopped the click bound for %s", e.On)
}

func (e *MisdirectedError) Error() string {
	if e.Stopped {
		return fmt.Sprintf("the click on %s would have landed on %s instead: the page moved under the pointer; prima stopped the click, so no element got it", e.Target, e.On)
	}
	return fmt.Sprintf("the click on %s landed on %s instead: the page moved under the pointer; %s did not get it", e.Target, e.On, e.Target)
}

func (e *MisdirectedError) FailureCode() envelope.Code { return envelope.CodeNotActionable }

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
// away) proves nothing either way, unless the element was pressed or the
// page took it away under the press: then no element got the click.
func (e *Engine) landed(ctx context.Context, h playwright.ElementHandle, t Target) error {
	v, err := e.Evaluate(ctx, h, landedJS)
	if err != nil {
		return deadlineOnly(err)
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	gone, _ := m["gone"].(bool)
	disabled, _ := m["disabled"].(bool)
	moved, _ := m["moved"].(bool)
	if gone || disabled || moved {
		return &NoClickError{Target: t.What(), Role: t.Role, Name: t.Name, Disabled: disabled, Moved: moved}
	}
	if hit, _ := m["ok"].(bool); !hit {
		on, _ := m["on"].(string)
		stopped, _ := m["stopped"].(bool)
		pressed, _ := m["pressed"].(bool)
		return &MisdirectedError{Target: t.What(), On: on, Stopped: stopped, Pressed: pressed, Role: t.Role, Name: t.Name}
	}
	return nil
}

// deadlineOnly is what a failed check read says: nothing (the element
// went away with the action: the diff tells), unless the command's time
// ran out, which fails the command.
func deadlineOnly(err error) error {
	if cut(err) {
		return err
	}
	return nil
}

// EvaluateHandle is Evaluate for a script that answers a handle.
func (e *Engine) EvaluateHandle(ctx context.Context, on interface {
	EvaluateHandle(string, ...any) (playwright.JSHandle, error)
}, js string, arg ...any) (playwright.JSHandle, error) {
	return within(ctx, e, func() (playwright.JSHandle, error) { return on.EvaluateHandle(js, arg...) })
}

// straysJS tells which controls besides the bound ones the action's
// trusted input reached, and where a key action's keys went.
//
//go:embed js/strays.js
var straysJS string

// strays fails when the action's input reached another control than the
// bound elements (h and also), or a key action's keys none of them; a
// page that keeps no record (another document, no tracker) tells nothing.
// keyed: the action's keys go to the element; texts: the action sends
// text or keys (fill, type, clear, press), so a field's input events may be
// its hand's.
func (e *Engine) strays(ctx context.Context, h playwright.ElementHandle, also []playwright.ElementHandle, keyed, texts bool, what string) error {
	others := make([]any, len(also))
	for i, x := range also {
		others[i] = x
	}
	v, err := e.Evaluate(ctx, h, straysJS, []any{others, keyed, texts})
	if err != nil {
		return deadlineOnly(err)
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	se := &StrayInputError{Target: what}
	if list, ok := m["strays"].([]any); ok {
		for _, x := range list {
			s, _ := x.(map[string]any)
			w, _ := s["what"].(string)
			var evs []string
			if l, ok := s["events"].([]any); ok {
				for _, ev := range l {
					if t, ok := ev.(string); ok {
						evs = append(evs, t)
					}
				}
			}
			se.Others = append(se.Others, w+" ("+strings.Join(evs, ", ")+")")
		}
	}
	se.KeyTo, _ = m["keyTo"].(string)
	if len(se.Others) == 0 && se.KeyTo == "" {
		return nil
	}
	return se
}

// readValueJS reads what a field holds, contenteditable included; a label
// is read through its control, which Playwright's fill acted on; null for
// a field no longer in the page.
//
//go:embed js/read_value.js
var readValueJS string

// wrongKind is why Playwright refused an element of the wrong kind for the
// action (it says so before it does anything), "" for any other error.
// Playwright words these refusals only in its messages.
func wrongKind(err error) string {
	switch msg := err.Error(); {
	case strings.Contains(msg, "Not a checkbox or radio button"):
		return "is not a checkbox, a radio button or a switch"
	case strings.Contains(msg, "Element is not an <input>, <textarea>"):
		return "is not a field (an input, a textarea, a select or an editable element)"
	case strings.Contains(msg, "Cannot uncheck radio button"):
		return "can be unchecked only by checking another radio button of its group"
	}
	return ""
}

// errNoFileInput: upload's click asked for no file input.
var errNoFileInput = errors.New("the click asked for no file input")

// NoFileInputError: an upload clicked an element that is no file input,
// to open the chooser it stands for, and the page asked for no file input
// (a chooser the browser opens by itself prima does not answer).
type NoFileInputError struct{ Target string }

func (e *NoFileInputError) Error() string {
	return e.Target + " was clicked to open a file chooser, and the page asked for no file input; what the click did is in the Changes (prima gives files to file inputs: name one, or the button or label that opens one)"
}

func (e *NoFileInputError) FailureCode() envelope.Code { return envelope.CodeNotActionable }

// holdsOptions gives, for each option asked for, what Playwright is to
// select: the asked text itself when an option's value or label is
// exactly that, else the value of the one option whose label reads the
// same with its spacing as a user types it (a non-breaking or a repeated
// space as one space: Playwright matches labels exactly). It fails when a
// select has no such option: Playwright would wait for it until the
// timeout.
func holdsOptions(what string, options [][2]string, asked []string) ([]string, error) {
	out := make([]string, len(asked))
	for i, want := range asked {
		if slices.ContainsFunc(options, func(o [2]string) bool { return o[0] == want || o[1] == want }) {
			out[i] = want
			continue
		}
		var like []string
		for _, o := range options {
			if spaced(o[1]) == spaced(want) {
				like = append(like, o[0])
			}
		}
		if len(like) == 1 {
			out[i] = like[0]
			continue
		}
		labels := make([]string, len(options))
		for i, o := range options {
			labels[i] = o[1]
		}
		return nil, &NoOptionError{Select: what, Option: want, Options: labels}
	}
	return out, nil
}

// spaced is s with every run of white space (non-breaking ones included)
// as one space, trimmed.
func spaced(s string) string { return strings.Join(strings.Fields(s), " ") }

// inputSeenJS tells whether an input event of the action reached the
// page (inspect.js watches at the window).
//
//go:embed js/input_seen.js
var inputSeenJS string

// checkedJS reads whether a box is checked, as Playwright's check does: a
// checkbox or radio input (through its label), else aria-checked; null
// when the element says neither.
//
//go:embed js/checked.js
var checkedJS string

// selectedJS lists the options a select holds, [value, label] each; a
// label is read through its control, which Playwright's selectOption acted
// on; null for an element that holds no options.
//
//go:embed js/selected.js
var selectedJS string

// Target is what an action acts on: the element's role and name when a
// snapshot named it, and the code of the locator that found it.
type Target struct{ Role, Name, Code string }

// Head is how Changes name the target (`button "Save"`), "" when no
// snapshot named it.
func (t Target) Head() string {
	if t.Role == "" {
		return ""
	}
	return ariadiff.Head(t.Role, t.Name)
}

// What is how a message names the target: its head, else its locator.
func (t Target) What() string {
	if h := t.Head(); h != "" {
		return h
	}
	return t.Code
}

// OnElement prepares an action on a bound element. It fails fast when a
// user could not act on it (rule 14: disabled, readonly, hidden, covered),
// clicks a covered target at a visible point of its own when one is
// hit-tested to be that element, masks a password field's value (rule
// 13) and plans the proof of a fill or type (rule 11).
//
// Every read it and the action's checks make is bounded by ctx, the
// command's: one the deadline cuts fails the command as a timeout.
func (e *Engine) OnElement(ctx context.Context, h playwright.ElementHandle, t Target, a pwline.Action, o Opts) (*Action, error) {
	what, code := t.What(), t.Code
	value := o.Value
	pointer, stop := a.Pointer(), a.Clicks()
	ins, err := e.inspect(ctx, h, pointer, stop)
	if err != nil {
		return nil, err
	}
	if ins.password {
		e.masked.Add(value)
	}
	if a.Is(pwline.Fill, pwline.Clear) && !ins.field {
		// A hand fills an editor's document (whose keys go to an input
		// it hides) by clicking into it and typing over its text.
		v, err := e.EvaluateHandle(ctx, h, editorDocumentJS)
		if cut(err) {
			return nil, err
		}
		if err == nil {
			if proxy := v.AsElement(); proxy != nil {
				return e.IntoDocument(ctx, h, proxy, t, a, o)
			}
			v.Dispose()
		}
	}
	switch {
	case ins.disabled && !a.Is(pwline.Focus, pwline.Hover) && ins.disabledBy != "":
		return nil, &NotActionableError{Target: what, Why: "is disabled: it is in " + ins.disabledBy + ", which is aria-disabled"}
	case ins.disabled && !a.Is(pwline.Focus, pwline.Hover):
		return nil, &NotActionableError{Target: what, Why: "is disabled"}
	case ins.readonly && a.Sets():
		return nil, &NotActionableError{Target: what, Why: "is readonly"}
	case ins.hidden:
		return nil, &NotActionableError{Target: what, Why: "is not visible (it has no size)"}
	case ins.unseen != "" && (a.Sets() || a.Name == pwline.Select):
		// A value set behind the widget's back is not what the page shows:
		// the widget the user sees is what a user acts on.
		return nil, &NotActionableError{Target: what, Why: "is hidden from the user, with " + ins.unseen + " shown in its place: a value set there is not what the page shows; act on what is shown (its ref in a snapshot)"}
	case pointer && ins.cover != "" && ins.point == nil:
		return nil, &NotActionableError{Target: what, Why: "is covered by " + ins.cover}
	case a.Name == pwline.Select && ins.options == nil:
		return nil, &NotActionableError{Target: what, Why: "is not a <select>: a list it opens is picked by clicking the option (pw click on the option's ref)"}
	case a.Name == pwline.Select:
		vals, err := holdsOptions(what, ins.options, o.values())
		if err != nil {
			return nil, err
		}
		o.Value, o.Values = "", vals
	}
	p := &Action{Doc: ins.doc, Target: t}
	if a.Sets() || a.Name == pwline.Press {
		p.Typing = true
		p.Field = t
	}
	if pointer && ins.cover != "" && o.Position == nil {
		o.Position = ins.point
		p.Note = fmt.Sprintf("%s: its centre is covered by %s; acted at a visible point of its own (%d, %d), hit-tested to be that element", what, ins.cover, o.Position.X, o.Position.Y)
	}
	p.Line = LineOf(a, code, o)
	acting := h // the element the pointer goes to: h, or the label that covers it
	if stop && ins.label && o.Position == nil {
		lh, err := e.EvaluateHandle(ctx, h, coveringLabelJS)
		if cut(err) {
			return nil, err
		}
		if err == nil {
			if l, ok := lh.(playwright.ElementHandle); ok {
				acting = l
				p.Note = what + ": its own label covers it (a custom checkbox's box); prima clicked the label, as a user does"
				if ins.shownLabel {
					p.Note = what + ": it is hidden from the user and its own label is shown in its place; prima clicked the label, as a user does"
					// Playwright's own hit test would find another label
					// over the hidden box: used: names the label clicked.
					if f, ferr := l.OwnerFrame(); ferr == nil {
						if lcode, _, lerr := browser.LocatorOf(ctx, e.Within, f.Page(), l); lerr == nil {
							p.Line = LineOf(a, lcode, o)
						}
					}
				}
			} else {
				lh.Dispose()
			}
		}
	}
	target := h                       // the element the action reached: h, or its replacement
	var gave playwright.ElementHandle // the file input an upload gave the files to
	p.Run = func(ctx context.Context) error {
		err := onHandle(ctx, a, acting, o)
		if err == nil {
			return nil
		}
		if why := wrongKind(err); why != "" {
			return &NotActionableError{Target: what, Why: why}
		}
		if ke := unknownKey(err); ke != nil {
			return ke
		}
		// An element the page removed mid-action: ask the element itself
		// rather than read the error's text.
		if v, cerr := e.Evaluate(ctx, h, connectedJS); cerr != nil || v != false {
			return err
		}
		if a.Name == pwline.Hover {
			reached, rerr := e.pointerReached(ctx, h)
			if cut(rerr) {
				return rerr
			}
			if reached {
				// The usual "active link": the page swapped the element
				// when the pointer reached it. The hover happened;
				// Changes show what it did.
				p.Note = what + ": the page replaced it when the pointer reached it; the hover happened"
				return nil
			}
		}
		swapped := false
		if pointer && !positional(code) {
			var serr error
			if swapped, serr = e.swappedOnHover(ctx, h); cut(serr) {
				return serr
			}
		}
		if swapped {
			h2, retryErr := e.replacement(ctx, h, p.Line)
			if cut(retryErr) {
				return retryErr
			}
			if retryErr == nil {
				if _, retryErr = e.inspect(ctx, h2, pointer, stop); cut(retryErr) {
					return retryErr
				}
				if retryErr == nil {
					target = h2
					p.Note = what + ": the page replaced it when the pointer reached it; acted on its replacement, the one element `used:` matches"
					return onHandle(ctx, a, h2, o)
				}
			}
		}
		return &NotActionableError{Target: what, Why: "was detached from the page while prima acted (take a new snapshot)"}
	}
	var host playwright.ElementHandle // the editor a paragraph's keys go to
	if a.Keyed() && ins.inEditor {
		host = e.caretFirst(ctx, h, p, o, code, what)
	}
	if a.Name == pwline.Upload {
		p.Run = func(ctx context.Context) error {
			input, err := e.upload(ctx, h, o.values())
			if input != nil {
				gave = input
				// used: names what took the files: the input the control's
				// click asked for, not the control.
				if f, ferr := input.OwnerFrame(); ferr == nil {
					if code, _, lerr := browser.LocatorOf(ctx, e.Within, f.Page(), input); lerr == nil {
						p.Line = LineOf(a, code, o)
					}
				}
				p.Note = what + ": prima gave the file input it stands for the files (no file chooser opened)"
			}
			if errors.Is(err, errNoFileInput) {
				return &NoFileInputError{Target: what}
			}
			return err
		}
	}
	if stop {
		p.Check = func() error { return e.landed(ctx, target, t) }
		run := p.Run
		p.Run = func(ctx context.Context) error {
			err := run(ctx)
			if err != nil {
				e.Evaluate(ctx, target, disarmJS)
			}
			return err
		}
	}
	keyed := a.Keyed()
	p.Strays = func() error {
		return e.strays(ctx, target, []playwright.ElementHandle{h, gave, host}, keyed, keyed || a.Sets(), what)
	}
	p.Release = func() {
		h.Dispose()
		if host != nil {
			host.Dispose()
		}
		if acting != h {
			acting.Dispose()
		}
		if target != h {
			target.Dispose()
		}
		if gave != nil {
			gave.Dispose()
		}
	}
	if a.Is(pwline.Check, pwline.Uncheck) {
		// Playwright clicks, and fails at once when the state did not
		// flip; a page may flip it a moment later (a switch that saves
		// first). The click reached the page: the state is read again
		// once the page settled, and only a box still as it was fails.
		want := a.Name == pwline.Check
		unflipped := false
		run := p.Run
		p.Run = func(ctx context.Context) error {
			err := run(ctx)
			if err != nil && strings.Contains(err.Error(), "did not change its state") {
				unflipped = true
				return nil
			}
			return err
		}
		clicked := p.Check
		p.Check = func() error {
			if clicked != nil {
				if err := clicked(); err != nil {
					return err
				}
			}
			if !unflipped {
				return nil
			}
			v, err := e.Evaluate(ctx, h, checkedJS)
			if err != nil {
				return deadlineOnly(err)
			}
			if got, ok := v.(bool); ok && got != want {
				states := map[bool]string{true: "checked", false: "unchecked"}
				return &StateMismatchError{Target: what, Want: states[want], Got: states[got]}
			}
			return nil
		}
	}
	if a.Name == pwline.Select {
		asked := o.values()
		p.Check = func() error {
			v, err := e.Evaluate(ctx, h, selectedJS)
			if err != nil {
				return deadlineOnly(err)
			}
			sel, ok := v.([]any)
			if !ok {
				return nil
			}
			var labels []string
			held := map[string]bool{}
			for _, x := range sel {
				if pair, ok := x.([]any); ok && len(pair) == 2 {
					value, _ := pair[0].(string)
					label, _ := pair[1].(string)
					held[value], held[label] = true, true
					labels = append(labels, label)
				}
			}
			for _, want := range asked {
				if !held[want] {
					return &ValueMismatchError{Field: what, Want: strings.Join(asked, ", "), Got: strings.Join(labels, ", "), PutBack: true}
				}
			}
			// What the list showed before and shows now, by label: the
			// proof of a list no name heads in the tree.
			was := ins.value
			for _, opt := range ins.options {
				if opt[0] == ins.value {
					was = opt[1]
					break
				}
			}
			p.Value = &[2]string{was, strings.Join(labels, ", ")}
			return nil
		}
	}
	if a.Sets() {
		want := value
		if a.Name == pwline.Clear {
			want = ""
		}
		p.Check = func() error {
			v, err := e.Evaluate(ctx, h, readValueJS)
			if err != nil {
				return deadlineOnly(err)
			}
			got, ok := v.(string)
			if !ok {
				// The field left the page as it was filled: replaced by a
				// form re-rendered from its state on input, or removed
				// before the value reached the page at all. What the page
				// holds is in the one element `used:` matches now, else
				// only the diff can show it.
				left := &LeftPageError{Target: what, Role: t.Role, Name: t.Name, Want: want, Typing: a.Name == pwline.Type}
				var h2 playwright.ElementHandle
				var before *thereBeforeError
				if !positional(p.Line.Locator) {
					if h2, err = e.replacement(ctx, h, p.Line); cut(err) {
						return err
					}
					errors.As(err, &before)
				}
				if h2 != nil {
					if v, err = e.Evaluate(ctx, h2, readValueJS); cut(err) {
						return err
					}
				}
				if got, ok = v.(string); !ok {
					// No field in its place. Its input event reached the
					// page's listeners while it was there: the page took
					// it away after the value reached it.
					seen, err := e.Evaluate(ctx, h, inputSeenJS)
					if cut(err) {
						return err
					}
					if seen == true {
						p.Note = what + ": the page took the field away after the value reached it (its input event ran); the Changes show what the page did"
						if before != nil {
							// Another element carries the name now: what
							// it holds is not this fill's result, but the
							// caller reads the name and should know.
							if v, err := e.Evaluate(ctx, before.other, readValueJS); cut(err) {
								return err
							} else if s, ok := v.(string); ok {
								p.Note += "; the field `used:` matches now was on the page before, and holds " + browser.QuoteShort(s)
							}
						}
						return nil
					}
					return left
				}
			}
			p.Value = &[2]string{ins.value, got}
			if ins.editable && got != ins.value {
				c := ariadiff.Change{Kind: ariadiff.Typed, Text: what + ": " + browser.QuoteShort(ins.value) + " -> " + browser.QuoteShort(got)}
				if t.Role != "" {
					c = ariadiff.ValueChange(ariadiff.Typed, t.Role, t.Name, browser.Short(ins.value), browser.Short(got))
				}
				p.Typed = &c
			}
			if got == want || (a.Name == pwline.Type && strings.Contains(got, want)) {
				return nil
			}
			// An input mask shows the value its way; typing adds to what
			// the field held, which the mask formats as a whole.
			if formattedAs(want, got) || (a.Name == pwline.Type && formattedAs(ins.value+want, got)) {
				shown := browser.QuoteShort(got)
				if ins.password {
					shown = fmt.Sprintf("%d characters", len([]rune(got)))
				}
				n := what + ": the page formatted the value as " + shown
				if p.Note != "" {
					n = p.Note + "; " + n
				}
				p.Note = n
				return nil
			}
			if ins.password {
				return &ValueMismatchError{Field: what, Want: fmt.Sprintf("%d characters", len([]rune(want))), Got: fmt.Sprintf("%d characters", len([]rune(got)))}
			}
			return &ValueMismatchError{Field: what, Want: want, Got: got, Typing: a.Name == pwline.Type}
		}
	}
	if o.Trial {
		// Playwright ran its checks and did nothing: there is no click to
		// land, no input to stray, no value to prove, and nothing left
		// armed to stop a later click.
		run := p.Run
		p.Run = func(ctx context.Context) error {
			err := run(ctx)
			e.Evaluate(ctx, target, disarmJS)
			return err
		}
		p.Check, p.Strays = nil, nil
		n := what + ": trial: Playwright's checks passed (attached, visible, stable, enabled, receiving events); nothing was done"
		if p.Note != "" {
			n = p.Note + "; " + n
		}
		p.Note = n
	}
	return p, nil
}

// unknownKey is the UnknownKeyError Playwright's refusal of a key it
// does not know stands for (it says so only in its message), else nil.
func unknownKey(err error) *UnknownKeyError {
	_, key, ok := strings.Cut(err.Error(), "Unknown key: ")
	if !ok {
		return nil
	}
	key, _, _ = strings.Cut(key, "\n")
	return &UnknownKeyError{Key: strings.Trim(key, `"`)}
}

// focusedJS is the element that has the focus, into shadow roots and
// same-origin frames; null when it is the page itself.
//
//go:embed js/focused.js
var focusedJS string

// OnFocused prepares a page-level key action (pw press KEY): the keys go
// to the element that has the focus, and the check after it is the one a
// key on a bound element gets, with that element bound: the keys reached
// it, and nothing else got input.
func (e *Engine) OnFocused(ctx context.Context, page playwright.Page, line pwline.Line, run func() error) (*Action, error) {
	a := &Action{Line: line, Run: func(context.Context) error {
		err := run()
		if err == nil {
			return nil
		}
		if ke := unknownKey(err); ke != nil {
			return ke
		}
		return err
	}}
	v, err := e.EvaluateHandle(ctx, page, focusedJS)
	if cut(err) {
		return nil, err
	}
	if err != nil {
		return a, nil
	}
	if h := v.AsElement(); h != nil {
		what := "the focused element"
		d, err := e.Evaluate(ctx, h, describeJS)
		if cut(err) {
			h.Dispose()
			return nil, err
		}
		if err == nil {
			if s, ok := d.(string); ok && s != "" {
				what = s
			}
		}
		a.Note = "the keys went to " + what + ", which had the focus"
		a.Strays = func() error { return e.strays(ctx, h, nil, true, true, what) }
		a.Release = func() { h.Dispose() }
	} else {
		v.Dispose()
	}
	return a, nil
}

// caretThereJS: the editor holding the element has the focus, with its
// selection in the element.
//
//go:embed js/caret_there.js
var caretThereJS string

// caretFirst makes a key action on an element inside an editor (a
// paragraph) a hand's: Playwright's press or type would focus the element
// itself, which takes the focus out of the editor and sends the keys to
// the page. A hand clicks into the element, at the end of its text, and
// types; the keys go to the editor, with the caret there. used: is the
// keyboard's line; the click before it is the action's Lead. It returns
// the editor, whose input is the action's too (nil when not found).
func (e *Engine) caretFirst(ctx context.Context, h playwright.ElementHandle, p *Action, o Opts, code, what string) playwright.ElementHandle {
	at := func() *playwright.Position {
		box, err := h.BoundingBox()
		if err != nil || box == nil || box.Width < 2 || box.Height < 2 {
			return nil
		}
		return &playwright.Position{X: box.Width - 1, Y: box.Height - 1}
	}
	key := pwline.Line{Method: "keyboard." + p.Line.Method, Value: o.Value, DelayMS: o.DelayMS}
	if p.Line.Method == "pressSequentially" {
		key.Method = "keyboard.type"
	}
	p.Line = key
	p.Note = what + ": it takes no focus of its own inside its editor; prima clicked into it at the end of its text, as a hand does, and the keys went to the editor with the caret there"
	p.Run = func(ctx context.Context) error {
		// A caret already there (the keys before put it there, or
		// selected the editor's text) is kept: a hand types on.
		if there, _ := e.Evaluate(ctx, h, caretThereJS); there != true {
			pos := at()
			lead := pwline.Line{Locator: code, Method: "click"}
			if pos != nil {
				lead.Position = &pwline.Point{X: int(pos.X), Y: int(pos.Y)}
			}
			p.Lead = []pwline.Line{lead}
			if err := h.Click(playwright.ElementHandleClickOptions{Timeout: playwright.Float(LeftMS(ctx)), Position: pos}); err != nil {
				return err
			}
		} else {
			p.Note = what + ": it takes no focus of its own inside its editor, which had the focus with the caret in it; the keys went there"
		}
		f, err := h.OwnerFrame()
		if err != nil {
			return err
		}
		kb := f.Page().Keyboard()
		var delay *float64
		if o.DelayMS > 0 {
			delay = playwright.Float(float64(o.DelayMS))
		}
		if key.Method == "keyboard.type" {
			err = kb.Type(o.Value, playwright.KeyboardTypeOptions{Delay: delay})
		} else {
			err = kb.Press(o.Value, playwright.KeyboardPressOptions{Delay: delay})
		}
		if err == nil {
			return nil
		}
		if ke := unknownKey(err); ke != nil {
			return ke
		}
		return err
	}
	v, err := e.EvaluateHandle(ctx, h, editorHostJS)
	if err != nil {
		return nil
	}
	if host := v.AsElement(); host != nil {
		return host
	}
	v.Dispose()
	return nil
}

// editorHostJS is the editor an element sits in.
//
//go:embed js/editor_host.js
var editorHostJS string

// describeJS names an element as a Change would (role "name"), roughly:
// enough to say which element had the focus.
//
//go:embed js/describe.js
var describeJS string

// DragOpts are dragTo's options: Steps (0 for prima's own), and the
// points of the two elements to press and release at (nil: centres).
type DragOpts struct {
	Steps    int
	From, To *pwline.Point
}

// sameElementJS tells whether two handles are the same element.
//
//go:embed js/same_element.js
var sameElementJS string

// Drag prepares a drag of one element onto another, as a user does
// it: press on the first, move in steps onto the second, release.
// Chromium turns that into HTML5 drag events too.
func (e *Engine) Drag(ctx context.Context, page playwright.Page, from, to playwright.ElementHandle, whatFrom, whatTo, codeFrom, codeTo string, o DragOpts) (*Action, error) {
	same, err := e.Evaluate(ctx, from, sameElementJS, to)
	if err != nil {
		return nil, err
	}
	if b, _ := same.(bool); b {
		return nil, &UsageError{Msg: fmt.Sprintf("%s and %s are the same element; a drag onto itself drags nothing", whatFrom, whatTo)}
	}
	for _, x := range []struct {
		h    playwright.ElementHandle
		what string
	}{{from, whatFrom}, {to, whatTo}} {
		ins, err := e.inspect(ctx, x.h, true, false)
		if err != nil {
			return nil, err
		}
		if ins.hidden {
			return nil, &NotActionableError{Target: x.what, Why: "is not visible (it has no size)"}
		}
		if ins.cover != "" && ins.point == nil {
			return nil, &NotActionableError{Target: x.what, Why: "is covered by " + ins.cover}
		}
	}
	was, err := e.dropPlace(ctx, from, to)
	if err != nil {
		return nil, err
	}
	return &Action{Line: pwline.Line{Locator: codeFrom, Method: "dragTo", Target2Locator: codeTo, Steps: o.Steps, SourcePosition: o.From, TargetPosition: o.To}, Check: func() error {
		// A page may draw the drop a frame or a timer after it went quiet
		// (a calendar moves its event once the drop's handler ran).
		until := time.Now().Add(dropDrawn)
		for {
			now, err := e.dropPlace(ctx, from, to)
			if err != nil {
				return deadlineOnly(err)
			}
			if was.arrived(now) {
				return nil
			}
			if time.Now().After(until) {
				return &DropMissedError{From: whatFrom, To: whatTo}
			}
			select {
			case <-ctx.Done():
				return ErrDeadline
			case <-time.After(50 * time.Millisecond):
			}
		}
	}, Strays: func() error {
		return e.strays(ctx, from, []playwright.ElementHandle{to}, false, false, whatFrom)
	}, Release: func() {
		from.Dispose()
		to.Dispose()
	}, Run: func(ctx context.Context) error {
		var at *playwright.Position
		if o.From != nil {
			at = &playwright.Position{X: float64(o.From.X), Y: float64(o.From.Y)}
		}
		if err := from.Hover(playwright.ElementHandleHoverOptions{Timeout: playwright.Float(LeftMS(ctx)), Position: at}); err != nil {
			return err
		}
		start, err := pointOf(from, o.From)
		if err != nil {
			return err
		}
		m := page.Mouse()
		if err := m.Down(); err != nil {
			return err
		}
		err = dragMoves(m, start, func() (pwline.Point, error) { return pointOf(to, o.To) }, o.Steps)
		if uerr := m.Up(); err == nil {
			err = uerr
		}
		return err
	}}, nil
}

// dropDrawn is how long a drag's check waits for the page to draw the
// element where it was dropped.
const dropDrawn = 600 * time.Millisecond

// dropPlaceJS reads where a dragged element sits against its target.
//
//go:embed js/drop_place.js
var dropPlaceJS string

// dropPlace is where a dragged element sits against its drop target.
type dropPlace struct {
	Gone, Inside, Before, Near bool
	Depth, Apart, Index        int
	Dist                       float64
}

func (e *Engine) dropPlace(ctx context.Context, from, to playwright.ElementHandle) (dropPlace, error) {
	v, err := e.Evaluate(ctx, from, dropPlaceJS, to)
	if err != nil {
		return dropPlace{Gone: !cut(err)}, deadlineOnly(err)
	}
	m, _ := v.(map[string]any)
	b := func(k string) bool { x, _ := m[k].(bool); return x }
	d, _ := m["dist"].(float64)
	return dropPlace{Gone: b("gone"), Inside: b("inside"), Before: b("before"), Near: b("near"), Depth: jsInt(m["depth"]), Apart: jsInt(m["apart"]), Index: jsInt(m["index"]), Dist: d}, nil
}

// arrived tells whether a drag brought the element to its target, from
// where it sat before (was) and sits now: inside it, in a nearer common
// container, on its other side or beside it among the same siblings, or
// at least halfway nearer; one already in the target's holder (a list
// dropped onto its own heading) by moving among its siblings toward the
// target. An element the page replaced (a calendar's
// event drawn anew) or that was never apart from it tells nothing: the
// Changes show what happened.
func (was dropPlace) arrived(now dropPlace) bool {
	switch {
	case was.Gone || now.Gone || was.Inside:
		return true
	case now.Inside, now.Depth > was.Depth:
		return true
	case now.Apart >= 0 && (now.Before != was.Before || (now.Apart == 1 && was.Apart != 1)):
		return true
	case was.Near && now.Near && now.Index != was.Index && now.Dist < was.Dist:
		return true
	}
	return now.Dist <= was.Dist/2
}

// dragSteps is how many pointer moves a drag makes between its two
// elements when the line names none (dragTo's steps).
const dragSteps = 12

// dragMoves moves a pressed pointer from start onto the target as a hand
// does: a few pixels first (drag libraries start a drag only past a
// distance, on a move after the press), then in steps to the target's
// centre, read again once the drag began (the page may re-lay out as it
// lifts the element), then once more on the spot (libraries that move
// an element on the frame after a move see the pointer settle there).
func dragMoves(m playwright.Mouse, start pwline.Point, target func() (pwline.Point, error), steps int) error {
	if steps < 1 {
		steps = dragSteps
	}
	for _, d := range []int{3, 8} {
		if err := m.Move(float64(start.X+d), float64(start.Y+d)); err != nil {
			return err
		}
	}
	end, err := target()
	if err != nil {
		return err
	}
	if err := m.Move(float64(end.X), float64(end.Y), playwright.MouseMoveOptions{Steps: playwright.Int(steps)}); err != nil {
		return err
	}
	// A hand rests on the target a moment before it lets go: libraries
	// that look for what is under a dragged element on a timer (every 50
	// ms in SortableJS's fallback) see it there.
	for i := 1; i <= 3; i++ {
		time.Sleep(dragDwell)
		if err := m.Move(float64(end.X+i), float64(end.Y+i)); err != nil {
			return err
		}
	}
	return nil
}

// dragDwell is how long each of a drag's last moves over its target waits.
const dragDwell = 40 * time.Millisecond

// centre is where an element's middle is in the viewport.
func centre(h playwright.ElementHandle) (pwline.Point, error) { return pointOf(h, nil) }

// pointOf is the page point of at (from h's top left), or of h's centre
// when at is nil.
func pointOf(h playwright.ElementHandle, at *pwline.Point) (pwline.Point, error) {
	b, err := h.BoundingBox()
	if err != nil {
		return pwline.Point{}, err
	}
	if b == nil {
		return pwline.Point{}, errors.New("the element is not visible (it has no box)")
	}
	if at != nil {
		return pwline.Point{X: int(b.X) + at.X, Y: int(b.Y) + at.Y}, nil
	}
	return pwline.Point{X: int(b.X + b.Width/2), Y: int(b.Y + b.Height/2)}, nil
}
