package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/prima/pwline"
)

// fakeHandle is an element as OnElement sees it, with no browser: what
// the page scripts answer is given per script (by the script's text, as
// the engine sends it), and what the action's calls did is recorded. The
// methods OnElement does not reach panic through the nil interface, so a
// test that leans on one fails loudly.
type fakeHandle struct {
	playwright.ElementHandle
	answers map[string]any // script → what the page answers
	fails   map[string]error
	runErr  error // what the action's Playwright call returns
	filled  []string
	clicks  int
}

func (f *fakeHandle) Evaluate(js string, _ ...any) (any, error) {
	if err := f.fails[js]; err != nil {
		return nil, err
	}
	return f.answers[js], nil
}

func (f *fakeHandle) EvaluateHandle(string, ...any) (playwright.JSHandle, error) {
	return nil, errors.New("no handle in a fake page")
}

func (f *fakeHandle) Fill(v string, _ ...playwright.ElementHandleFillOptions) error {
	f.filled = append(f.filled, v)
	return f.runErr
}

func (f *fakeHandle) Click(...playwright.ElementHandleClickOptions) error {
	f.clicks++
	return f.runErr
}

func (f *fakeHandle) Check(...playwright.ElementHandleCheckOptions) error {
	f.clicks++
	return f.runErr
}

func (f *fakeHandle) Dispose() error { return nil }

// field is a text field as inspectJS reports it, holding held.
func field(held string, extra map[string]any) *fakeHandle {
	ins := map[string]any{"value": held, "doc": "d1"}
	for k, v := range extra {
		ins[k] = v
	}
	return &fakeHandle{answers: map[string]any{inspectJS: ins}}
}

// ctx is a command's context with time enough for every read.
var ctx = context.Background()

var nameField = Target{Role: "textbox", Name: "Name", Code: "page.getByRole('textbox', { name: 'Name' })"}

// What a user could not act on is refused before anything reaches the
// page, each for its reason.
func TestOnElementRefusesWhatAUserCouldNotActOn(t *testing.T) {
	e := New(nil)
	for _, c := range []struct {
		action string
		ins    map[string]any
		want   string
	}{
		{"click", map[string]any{"disabled": true}, "is disabled"},
		{"fill", map[string]any{"readonly": true}, "is readonly"},
		{"click", map[string]any{"hidden": true}, "is not visible"},
		{"click", map[string]any{"cover": "div#overlay"}, "is covered by div#overlay"},
		{"select", nil, "is not a <select>"},
	} {
		h := field("", c.ins)
		_, err := e.OnElement(ctx, h, nameField, pwline.Actions[pwline.Verb(c.action)], Opts{Value: "x"})
		var na *NotActionableError
		if !errors.As(err, &na) || !strings.Contains(na.Why, c.want) {
			t.Errorf("%s on %v: %v, want not actionable: %s", c.action, c.ins, err, c.want)
		}
		if h.clicks+len(h.filled) != 0 {
			t.Errorf("%s on %v reached the element", c.action, c.ins)
		}
	}
	// A hover and a focus need no enabled element.
	if _, err := e.OnElement(ctx, field("", map[string]any{"disabled": true}), nameField, pwline.Actions["hover"], Opts{}); err != nil {
		t.Errorf("hover on a disabled element: %v", err)
	}
}

// A fill is proven by what the field holds after it, read from the
// element: the value asked, or the page's formatting of it; anything
// else fails naming both, and a password's only by its length.
func TestAFillIsProvenByWhatTheFieldHolds(t *testing.T) {
	e := New(nil)
	for _, c := range []struct {
		name       string
		want, held string
		password   bool
		err        string // "" for proven
		note       string
	}{
		{"the value asked", "Ada", "Ada", false, "", ""},
		{"cut short by the page", "abcdef", "abc", false, `holds "abc"`, ""},
		{"a card number the page spaced", "4242424242424242", "4242 4242 4242 4242", false, "", "formatted the value as"},
		{"a password cut short", "hunter22", "hunt", true, "4 characters", ""},
	} {
		ins := map[string]any{}
		if c.password {
			ins["password"] = true
		}
		h := field("", ins)
		a, err := e.OnElement(ctx, h, nameField, pwline.Actions["fill"], Opts{Value: c.want})
		if err != nil {
			t.Fatalf("%s: prepare: %v", c.name, err)
		}
		if err := a.Run(context.Background()); err != nil || len(h.filled) != 1 || h.filled[0] != c.want {
			t.Fatalf("%s: run: %v, filled %q", c.name, err, h.filled)
		}
		h.answers[readValueJS] = c.held
		err = a.Check()
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s: %v, want it proven", c.name, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: %v, want a failure saying %q", c.name, err, c.err)
		}
		var vm *ValueMismatchError
		if c.err != "" && !errors.As(err, &vm) {
			t.Errorf("%s: %T, want a ValueMismatchError", c.name, err)
		}
		if c.password && err != nil && strings.Contains(err.Error(), c.held) {
			t.Errorf("%s: the failure shows the password's text: %v", c.name, err)
		}
		if c.note != "" && !strings.Contains(a.Note, c.note) {
			t.Errorf("%s: note %q, want %q", c.name, a.Note, c.note)
		}
		if a.Value == nil || a.Value[1] != c.held {
			t.Errorf("%s: the value read back is %v", c.name, a.Value)
		}
	}
}

// A fill whose field left the page fails as such unless the page had
// taken the value first; a read the browser cannot make (the element went
// away with the action) leaves the proof to the diff.
func TestAFillWhoseFieldLeftThePage(t *testing.T) {
	e := New(nil)
	target := Target{Role: "textbox", Name: "Name", Code: "page.locator('#name').nth(0)"} // positional: no replacement is looked for
	h := field("", nil)
	a, err := e.OnElement(ctx, h, target, pwline.Actions["fill"], Opts{Value: "Ada"})
	if err != nil {
		t.Fatal(err)
	}
	a.Run(context.Background())
	h.answers[readValueJS] = nil // no string: the field is not in the page
	var left *LeftPageError
	if err := a.Check(); !errors.As(err, &left) {
		t.Errorf("a field gone before its input event: %v, want LeftPageError", err)
	}
	h.answers[inputSeenJS] = true
	if err := a.Check(); err != nil || !strings.Contains(a.Note, "took the field away after the value reached it") {
		t.Errorf("a field the page took after its input: %v, note %q", err, a.Note)
	}
	h.fails = map[string]error{readValueJS: errors.New("Element is not attached to the DOM")}
	if err := a.Check(); err != nil {
		t.Errorf("an element that went away with the action: %v, want the diff to tell", err)
	}
}

// Playwright refuses a check whose box did not flip at once; the page may
// flip it a moment later, so the box is read again once it settled, and
// only a box still as it was fails.
func TestACheckIsProvenByTheBoxOnceThePageSettled(t *testing.T) {
	e := New(nil)
	box := Target{Role: "checkbox", Name: "Agree"}
	for _, later := range []bool{true, false} {
		h := field("", nil)
		h.runErr = errors.New("Clicking the checkbox did not change its state")
		a, err := e.OnElement(ctx, h, box, pwline.Actions["check"], Opts{})
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Run(context.Background()); err != nil {
			t.Fatalf("run: %v, want the refusal held until the page settled", err)
		}
		h.answers[checkedJS] = later
		err = a.Check()
		var sm *StateMismatchError
		switch {
		case later && err != nil:
			t.Errorf("a box the page checked a moment later: %v", err)
		case !later && (!errors.As(err, &sm) || sm.Got != "unchecked"):
			t.Errorf("a box still unchecked: %v, want a StateMismatchError", err)
		}
	}
}

// A select takes only options the list holds, and is proven by the
// options the element holds after it.
func TestASelectTakesAndHoldsOnlyItsOptions(t *testing.T) {
	e := New(nil)
	list := Target{Role: "combobox", Name: "Colour"}
	opts := []any{[]any{"r", "Red"}, []any{"g", "Green"}}
	h := field("", map[string]any{"options": opts})
	if _, err := e.OnElement(ctx, h, list, pwline.Actions["select"], Opts{Value: "Blue"}); err == nil || !strings.Contains(err.Error(), "Blue") {
		t.Errorf("an option the list lacks: %v", err)
	}
	h = field("", map[string]any{"options": opts})
	a, err := e.OnElement(ctx, h, list, pwline.Actions["select"], Opts{Value: "Green"})
	if err != nil {
		t.Fatal(err)
	}
	h.answers[selectedJS] = []any{[]any{"r", "Red"}}
	var vm *ValueMismatchError
	if err := a.Check(); !errors.As(err, &vm) || vm.Got != "Red" {
		t.Errorf("a list that holds Red after Green was asked: %v", err)
	}
	h.answers[selectedJS] = []any{[]any{"g", "Green"}}
	if err := a.Check(); err != nil {
		t.Errorf("a list that holds Green: %v", err)
	}
}

// The click's landing, as the page recorded it, decides: on the element,
// nothing to say; pressed and then gone, disabled or moved, no element got
// the click; elsewhere, it was misdirected (stopped, or not). A page with
// no record proves nothing either way.
func TestTheLandingCheckReadsWhereTheClickWent(t *testing.T) {
	save := Target{Role: "button", Name: "Save"}
	for _, c := range []struct {
		record map[string]any
		want   string // "" none, "noclick", "misdirected"
	}{
		{map[string]any{"ok": true}, ""},
		{nil, ""},
		{map[string]any{"gone": true}, "noclick"},
		{map[string]any{"disabled": true}, "noclick"},
		{map[string]any{"moved": true}, "noclick"},
		{map[string]any{"ok": false, "on": `checkbox "Share"`, "stopped": true}, "misdirected"},
	} {
		h := &fakeHandle{answers: map[string]any{landedJS: c.record}}
		if c.record == nil {
			h.answers = map[string]any{}
		}
		err := New(nil).landed(ctx, h, save)
		var nc *NoClickError
		var md *MisdirectedError
		switch c.want {
		case "":
			if err != nil {
				t.Errorf("%v: %v, want none", c.record, err)
			}
		case "noclick":
			if !errors.As(err, &nc) {
				t.Errorf("%v: %v, want NoClickError", c.record, err)
			}
		case "misdirected":
			if !errors.As(err, &md) || md.On != `checkbox "Share"` || !md.Stopped {
				t.Errorf("%v: %v, want MisdirectedError on the checkbox, stopped", c.record, err)
			}
		}
	}
}

// Input that reached another control than the bound element fails the
// action naming each control and its events; a key action whose keys went
// elsewhere names where.
func TestStrayInputNamesTheControlsItReached(t *testing.T) {
	e := New(nil)
	h := &fakeHandle{answers: map[string]any{straysJS: map[string]any{
		"strays": []any{map[string]any{"what": `checkbox "Share"`, "events": []any{"click", "input"}}},
	}}}
	err := e.strays(ctx, h, nil, false, false, `button "Save"`)
	var si *StrayInputError
	if !errors.As(err, &si) || len(si.Others) != 1 || si.Others[0] != `checkbox "Share" (click, input)` {
		t.Errorf("a stray click: %v", err)
	}
	h.answers[straysJS] = map[string]any{"keyTo": `textbox "Search"`}
	if err := e.strays(ctx, h, nil, true, true, `textbox "Name"`); !errors.As(err, &si) || si.KeyTo != `textbox "Search"` {
		t.Errorf("keys that went to another field: %v", err)
	}
	h.answers[straysJS] = map[string]any{"strays": []any{}}
	if err := e.strays(ctx, h, nil, false, false, `button "Save"`); err != nil {
		t.Errorf("input that reached only the element: %v", err)
	}
}
