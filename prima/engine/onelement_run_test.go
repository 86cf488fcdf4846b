package engine

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/prima/pwline"
)

// recHandle is a fakeHandle that records the scripts run on it and its
// disposals, and answers a hover and a press as the action's call.
type recHandle struct {
	*fakeHandle
	mu       sync.Mutex
	ran      []string
	disposed int
}

func (h *recHandle) Evaluate(js string, arg ...any) (any, error) {
	h.mu.Lock()
	h.ran = append(h.ran, js)
	h.mu.Unlock()
	return h.fakeHandle.Evaluate(js, arg...)
}

func (h *recHandle) evaluated(js string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Contains(h.ran, js)
}

func (h *recHandle) Hover(...playwright.ElementHandleHoverOptions) error         { return h.runErr }
func (h *recHandle) Press(string, ...playwright.ElementHandlePressOptions) error { return h.runErr }
func (h *recHandle) Dispose() error                                              { h.disposed++; return nil }

// OwnerFrame: a fake element is in no frame, so no replacement is found.
func (h *recHandle) OwnerFrame() (playwright.Frame, error) {
	return nil, errors.New("no frame in a fake page")
}

var saveButton = Target{Role: "button", Name: "Save", Code: "page.getByRole('button', { name: 'Save' })"}

// An action Playwright could not do fails saying why, in the page's
// terms: an element of the wrong kind, a key Playwright does not know, an
// element the page took away (unless it was a hover the page answered by
// swapping the element); any other refusal is Playwright's own. A click
// that failed leaves nothing armed to stop the user's next click.
func TestAnActionThatFailsSaysWhy(t *testing.T) {
	detached := errors.New("Element is not attached to the DOM")
	timeout := errors.New("Timeout 5000ms exceeded")
	for _, c := range []struct {
		name    string
		action  pwline.Verb
		runErr  error
		answers map[string]any
		want    string // in the error; "" for none
		typ     any    // the error's type
		note    string
	}{
		{"a check on a button", "check", errors.New("Error: Not a checkbox or radio button"), nil,
			"is not a checkbox, a radio button or a switch", &NotActionableError{}, ""},
		{"a fill on a div", "fill", errors.New("Error: Element is not an <input>, <textarea> or [contenteditable] element"), nil,
			"is not a field", &NotActionableError{}, ""},
		{"a key Playwright does not know", "press", errors.New("Unknown key: \"Foo\"\ncall log"), nil,
			`unknown key "Foo"`, &UnknownKeyError{}, ""},
		{"an element the page took away", "click", detached, map[string]any{connectedJS: false},
			"was detached from the page while prima acted", &NotActionableError{}, ""},
		{"an element the page replaced on hover, no replacement", "click", detached, map[string]any{connectedJS: false, swappedOnHoverJS: true},
			"was detached from the page while prima acted", &NotActionableError{}, ""},
		{"an element still there", "click", timeout, map[string]any{connectedJS: true},
			"Timeout 5000ms exceeded", nil, ""},
		{"a hover the page answered by swapping the element", "hover", detached, map[string]any{connectedJS: false, pointerReachedJS: true},
			"", nil, "the hover happened"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := &recHandle{fakeHandle: field("", nil)}
			for k, v := range c.answers {
				h.answers[k] = v
			}
			h.runErr = c.runErr
			a, err := New(nil).OnElement(ctx, h, saveButton, pwline.Actions[c.action], Opts{Value: "x"})
			if err != nil {
				t.Fatalf("prepare: %v", err)
			}
			err = a.Run(context.Background())
			switch {
			case c.want == "" && err != nil:
				t.Errorf("%v, want none", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Errorf("%v, want one saying %q", err, c.want)
			}
			switch c.typ.(type) {
			case *NotActionableError:
				var na *NotActionableError
				if !errors.As(err, &na) {
					t.Errorf("%T, want NotActionableError", err)
				}
			case *UnknownKeyError:
				var uk *UnknownKeyError
				if !errors.As(err, &uk) || uk.Key != "Foo" {
					t.Errorf("%v, want UnknownKeyError Foo", err)
				}
			}
			if c.note != "" && !strings.Contains(a.Note, c.note) {
				t.Errorf("note %q, want %q", a.Note, c.note)
			}
			clicks := pwline.Actions[c.action].Clicks()
			if got := h.evaluated(disarmJS); got != (clicks && err != nil) {
				t.Errorf("disarmed the click record: %v, want %v", got, clicks && err != nil)
			}
		})
	}
}

// A click's proof is where it landed, read once the page settled, and
// the pass frees the one handle it was prepared on, once.
func TestAClickIsProvenWhereItLanded(t *testing.T) {
	h := &recHandle{fakeHandle: field("", nil)}
	h.answers[landedJS] = map[string]any{"ok": false, "on": `link "Ad"`, "stopped": true, "pressed": true}
	a, err := New(nil).OnElement(ctx, h, saveButton, pwline.Actions["click"], Opts{})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Run(context.Background()); err != nil || h.clicks != 1 {
		t.Fatalf("run: %v, %d clicks", err, h.clicks)
	}
	var md *MisdirectedError
	if err := a.Check(); !errors.As(err, &md) || md.On != `link "Ad"` || !md.Pressed || md.Role != "button" || md.Name != "Save" {
		t.Errorf("a click the page moved onto an ad: %v", err)
	}
	if a.Doc != "d1" || a.Target != saveButton || a.Typing {
		t.Errorf("doc %q, target %v, typing %v", a.Doc, a.Target, a.Typing)
	}
	a.Release()
	if h.disposed != 1 {
		t.Errorf("disposed %d times, want once", h.disposed)
	}
}

// A target whose centre something covers is clicked at a point of its own
// the page hit-tested, which the used: line and the note both say.
func TestACoveredTargetIsClickedWhereItShows(t *testing.T) {
	h := &recHandle{fakeHandle: field("", map[string]any{"cover": "div#toast", "point": map[string]any{"x": 5.0, "y": 7.0}})}
	a, err := New(nil).OnElement(ctx, h, saveButton, pwline.Actions["click"], Opts{})
	if err != nil {
		t.Fatal(err)
	}
	if p := a.Line.Position; p == nil || *p != (pwline.Point{X: 5, Y: 7}) {
		t.Errorf("position %v, want (5, 7)", p)
	}
	if !strings.Contains(a.Note, "covered by div#toast") || !strings.Contains(a.Line.Code(), "position") {
		t.Errorf("note %q, used %s", a.Note, a.Line.Code())
	}
}

// A trial runs Playwright's checks and does nothing: no landing, input or
// value to prove, nothing left armed, and the note says so.
func TestATrialProvesNothing(t *testing.T) {
	h := &recHandle{fakeHandle: field("", nil)}
	a, err := New(nil).OnElement(ctx, h, saveButton, pwline.Actions["click"], Opts{Trial: true})
	if err != nil {
		t.Fatal(err)
	}
	if a.Check != nil || a.Strays != nil {
		t.Error("a trial has a proof to run")
	}
	if err := a.Run(context.Background()); err != nil || !h.evaluated(disarmJS) {
		t.Errorf("run: %v, disarmed %v", err, h.evaluated(disarmJS))
	}
	if !strings.Contains(a.Note, "trial: Playwright's checks passed") {
		t.Errorf("note %q", a.Note)
	}
}
