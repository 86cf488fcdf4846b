package exec

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/instruct"
	"github.com/prima-dev/prima/prima/wire"
)

// TabOutOfRangeError: a tab index that names no open tab.
type TabOutOfRangeError struct{ Index, Open int }

func (e *TabOutOfRangeError) Error() string {
	return fmt.Sprintf("there is no tab %d: %d tab%s open (prima tab list)", e.Index, e.Open, browser.Plural(e.Open))
}

func (e *TabOutOfRangeError) FailureCode() string { return envelope.CodeUsage }

// tabLines lists the open tabs as `[N] title url`, the selected one
// marked.
func (in *Instance) tabLines() []string {
	var out []string
	for i, p := range in.Pages() {
		title, _ := p.Title()
		mark := " "
		if p == in.Selected() {
			mark = "*"
		}
		out = append(out, fmt.Sprintf("%s[%d] %s %s", mark, i+1, browser.OneLine(title), p.URL()))
	}
	return out
}

// readOnly marks an envelope of a command that acted on nothing.
func readOnly(env *envelope.Envelope) {
	env.Extra = append(env.Extra, envelope.KV{Key: "read-only", Value: "nothing on the page was acted on"})
}

// looked is a command that only read: it says so, and its Page is the
// view it read.
func (in *Instance) looked(env *envelope.Envelope, view *engine.View) {
	readOnly(env)
	in.fillPage(env, view, view)
}

// Tabs lists, opens, selects or closes tabs. Listing works while a
// dialog is open; the others fail with dialog_open like any command.
func (in *Instance) Tabs(ctx context.Context, op string, index int, rawURL string) *envelope.Envelope {
	env := &envelope.Envelope{Command: strings.TrimSpace("tab " + op + " " + tabArg(index, rawURL))}
	if !in.Connected() {
		in.failWith(env, &browser.BrowserGoneError{Instance: in.Name}, nil)
		return env
	}
	if op != "list" {
		if d := in.Obs.Dialog(); d != nil {
			in.failWith(env, &DialogOpenError{Dialog: d.Describe()}, nil)
			return env
		}
	}
	in.CurrentPage()
	pages := in.Pages()
	pick := func() (playwright.Page, bool) {
		if index == 0 && op == "close" {
			if in.Selected() == nil {
				in.failWith(env, &browser.NoPageError{Instance: in.Name}, nil)
				return nil, false
			}
			return in.Selected(), true
		}
		if index < 1 || index > len(pages) {
			in.failWith(env, &TabOutOfRangeError{Index: index, Open: len(pages)}, nil)
			return nil, false
		}
		return pages[index-1], true
	}
	switch op {
	case "list":
		readOnly(env)
	case "select":
		p, ok := pick()
		if !ok {
			return env
		}
		in.Select(p)
		p.BringToFront()
		// Selecting changes which tab prima acts on, nothing in a page.
		env.Changes = &envelope.Changes{}
		env.Events = append(env.Events, fmt.Sprintf("tab selected: [%d] %s", index, p.URL()))
	case "close":
		p, ok := pick()
		if !ok {
			return env
		}
		n, u := in.TabIndex(p), p.URL()
		if err := p.Close(); err != nil {
			in.failWith(env, err, nil)
			return env
		}
		env.Events = append(env.Events, fmt.Sprintf("tab closed: [%d] %s", n, u))
		// The tabs left are as they were: nothing in them changed.
		env.Changes = &envelope.Changes{}
		if p == in.Selected() {
			in.Select(nil)
			in.CurrentPage()
		}
	case "new":
		var bctx playwright.BrowserContext
		if cur, err := in.CurrentPage(); err == nil {
			bctx = cur.Context()
		} else if cs := in.Contexts(); len(cs) > 0 {
			bctx = cs[0]
		} else {
			in.failWith(env, &browser.NoPageError{Instance: in.Name}, nil)
			return env
		}
		if rawURL != "" {
			if _, err := wire.ResolveURL("", rawURL, false); err != nil {
				in.failWith(env, err, nil)
				return env
			}
		}
		np, err := bctx.NewPage()
		if err != nil {
			in.failWith(env, err, nil)
			return env
		}
		in.Select(np)
		env.Changes = &envelope.Changes{}
		if rawURL != "" {
			goEnv := in.Go(ctx, rawURL, false, nil)
			goEnv.Command = env.Command
			env = goEnv
		}
		title, _ := np.Title()
		env.Events = append([]string{browser.TabOpened(in.TabIndex(np), title, np.URL()).Text}, env.Events...)
	default:
		in.failWith(env, &wire.UsageError{Msg: fmt.Sprintf("tab %s: use list, new [URL], select N or close [N]", op)}, nil)
		return env
	}
	env.Answer = strings.Join(in.tabLines(), "\n")
	if env.Page == nil && in.Selected() != nil {
		title, _ := in.Selected().Title()
		env.Page = &envelope.Page{URL: in.Selected().URL(), Title: title}
	}
	if env.Failure == nil {
		env.OK = true
	}
	return env
}

func tabArg(index int, u string) string {
	var parts []string
	if index > 0 {
		parts = append(parts, strconv.Itoa(index))
	}
	if u != "" {
		parts = append(parts, u)
	}
	return strings.Join(parts, " ")
}

// tabStep is do's `switch to tab N` and `close tab [N]`.
func (in *Instance) tabStep(ctx context.Context, intent instruct.Intent) stepResult {
	n := 0
	if intent.Value != "" {
		v, err := strconv.Atoi(intent.Value)
		if err != nil {
			return stepResult{status: StepFail, proof: "a tab is named by its number", err: &wire.UsageError{Msg: "a tab is named by its number (prima tab list)"}}
		}
		n = v
	}
	op := "select"
	if intent.Verb == "closetab" {
		op = "close"
	}
	return envelopeStep(in.Tabs(ctx, op, n, ""), nil)
}

// envelopeStep turns a command's envelope into a do step.
func envelopeStep(e *envelope.Envelope, after *engine.View) stepResult {
	r := stepResult{used: e.Used, events: e.Events, after: after}
	if !e.OK {
		r.status, r.proof = StepFail, e.Failure.Error
		r.err = &stepError{msg: e.Failure.Error, code: e.Code}
		return r
	}
	r.status = StepOK
	switch {
	case len(e.Events) > 0:
		r.proof = e.Events[0]
	case e.Changes != nil && len(e.Changes.Groups) > 0:
		g := e.Changes.Groups[0]
		r.proof = g.Kind + ": " + g.Items[0]
	default:
		r.status, r.proof = StepUnproven, "no observed change"
	}
	return r
}

// stepError carries a command's failure into a do step with its code.
type stepError struct{ msg, code string }

func (e *stepError) Error() string { return e.msg }

func (e *stepError) FailureCode() string { return e.code }
