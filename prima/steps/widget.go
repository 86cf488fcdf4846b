package steps

import (
	"context"
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/exec"
	"github.com/prima-dev/prima/prima/pwline"
)

// nativeSelectJS tells whether an element is a <select>, or a label of
// one: Playwright's selectOption sets those directly.
//
//go:embed js/native_select.js
var nativeSelectJS string

// findOptionJS finds the option of an opened list a user would pick.
//
//go:embed js/find_option.js
var findOptionJS string

// findDayJS finds the day of an opened calendar a date names, and
// findMonthStepJS the control that shows the next or previous month.
//
//go:embed js/find_day.js
var findDayJS string

//go:embed js/find_month_step.js
var findMonthStepJS string

// markShownJS marks what a widget shows before the click that opens it:
// a list drawn without roles is what that click revealed.
//
//go:embed js/mark_shown.js
var markShownJS string

// optionNameJS is the name of an option, as its click's Target names it.
//
//go:embed js/option_name.js
var optionNameJS string

// shownJS is what a widget shows as its value: its own value or text, or
// that of the control around it (a combobox's input sits beside the item
// it shows), up to two levels up, or the whole widget its option was
// picked in; never an option its list only offers.
//
//go:embed js/shown_value.js
var shownJS string

// widgetRootJS is the widget an option is picked in: the nearest element
// holding the option and the control that opened its list.
//
//go:embed js/widget_root.js
var widgetRootJS string

// expandedJS tells whether a widget says its list is open: aria-expanded
// on it, on what holds it, or on a control inside it (Choices' combobox
// wraps the element a label names).
//
//go:embed js/expanded.js
var expandedJS string

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

func (e *OptionError) FailureCode() envelope.Code {
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
func widgetSelect(ctx context.Context, in *exec.Instance, page playwright.Page, view *engine.View, b bound, want string) stepResult {
	defer b.h.Dispose()
	open := engine.Outcome{After: view}
	// A list already open (a pick that failed left it so) is picked from
	// as it is: a click would close it.
	if v, err := in.Engine().Evaluate(ctx, b.h, expandedJS); err != nil || v != true {
		if _, err := in.Engine().Evaluate(ctx, b.h, markShownJS); err != nil {
			return stepResult{status: StepFail, err: err, proof: err.Error(), after: view}
		}
		open = in.Act(ctx, page, view, func(ctx context.Context) (*engine.Action, error) {
			a, err := in.Engine().OnElement(ctx, b.h, b.t, pwline.Actions[pwline.Click], engine.Opts{})
			if a != nil {
				a.Release = nil // the widget's value is read after the pick
			}
			return a, err
		})
	}
	res := stepResult{used: open.Used, ref: b.ref, err: open.Err, after: open.After, changes: open.Changes, own: open.Own, events: browser.Texts(open.Events), blocked: open.Blocked}
	if open.Err != nil || open.Blocked || open.After == nil {
		if res.err == nil {
			res.err = fmt.Errorf("%s: the page could not be read after the click that opens it", b.t.What())
		}
		res.status, res.proof = StepFail, res.err.Error()
		return res
	}
	var name string
	var root playwright.JSHandle // the widget the option is picked in, its face anywhere in it
	defer func() {
		if root != nil {
			root.Dispose()
		}
	}()
	date, isDate := parseDate(want)
	if isDate {
		// A date picker: its days are no options. Step to the month the
		// date is in, as a user does, then pick the day.
		for i := 0; i < maxMonthSteps; i++ {
			dir, err := monthToward(ctx, in.Engine(), b.h, date)
			if err != nil || dir == "" {
				break
			}
			v, err := in.Engine().EvaluateHandle(ctx, b.h, findMonthStepJS, dir)
			if err != nil {
				break
			}
			nav := v.AsElement()
			if nav == nil {
				v.Dispose()
				break
			}
			code, _, err := browser.LocatorOf(ctx, in.Engine().Within, page, nav)
			if err != nil {
				nav.Dispose()
				break
			}
			step := in.Act(ctx, page, res.after, func(ctx context.Context) (*engine.Action, error) {
				return in.Engine().OnElement(ctx, nav, engine.Target{Code: code}, pwline.Actions[pwline.Click], engine.Opts{})
			})
			res.changes = append(res.changes, step.Changes...)
			res.events = append(res.events, browser.Texts(step.Events)...)
			if step.After != nil {
				res.after = step.After
			}
			if step.Err != nil {
				res.err = step.Err
				res.status, res.proof = StepFail, step.Err.Error()
				return res
			}
		}
	}
	pick := in.Act(ctx, page, res.after, func(ctx context.Context) (*engine.Action, error) {
		script, arg := findOptionJS, any(want)
		if isDate {
			script, arg = findDayJS, dateSpellings(date)
		}
		v, err := in.Engine().EvaluateHandle(ctx, b.h, script, arg)
		if err != nil {
			return nil, err
		}
		defer v.Dispose()
		el, _ := v.GetProperty("el")
		if h := el.AsElement(); h != nil {
			code, _, err := browser.LocatorOf(ctx, in.Engine().Within, page, h)
			if err != nil {
				return nil, err
			}
			n, _ := in.Engine().Evaluate(ctx, h, optionNameJS)
			name, _ = n.(string)
			if r, err := in.Engine().EvaluateHandle(ctx, h, widgetRootJS, b.h); err == nil {
				if r.AsElement() != nil {
					root = r
				} else {
					r.Dispose()
				}
			}
			return in.Engine().OnElement(ctx, h, engine.Target{Role: "option", Name: name, Code: code}, pwline.Actions[pwline.Click], engine.Opts{})
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
	if res.after != nil && view != nil && !browser.SamePage(view.URL, res.after.URL) {
		// The option led to another page (a search box that opens what
		// it found, then clears itself): where it went is the answer.
		res.status = StepOK
		res.proof = fmt.Sprintf("navigated: %s -> %s: %s opened, and its option %q led there", engine.PathOf(view.URL), engine.PathOf(res.after.URL), b.t.What(), name)
		return res
	}
	shown := ""
	var within any
	if root != nil {
		within = root
	}
	if v, err := in.Engine().Evaluate(ctx, b.h, shownJS, within); err == nil {
		if l, ok := v.([]any); ok {
			for _, x := range l {
				s, _ := x.(string)
				s = strings.Join(strings.Fields(s), " ")
				if shown == "" {
					shown = s
				}
				if isDate {
					if f, ok := showsDate(s, date); ok {
						res.status = StepOK
						res.proof = fmt.Sprintf("%s shows %q: opened its calendar and picked the day %q, as a user does", b.t.What(), f, name)
						return res
					}
					continue
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

// maxMonthSteps bounds how far a date pick steps through a calendar's
// months: two years either way.
const maxMonthSteps = 24

// dateLayouts are the ways a do instruction may write a date.
var dateLayouts = []string{"2006-01-02", "January 2, 2006", "January 2 2006", "2 January 2006", "Jan 2, 2006", "Jan 2 2006", "2 Jan 2006"}

// parseDate reads want as a date.
func parseDate(want string) (time.Time, bool) {
	w := strings.Join(strings.Fields(want), " ")
	for _, l := range dateLayouts {
		if d, err := time.Parse(l, w); err == nil {
			return d, true
		}
	}
	return time.Time{}, false
}

// dateSpellings are the ways calendars label a day: in aria-label, title
// or a date attribute.
func dateSpellings(d time.Time) []string {
	ord := "th"
	switch day := d.Day(); {
	case day == 1 || day == 21 || day == 31:
		ord = "st"
	case day == 2 || day == 22:
		ord = "nd"
	case day == 3 || day == 23:
		ord = "rd"
	}
	return []string{d.Format("2006-01-02"), d.Format("January 2, 2006"), d.Format("2 January 2006"), d.Format("Jan 2, 2006"),
		d.Format("January ") + strconv.Itoa(d.Day()) + ord + d.Format(", 2006")}
}

// showsDate finds the date in a widget's shown value, written in one of
// the ways a date field writes it.
func showsDate(s string, d time.Time) (string, bool) {
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	fs := dateSpellings(d)
	if d.Day() > 12 || d.Day() == int(d.Month()) {
		// Numbers only where they cannot be another day read the other
		// way round (01/12 is the 1st of December or the 12th of January).
		fs = append(fs, d.Format("01/02/2006"), d.Format("02/01/2006"), d.Format("02.01.2006"))
	}
	for _, f := range fs {
		if strings.Contains(s, strings.ToLower(f)) {
			return f, true
		}
	}
	return "", false
}

// monthToward says which way the open calendar must step to show d:
// "next", "prev", or "" when its days already reach d or none can be read.
func monthToward(ctx context.Context, e *engine.Engine, h playwright.ElementHandle, d time.Time) (string, error) {
	v, err := e.Evaluate(ctx, h, findDayJS, dateSpellings(d))
	if err != nil {
		return "", err
	}
	m, _ := v.(map[string]any)
	if m == nil || m["why"] != "none" {
		return "", nil // found (or several): no step
	}
	names, _ := m["names"].([]any)
	var first, last time.Time
	for _, x := range names {
		s, _ := x.(string)
		t, ok := parseDate(dayLabel(s))
		if !ok {
			continue
		}
		if first.IsZero() || t.Before(first) {
			first = t
		}
		if t.After(last) {
			last = t
		}
	}
	switch {
	case first.IsZero():
		return "", nil
	case d.Before(first):
		return "prev", nil
	case d.After(last):
		return "next", nil
	}
	return "", nil
}

// dayLabel is the date part of a day's label ("Thursday, December 24,
// 2026" -> "December 24, 2026").
func dayLabel(s string) string {
	if _, rest, ok := strings.Cut(s, ", "); ok {
		if _, err := time.Parse("January 2, 2006", rest); err == nil {
			return rest
		}
	}
	return s
}
