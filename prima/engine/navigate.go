package engine

import (
	"context"
	"net/url"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/prima/pwline"
)

// NavOpts are a navigation's options as a Playwright line gives them:
// WaitUntil ("" waits for the DOM only) and goto's Referer.
type NavOpts struct{ WaitUntil, Referer string }

// until is the load state to wait for: the DOM unless the line asks for
// another. The settle gives `load` a bounded time either way, so a
// sub-resource that never arrives does not fail a page that is there.
func (o NavOpts) until() *playwright.WaitUntilState {
	if o.WaitUntil != "" {
		w := playwright.WaitUntilState(o.WaitUntil)
		return &w
	}
	return playwright.WaitUntilStateDomcontentloaded
}

// History prepares back, forward and reload. A history step with
// nowhere to go is an error, not a silent no-op.
func History(page playwright.Page, method string, o NavOpts) (*Action, error) {
	p := &Action{Line: pwline.Line{Method: method, WaitUntil: o.WaitUntil}, Arrives: true}
	wait := o.until()
	switch method {
	case "goBack":
		p.Run = func(ctx context.Context) error {
			r, err := page.GoBack(playwright.PageGoBackOptions{WaitUntil: wait, Timeout: playwright.Float(LeftMS(ctx))})
			if err == nil && r == nil && page.URL() == "" {
				return &UsageError{Msg: "there is no page to go back to"}
			}
			return err
		}
	case "goForward":
		p.Run = func(ctx context.Context) error {
			_, err := page.GoForward(playwright.PageGoForwardOptions{WaitUntil: wait, Timeout: playwright.Float(LeftMS(ctx))})
			return err
		}
	case "reload":
		p.Run = func(ctx context.Context) error {
			_, err := page.Reload(playwright.PageReloadOptions{WaitUntil: wait, Timeout: playwright.Float(LeftMS(ctx))})
			return err
		}
	default:
		return nil, &pwline.UnknownActionError{Action: method}
	}
	return p, nil
}

// Goto prepares a navigation. It waits for the DOM only (unless the line
// asks for another load state); the settle gives `load` a bounded time,
// so a sub-resource that never arrives does not fail a page that is there
// (rule 7). Where the server redirected is
// arrival, shown as redirected:; an error status fails in the act path.
func Goto(page playwright.Page, u *url.URL, o NavOpts) Prepare {
	return func(context.Context) (*Action, error) {
		var referer *string
		if o.Referer != "" {
			referer = playwright.String(o.Referer)
		}
		return &Action{
			Line:    pwline.Line{Method: "goto", Value: u.String(), WaitUntil: o.WaitUntil, Referer: o.Referer},
			Arrives: true,
			Load:    true,
			Run: func(ctx context.Context) error {
				_, err := page.Goto(u.String(), playwright.PageGotoOptions{WaitUntil: o.until(), Timeout: playwright.Float(LeftMS(ctx)), Referer: referer})
				return err
			},
		}, nil
	}
}
