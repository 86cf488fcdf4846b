package exec

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/instruct"
	"github.com/prima-dev/prima/prima/wire"
	"github.com/prima-dev/prima/refs"
)

// WaitTimeoutError: what a wait waited for did not happen in time.
type WaitTimeoutError struct {
	What string
	For  time.Duration
}

func (e *WaitTimeoutError) Error() string {
	return fmt.Sprintf("%s within %s (--timeout)", e.What, e.For.Round(time.Millisecond))
}

func (e *WaitTimeoutError) FailureCode() envelope.Code { return envelope.CodeTimeout }

func init() { Runs((*Instance).Wait) }

// Wait waits for a text to show (gone: to go), for a duration, for an
// element's state, for the URL, for a load state or for a JavaScript
// condition, bounded by the command's deadline, through the act path: its
// Changes run to after the wait from prima's last view of the page when
// that is of the same document (since: what the page did since the
// previous command, a note says), else from before the wait; what
// happened meanwhile (a dialog, a tab) is in its Events.
func (in *Instance) Wait(ctx context.Context, r *wire.WaitRequest) *envelope.Envelope {
	env := &envelope.Envelope{Command: strings.TrimSpace("wait " + r.For + " " + QuoteIfSpaced(r.Value))}
	prev, shown := in.eng.Last()
	start := time.Now()
	page, before, ok := in.Begin(ctx, env, false)
	if !ok {
		return env
	}
	from, reloaded := since(prev, before, shown == page, func() string { return in.eng.Document(ctx, page) })
	var prep engine.Prepare
	switch {
	case r.For == "text" || r.For == "gone":
		prep = PrepWait(ctx, page, r.Value, r.For == "gone", 0)
	case r.Duration() > 0:
		prep = PrepWait(ctx, page, "", false, r.Duration())
	case r.For == "download":
		prep = in.eng.WaitDownload(ctx)
	default:
		prep = in.prepWaitFor(ctx, page, before, r)
	}
	o := in.Act(ctx, page, before, func(ctx context.Context) (*engine.Action, error) {
		a, err := prep(ctx)
		if a != nil {
			a.From = from
		}
		return a, err
	})
	in.fill(ctx, env, o)
	switch {
	case o.Before != before:
		note := fmt.Sprintf("Changes since prima last saw this page, %s before the wait", start.Sub(from.At).Round(10*time.Millisecond))
		env.Extra = append(env.Extra, envelope.KV{Key: "note", Value: note})
	case reloaded:
		// Else nothing would say that the page the previous command
		// left is gone: the Page section runs from the wait's start.
		env.Extra = append(env.Extra, envelope.KV{Key: "note", Value: "the tab loaded another document since prima last saw it; the Changes run from the wait's start"})
	}
	return env
}

// since is the view a wait's Changes run from: prev, prima's last view
// before the wait, when the tab holds the document it was taken on (the
// same tab, no navigation since; now reads the tab's), so that what the
// page did between the previous command and the wait is shown, where
// neither envelope would show it (what came and went between the two is
// in neither); else before, the wait's own. A view of another document
// would show a reload's fresh page as removals: a document prima cannot
// name is never reused. reloaded: the tab holds another document than
// prev's, both known.
func since(prev, before *engine.View, sameTab bool, now func() string) (from *engine.View, reloaded bool) {
	if prev == nil || prev == before || !sameTab || prev.Doc == "" {
		return before, false
	}
	if doc := now(); doc != prev.Doc {
		return before, doc != ""
	}
	return prev, false
}

// prepWaitFor prepares the waits for what is not text: an element's
// state, the URL, a load state, a JavaScript condition.
func (in *Instance) prepWaitFor(ctx context.Context, page playwright.Page, before *engine.View, r *wire.WaitRequest) engine.Prepare {
	return func(ctx context.Context) (*engine.Action, error) {
		switch r.For {
		case "url":
			return waiting(ctx, func(ctx context.Context) error {
				return page.WaitForURL(r.Value, playwright.PageWaitForURLOptions{Timeout: waitMS(ctx), WaitUntil: playwright.WaitUntilStateCommit})
			}, func() string { return fmt.Sprintf("the URL did not match %s (it is %s)", r.Value, page.URL()) }), nil
		case "load":
			state := r.Value
			if state == "" {
				state = "load"
			}
			ls := map[string]*playwright.LoadState{"load": playwright.LoadStateLoad, "domcontentloaded": playwright.LoadStateDomcontentloaded, "networkidle": playwright.LoadStateNetworkidle}[state]
			return waiting(ctx, func(ctx context.Context) error {
				return page.WaitForLoadState(playwright.PageWaitForLoadStateOptions{State: ls, Timeout: waitMS(ctx)})
			}, func() string { return "the page did not reach " + state }), nil
		case "js":
			return waiting(ctx, func(ctx context.Context) error {
				_, err := page.WaitForFunction(r.Value, nil, playwright.PageWaitForFunctionOptions{Timeout: waitMS(ctx)})
				return err
			}, func() string { return fmt.Sprintf("%s did not become true", r.Value) }), nil
		}
		state := r.ElementState()
		gone := state == "hidden" || state == "detached"
		loc := page.Locator(r.Value)
		if refs.Is(r.Value) {
			res, entry, err := in.resolveRef(ctx, page, before, r.Value)
			var nf *refs.NotFoundError
			var stale *browser.StaleRefError
			switch {
			case gone && entry.Role != "" && (errors.As(err, &stale) || errors.As(err, &nf)):
				// A snapshot named the element, and the page no longer
				// holds it: what a wait for it to go waits for happened.
				return &engine.Action{Run: func(context.Context) error { return nil }}, nil
			case err != nil:
				return nil, err
			}
			res.Handle.Dispose()
			loc = page.Locator(res.Selector)
		}
		ws := map[string]*playwright.WaitForSelectorState{"visible": playwright.WaitForSelectorStateVisible, "hidden": playwright.WaitForSelectorStateHidden,
			"attached": playwright.WaitForSelectorStateAttached, "detached": playwright.WaitForSelectorStateDetached}[state]
		return waiting(ctx, func(ctx context.Context) error {
			err := loc.WaitFor(playwright.LocatorWaitForOptions{State: ws, Timeout: waitMS(ctx)})
			if err != nil && strings.Contains(err.Error(), "strict mode violation") {
				n, _ := loc.Count()
				return &SelectorError{Selector: r.Value, Count: n}
			}
			return err
		}, func() string { return fmt.Sprintf("%s is not %s", r.Value, state) }), nil
	}
}

// PrepWait prepares a wait; whole words only (rule 10), visible only. The
// wait command and do's wait steps share it.
func PrepWait(ctx context.Context, page playwright.Page, text string, gone bool, d time.Duration) engine.Prepare {
	return func(context.Context) (*engine.Action, error) {
		if text == "" {
			return &engine.Action{Run: func(context.Context) error {
				select {
				case <-time.After(d):
					return nil
				case <-ctx.Done():
					return fmt.Errorf("%w during the wait", engine.ErrDeadline)
				}
			}}, nil
		}
		loc := page.Locator("internal:text=/" + instruct.TextPattern(text) + "/iu >> visible=true").First()
		state, what := playwright.WaitForSelectorStateVisible, fmt.Sprintf("no visible text %q appeared", text)
		if gone {
			state, what = playwright.WaitForSelectorStateHidden, fmt.Sprintf("the text %q is still visible", text)
		}
		return &engine.Action{Run: func(context.Context) error {
			left := time.Until(deadlineOf(ctx))
			if err := loc.WaitFor(playwright.LocatorWaitForOptions{State: state, Timeout: playwright.Float(float64(left.Milliseconds()))}); err != nil {
				return &WaitTimeoutError{What: what, For: left}
			}
			return nil
		}}, nil
	}
}

// waiting is a wait as an action: wait gets the command's time left
// (waitMS), and its timeout is a WaitTimeoutError naming what did not
// happen within it.
func waiting(ctx context.Context, wait func(context.Context) error, what func() string) *engine.Action {
	return &engine.Action{Run: func(ctx context.Context) error {
		left := max(time.Until(deadlineOf(ctx)), 0)
		err := wait(ctx)
		if errors.Is(err, playwright.ErrTimeout) {
			return &WaitTimeoutError{What: what(), For: left}
		}
		return err
	}}
}

// waitMS is Playwright's timeout option for a wait: the command's time
// left, and 1 ms when it is spent, since Playwright reads 0 as none.
func waitMS(ctx context.Context) *float64 {
	left := max(time.Until(deadlineOf(ctx)), 0)
	return playwright.Float(float64(max(left.Milliseconds(), 1)))
}

func deadlineOf(ctx context.Context) time.Time {
	if dl, ok := ctx.Deadline(); ok {
		return dl.Add(-300 * time.Millisecond) // room to snapshot
	}
	return time.Now().Add(wire.DefaultTimeout)
}

// FileError: a file to upload that is not there.
type FileError struct{ Path, Why string }

func (e *FileError) Error() string {
	return fmt.Sprintf("cannot upload %s: %s; nothing was uploaded", e.Path, e.Why)
}

func (e *FileError) FailureCode() envelope.Code { return envelope.CodeUsage }

// CheckFiles requires every file to upload to be a readable regular file,
// for pw's upload and do's.
func CheckFiles(files []string) error {
	for _, f := range files {
		st, err := os.Stat(f)
		switch {
		case err != nil:
			return &FileError{Path: f, Why: strings.TrimPrefix(err.Error(), "stat "+f+": ")}
		case !st.Mode().IsRegular():
			return &FileError{Path: f, Why: "it is not a regular file"}
		}
	}
	return nil
}
