package exec

import (
	"context"
	_ "embed"
	"fmt"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/pwline"
)

// nativeSelectJS tells whether an element is a <select>, or a label of
// one: Playwright's selectOption sets those directly.
const nativeSelectJS = `el => { const s = el.tagName === 'LABEL' && el.control ? el.control : el; return s.tagName === 'SELECT'; }`

// findOptionJS finds the option of an opened list a user would pick.
//
//go:embed js/find_option.js
var findOptionJS string

// shownJS is what a widget shows as its value: its own value or text, or
// that of the control around it (a combobox's input sits beside the item
// it shows), up to two levels up.
const shownJS = `el => { const out = []; let e = el; for (let i = 0; e && i < 3; i++, e = e.parentElement) out.push(String(e.value || '') + ' ' + (e.innerText || '')); return out; }`

// OptionError: the list a widget opened holds no option, or several, that
// a select names.
type OptionError struct {
	Widget, Want string
	Names        []string
	Ambiguous    bool
}

func (e *OptionError) Error() string {
	if e.Ambiguous {
		return fmt.Sprintf("%s opened a list where several options match %q: %s; name one exactly", e.Widget, e.Want, strings.Join(quoteAll(e.Names), ", "))
	}
	if len(e.Names) == 0 {
		return fmt.Sprintf("%s opened no list with options when clicked; nothing was picked", e.Widget)
	}
	return fmt.Sprintf("%s opened a list with no option %q; it holds %s; nothing was picked", e.Widget, e.Want, strings.Join(quoteAll(e.Names), ", "))
}

func (e *OptionError) FailureCode() string {
	if e.Ambiguous {
		return envelope.CodeAmbiguous
	}
	return envelope.CodeNotFound
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}

// widgetSelect picks an option of a custom select (a combobox, a listbox
// widget that keeps its own value) the way a user does: it clicks the
// widget, picks the option the list shows by its name, and proves the
// widget now shows it. Setting a native select hidden under the widget
// would act on another element than the one named, behind the widget's
// back. Each click goes through the act path; the step is the two.
func (in *Instance) widgetSelect(ctx context.Context, page playwright.Page, view *engine.View, b bound, want string) stepResult {
	defer b.h.Dispose()
	open := in.act(ctx, page, view, func(t float64) (*engine.Action, error) {
		a, err := in.eng.OnElement(b.h, b.t, pwline.Actions["click"], engine.Opts{})
		if a != nil {
			a.Release = nil // the widget's value is read after the pick
		}
		return a, err
	})
	res := stepResult{used: open.Used, ref: b.ref, err: open.Err, after: open.After, changes: open.Changes, own: open.Own, events: browser.Texts(open.Events), blocked: open.Blocked}
	if open.Err != nil || open.Blocked || open.After == nil {
		if res.err == nil {
			res.err = fmt.Errorf("%s: the page could not be read after the click that opens it", b.t.What())
		}
		res.status, res.proof = StepFail, res.err.Error()
		return res
	}
	var name string
	pick := in.act(ctx, page, open.After, func(t float64) (*engine.Action, error) {
		v, err := b.h.EvaluateHandle(findOptionJS, want)
		if err != nil {
			return nil, err
		}
		defer v.Dispose()
		el, _ := v.GetProperty("el")
		if h := el.AsElement(); h != nil {
			code, _, err := browser.LocatorOf(page, h)
			if err != nil {
				return nil, err
			}
			n, _ := h.Evaluate(`o => (o.getAttribute('aria-label') || o.innerText || o.textContent || '').replace(/\s+/g, ' ').trim()`)
			name, _ = n.(string)
			return in.eng.OnElement(h, engine.Target{Role: "option", Name: name, Code: code}, pwline.Actions["click"], engine.Opts{})
		}
		r, err := v.JSONValue()
		if err != nil {
			return nil, err
		}
		m, _ := r.(map[string]any)
		oe := &OptionError{Widget: b.t.What(), Want: want, Ambiguous: m["why"] == "ambiguous"}
		if ns, ok := m["names"].([]any); ok {
			for _, x := range ns {
				if s, ok := x.(string); ok {
					oe.Names = append(oe.Names, s)
				}
			}
		}
		return nil, oe
	})
	res.used, res.err, res.blocked = pick.Used, pick.Err, pick.Blocked
	res.changes = append(res.changes, pick.Changes...)
	res.events = append(res.events, browser.Texts(pick.Events)...)
	res.own = res.own.Add(pick.Own)
	if pick.After != nil {
		res.after = pick.After
	}
	if res.err != nil {
		res.status, res.proof = StepFail, res.err.Error()
		return res
	}
	if res.blocked {
		res.status, res.proof = StepOK, "opened a dialog; the page waits for its answer"
		return res
	}
	shown := ""
	if v, err := b.h.Evaluate(shownJS); err == nil {
		if l, ok := v.([]any); ok {
			for _, x := range l {
				s, _ := x.(string)
				s = strings.Join(strings.Fields(s), " ")
				if shown == "" {
					shown = s
				}
				if strings.Contains(strings.ToLower(" "+s+" "), strings.ToLower(name)) {
					res.status = StepOK
					res.proof = fmt.Sprintf("%s shows %q: opened it and picked option %q, as a user does", b.t.What(), name, name)
					return res
				}
			}
		}
	}
	res.err = &engine.ValueMismatchError{Field: b.t.What(), Want: name, Got: shown}
	res.status, res.proof = StepFail, res.err.Error()
	return res
}
