package engine

import (
	"context"
	_ "embed"
	"fmt"
	"net/url"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/prima/browser"
)

//go:embed js/failed_requests.js
var failedRequestsJS string

// failedRequests are the Events lines of the requests the action's own
// work made that failed (a status of 400 or more, or no answer): a page
// that says Saved while its server refused shows it here. The page's own
// requests (a background poll) are not the action's and are not read.
func (e *Engine) failedRequests(ctx context.Context, page playwright.Page) []browser.Event {
	v, err := e.Evaluate(ctx, page, failedRequestsJS, nil)
	if err != nil {
		return nil
	}
	rows, _ := v.([]any)
	base, _ := url.Parse(page.URL())
	var out []browser.Event
	for _, r := range rows {
		f, _ := r.([]any)
		if len(f) != 4 {
			continue
		}
		method, _ := f[0].(string)
		target, _ := f[1].(string)
		status := 0
		if n, ok := f[2].(int); ok {
			status = n
		} else if n, ok := f[2].(float64); ok {
			status = int(n)
		}
		reason, _ := f[3].(string)
		out = append(out, browser.Event{Kind: browser.EventRequestFailed, Text: failedLine(base, method, target, status, reason)})
	}
	return out
}

// failedLine is `request failed: POST /api/save -> 500`: the path alone
// when the request went to the page's own origin.
func failedLine(base *url.URL, method, target string, status int, reason string) string {
	shown := target
	if u, err := url.Parse(target); err == nil && base != nil {
		u = base.ResolveReference(u)
		shown = u.String()
		if u.Scheme == base.Scheme && u.Host == base.Host {
			shown = u.RequestURI()
		}
	}
	if status > 0 {
		return fmt.Sprintf("request failed: %s %s -> %d", method, shown, status)
	}
	return fmt.Sprintf("request failed: %s %s -> %s", method, shown, reason)
}
