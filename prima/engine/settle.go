package engine

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/guard"
)

// The settle rule (rule 9): after an action prima waits until the page is
// done answering it, so that a list re-rendered 150 ms later, a submenu
// opened after 300 ms or a navigation started 110 ms after the click is
// seen. The page says when it is done: a tracker armed just before the
// action counts the short timers and frames (≤ timerMax ms, two levels
// deep from the action's last input: a debounce re-armed while keys come
// is followed to its end), the fetch/XHR requests, the messages sent to a socket or a worker
// and the sockets and event streams opened until answered (≤ wsWait ms),
// the scrolls it asks for until they stop, and the finite CSS transitions and
// animations that start while armed, notes cross-document navigations,
// and the time of the last DOM mutation. The page is settled when none of
// them is pending and the DOM has been quiet for quietMS; a quiet page
// therefore pays one round trip. Every wait is capped (settleCap, and the
// command's deadline).
const (
	quietMS  = 25
	timerMax = 600
	// wsWait bounds the wait for a socket's or a worker's answer to a
	// message the action sent: one that never answers (no reply is
	// owed) costs no more.
	wsWait = 500
	// pushWait is how long after a changing request (not a GET) ends the
	// settle holds for an answer pushed over a socket or a stream the
	// page opened before prima came, on a page that speaks over one: a
	// live view answers a form's POST there, a moment after the POST's
	// own answer. A push heard ends the hold.
	pushWait  = 400
	settleCap = 1500 * time.Millisecond
	// loadGrace is what a navigation gives `load` beyond the DOM, without
	// failing when a sub-resource never arrives (rule 7).
	loadGrace = 1500 * time.Millisecond
	// popupWait bounds the wait for a tab the page asked to open.
	popupWait = 2 * time.Second
	// answerCap bounds the wait, past settleCap, for the requests the
	// action started: a report or a search that takes a few seconds is
	// the page's answer, and "no change" before it lands would be false.
	// readReserve is the command's time kept for reading the page after.
	answerCap   = 10 * time.Second
	readReserve = 2 * time.Second
)

// trackJS installs the tracker once per document and arms it; it returns
// the document's id, so the probe can tell a new document from this one.
//
//go:embed js/track.js
var trackJS string

// probeJS waits in the page until it is settled, or capMS passes; it
// answers [document id, navigating, capped, popup, requests pending].
//
//go:embed js/probe.js
var probeJS string

// answerJS waits for the requests the action started, past the cap; it
// answers how many are still pending.
//
//go:embed js/answer.js
var answerJS string

// quietJS waits for a new document's DOM to be quiet for quietMS, capped.
//
//go:embed js/quiet.js
var quietJS string

// trackCfg is the tracker's configuration with one more setting, when
// key is not "" (arm: false installs it without arming; stop: the action
// clicks).
func trackCfg(key string, v any) map[string]any {
	m := map[string]any{"timerMax": timerMax, "wsWait": wsWait, "pushWait": pushWait}
	if key != "" {
		m[key] = v
	}
	return m
}

// armSettle arms the page's tracker just before an action; it returns the
// document id ("" when the page could not be armed).
func (e *Engine) armSettle(ctx context.Context, page playwright.Page) string {
	v, err := e.Evaluate(ctx, page, trackJS, trackCfg("", nil))
	if err != nil {
		return ""
	}
	id, _ := v.(string)
	return id
}

// settle waits until the page has answered the action: the tracked work
// done and the DOM quiet, a navigation followed to its DOM (and `load`
// for a bounded time), the requests the action started finished. A
// navigation whose document request is still in flight is waited for
// until the command's deadline (a slow server is not a failure), and one
// the deadline cut is the error it returns. Requests the action started
// and still in flight at the cap are waited for up to answerCap (within
// the command's deadline); busy is how many were left even then. failed
// tells whether a request of the action's own failed, or may have (one
// answered after the cap): only then are they read (failedRequests).
func (e *Engine) settle(ctx context.Context, page playwright.Page, docID string, armed *browser.Armed, quiet time.Duration) (busy int, failed bool, err error) {
	navigated, popped := armed.Navigated()
	capAt := time.Now().Add(settleCap)
	if dl, ok := ctx.Deadline(); ok && dl.Before(capAt) {
		capAt = dl
	}
	left := func() float64 {
		d := time.Until(capAt)
		if d < 0 {
			return 0
		}
		return float64(d.Milliseconds())
	}
	newDoc, routed := false, false
	if ctx.Err() != nil {
		return 0, false, nil
	}
	if docID != "" {
		v, err := e.Evaluate(ctx, page, probeJS, left())
		if ctx.Err() != nil {
			return 0, false, nil
		}
		switch {
		case err != nil:
			newDoc = true // the document went away under the probe
		default:
			a, _ := v.([]any)
			id, nav, capped, popup, requests := "", false, false, false, 0
			if len(a) >= 6 {
				id, _ = a[0].(string)
				nav, _ = a[1].(bool)
				capped, _ = a[2].(bool)
				popup, _ = a[3].(bool)
				requests = jsInt(a[4])
				failed = jsInt(a[5]) > 0
			}
			if len(a) >= 7 {
				routed, _ = a[6].(bool)
			}
			if capped && requests > 0 && id == docID {
				busy = e.awaitAnswer(ctx, page, requests)
				failed = true
			}
			if popup {
				// A new tab was asked for; Chromium reports it a moment
				// after the click.
				select {
				case <-popped:
				case <-time.After(popupWait):
				case <-ctx.Done():
				}
			}
			if id != docID {
				newDoc = true
			} else if nav {
				// A navigation started; wait for it to commit.
				var err error
				if newDoc, err = e.awaitCommit(ctx, navigated, armed.Downloaded(), time.Until(capAt)+loadGrace); err != nil {
					return busy, failed, err
				}
			}
		}
	} else {
		newDoc = true
	}
	if newDoc && !page.IsClosed() {
		if err := page.WaitForLoadState(playwright.PageWaitForLoadStateOptions{State: playwright.LoadStateDomcontentloaded, Timeout: playwright.Float(LeftMS(ctx))}); err != nil && ctx.Err() != nil {
			return 0, false, fmt.Errorf("%w while the new page's DOM loaded", ErrDeadline)
		}
		grace := loadGrace
		if dl, ok := ctx.Deadline(); ok && time.Until(dl)/2 < grace {
			grace = time.Until(dl) / 2
		}
		if grace > 0 {
			page.WaitForLoadState(playwright.PageWaitForLoadStateOptions{State: playwright.LoadStateLoad, Timeout: playwright.Float(float64(grace.Milliseconds()))})
		}
		e.Evaluate(ctx, page, quietJS, []any{float64(settleCap.Milliseconds()) / 3, float64(quiet.Milliseconds())})
		// The tracker watches the new document from now on: what changes
		// in it before the next action is the page's own (a clock).
		e.Evaluate(ctx, page, trackJS, trackCfg("arm", false))
	}
	for round := 0; routed && !newDoc && round < maxRouteRounds && e.b.Net.Pending() && time.Now().Before(capAt); round++ {
		// A route the action changed renders its view once what it
		// loads has come (a module the page imports, which no script
		// of the page's can see pending, then the view's data): each
		// load is waited for, then the work it leads to.
		e.b.Net.Settle(ctx, capAt)
		if _, err := e.Evaluate(ctx, page, trackJS, trackCfg("again", true)); err != nil {
			break
		}
		if _, err := e.Evaluate(ctx, page, probeJS, left()); err != nil {
			break
		}
	}
	e.b.Net.Settle(ctx, capAt)
	return busy, failed, nil
}

// maxRouteRounds bounds how many loads a route change's settle follows.
const maxRouteRounds = 4

// awaitAnswer waits for the pending requests the action started, up to
// answerCap and never into the time kept for reading the page; it returns
// how many were still in flight.
func (e *Engine) awaitAnswer(ctx context.Context, page playwright.Page, pending int) int {
	wait := answerCap
	if dl, ok := ctx.Deadline(); ok {
		wait = min(wait, time.Until(dl)-readReserve)
	}
	if wait <= 0 {
		return pending
	}
	v, err := e.Evaluate(ctx, page, answerJS, float64(wait.Milliseconds()))
	if err != nil {
		return 0 // the document went away: what it did is in the after view
	}
	return jsInt(v)
}

// evaluator is what a page script runs on: a page or one of its elements.
type evaluator interface {
	Evaluate(expression string, arg ...any) (any, error)
}

// Evaluate evaluates js on a page or an element for a command, bounded by
// ctx (see within): every page script a command runs goes through it or
// EvaluateHandle.
func (e *Engine) Evaluate(ctx context.Context, on evaluator, js string, arg ...any) (any, error) {
	return within(ctx, e, func() (any, error) { return on.Evaluate(js, arg...) })
}

// within makes one browser read bounded by ctx (guard.Within): a read
// cut off is ErrDeadline, never an answer, and is handed to the engine,
// which the next command joins (it ends when the page answers) before it
// touches the page.
func within[T any](ctx context.Context, e *Engine, read func() (T, error)) (T, error) {
	return guard.Within(ctx, ErrDeadline, e.Hand, read)
}

// Within is within for a read the browser half makes for a command (ref
// resolution): bounded by ctx, none started once it has ended, a cut one
// handed on for the next command to join.
func (e *Engine) Within(ctx context.Context, read func() error) error {
	_, err := within(ctx, e, func() (struct{}, error) { return struct{}{}, read() })
	return err
}

// answered closes once the page runs a script again: once what holds
// its main thread (an action's handler) is over, or the page is gone.
func (e *Engine) answered(page playwright.Page) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		guard.Run("a page read", func() error {
			_, err := page.Evaluate("1")
			return err
		})
	}()
	return done
}

// cut tells whether a read failed because the command's time ran out:
// such a failure is the command's, never what the page answered.
func cut(err error) bool { return errors.Is(err, ErrDeadline) }

// awaitCommit waits for a navigation that started to commit: for grace,
// and past it for as long as its document request is in flight (no
// answer yet from the server), within the command's deadline. A
// navigation that ends without a document (a download, a 204) stops the
// wait once nothing is in flight.
func (e *Engine) awaitCommit(ctx context.Context, navigated, downloaded <-chan struct{}, grace time.Duration) (bool, error) {
	timer := time.NewTimer(grace)
	defer timer.Stop()
	for {
		select {
		case <-navigated:
			return true, nil
		case <-downloaded:
			return false, nil
		case <-ctx.Done():
			if e.b.Obs.DocumentPending() {
				return false, fmt.Errorf("%w while the navigation the action started waited for its server", ErrDeadline)
			}
			return false, nil
		case <-timer.C:
			if !e.b.Obs.DocumentPending() {
				return false, nil
			}
			timer.Reset(50 * time.Millisecond)
		}
	}
}
