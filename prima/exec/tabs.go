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
	"github.com/prima-dev/prima/prima/wire"
)

// TabOutOfRangeError: a tab index that names no open tab.
type TabOutOfRangeError struct{ Index, Open int }

func (e *TabOutOfRangeError) Error() string {
	return fmt.Sprintf("there is no tab %d: %d tab%s open (prima tab list)", e.Index, e.Open, browser.Plural(e.Open))
}

func (e *TabOutOfRangeError) FailureCode() envelope.Code { return envelope.CodeUsage }

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
	in.FillPage(env, view, view)
}

func init() {
	Runs(func(in *Instance, ctx context.Context, r *wire.TabRequest) *envelope.Envelope {
		return in.Tabs(ctx, r.Op, r.Index(), r.URL())
	})
}

// Tabs lists, opens, selects or closes tabs. Listing works while a
// dialog is open; the others fail with dialog_open like any command.
func (in *Instance) Tabs(ctx context.Context, op string, index int, rawURL string) *envelope.Envelope {
	env := &envelope.Envelope{Command: strings.TrimSpace("tab " + op + " " + tabArg(index, rawURL))}
	if !in.Connected() {
		in.Fail(env, &browser.BrowserGoneError{Instance: in.Name}, nil)
		return env
	}
	if op != "list" {
		if d := in.Obs.Dialog(); d != nil {
			in.Fail(env, &DialogOpenError{Dialog: d.Describe()}, nil)
			return env
		}
	}
	in.CurrentPage()
	pages := in.Pages()
	pick := func() (playwright.Page, bool) {
		if index == 0 && op == "close" {
			if in.Selected() == nil {
				in.Fail(env, &browser.NoPageError{Instance: in.Name}, nil)
				return nil, false
			}
			return in.Selected(), true
		}
		if index < 1 || index > len(pages) {
			in.Fail(env, &TabOutOfRangeError{Index: index, Open: len(pages)}, nil)
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
			in.Fail(env, err, nil)
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
			in.Fail(env, &browser.NoPageError{Instance: in.Name}, nil)
			return env
		}
		if rawURL != "" {
			if _, err := wire.ResolveURL("", rawURL, false); err != nil {
				in.Fail(env, err, nil)
				return env
			}
		}
		np, err := bctx.NewPage()
		if err != nil {
			in.Fail(env, err, nil)
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
		in.Fail(env, &wire.UsageError{Msg: fmt.Sprintf("tab %s: use list, new [URL], select N or close [N]", op)}, nil)
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
