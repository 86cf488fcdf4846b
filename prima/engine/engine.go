// Package engine is the one act-and-observe path every acting command
// takes: arm the observers, act on the element a command bound, settle,
// read the page again and diff, and the views of a page that path reads.
package engine

import (
	"context"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/mask"
	"github.com/prima-dev/prima/prima/view"
)

// Engine acts on and observes the pages of one browser instance. It is
// used by one command at a time: the instance's lock serializes them.
type Engine struct {
	b *browser.Instance

	// The last view taken, and the page fingerprint it was taken at;
	// see Observe.
	last     *View
	lastFP   string
	lastPage playwright.Page
	// refView is the last view with refs (a Playwright snapshot): the
	// refs a caller holds are resolved against it.
	refView *View
	refPage playwright.Page
	// inc renders the selected page incrementally.
	inc *view.Engine
	// Views counts how views were taken: whole Playwright snapshots, and
	// the incremental renderer's partial and whole renders.
	Views struct{ Playwright, Partial, Whole int }

	// inflight is what an earlier command left running in the page.
	inflight inflight

	// masked are the values of password fields seen or typed.
	masked mask.Values
}

// New is the engine of a browser instance.
func New(b *browser.Instance) *Engine {
	return &Engine{b: b, masked: mask.Values{}}
}

// Options are what one command brings to an action besides the action.
type Options struct {
	// Dialog is how to answer a dialog the action raises (the zero
	// policy leaves it open and reports it).
	Dialog browser.DialogPolicy
	// Downloads gives the folder a download the action starts is saved
	// in, made when the first one comes; nil: downloads are named only.
	Downloads func() (string, error)
}

// Masks are the password values the engine has seen or typed, which
// everything prima prints is masked with.
func (e *Engine) Masks() mask.Values { return e.masked }

// Last is the last view taken, and the page it shows.
func (e *Engine) Last() (*View, playwright.Page) { return e.last, e.lastPage }

// Forget drops the last view: the page moved under the instance.
func (e *Engine) Forget() { e.last = nil }

// Join waits, within ctx, for what an earlier command left running in
// the page; a BusyError when it is still running at ctx's end.
func (e *Engine) Join(ctx context.Context) error { return e.inflight.join(ctx) }

// Hand gives the engine work still running in the page (an action or a
// render whose command ran out of time): the next command joins it
// before it touches the page.
func (e *Engine) Hand(done <-chan struct{}) { e.inflight.add(done) }

// Pending is how much handed work is still to be joined.
func (e *Engine) Pending() int { return len(e.inflight.left) }

// Primed reports whether Playwright's utility world of the page the
// engine renders has the one-pass labels getter.
func (e *Engine) Primed() bool { return e.inc != nil && e.inc.Primed() }
