package exec

import (
	"context"
	"encoding/json"
	"fmt"
	"mime"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/wire"
)

func init() {
	Runs((*Instance).Route)
	Runs((*Instance).Unroute)
	Runs((*Instance).Network)
}

// route is one of prima's routes on a browser context.
type route struct {
	on      playwright.BrowserContext
	pattern string
	answer  string // how it answers: "503, 12 bytes of application/json", "a network error"
	hits    atomic.Int64
}

// Route adds a route to the browser context of the selected page, or
// lists prima's routes. It acts on nothing: the route answers the page's
// next matching requests.
func (in *Instance) Route(ctx context.Context, r *wire.RouteRequest) *envelope.Envelope {
	env := &envelope.Envelope{Command: "route " + r.Pattern}
	page, before, ok := in.Begin(ctx, env, false)
	if !ok {
		return env
	}
	in.looked(env, before)
	bc := page.Context()
	in.liveRoutes(bc)
	if r.List() {
		env.Answer, env.OK = in.routeLines(), true
		return env
	}
	rt := &route{on: bc, pattern: r.Pattern, answer: "a network error"}
	body, err := routeBody(ctx, r)
	if err != nil {
		in.Fail(env, err, before)
		return env
	}
	status, ctype := r.Status, r.ContentType
	if status == 0 {
		status = 200
	}
	if ctype == "" && r.File != "" {
		ctype, _, _ = strings.Cut(mime.TypeByExtension(filepath.Ext(r.File)), ";")
	}
	if ctype == "" {
		ctype = "text/plain"
		if json.Valid(body) && len(body) > 0 {
			ctype = "application/json"
		}
	}
	headers := wire.HeaderMap(r.Headers)
	var names []string
	for _, h := range r.Headers {
		name, _, _ := wire.SplitHeader(h)
		names = append(names, name)
	}
	if !r.Abort {
		rt.answer = fmt.Sprintf("%d, %d bytes of %s", status, len(body), ctype)
		if len(names) > 0 {
			rt.answer += ", with " + strings.Join(names, ", ")
		}
	}
	browser.Routable(bc)
	err = bc.Route(r.Pattern, func(x playwright.Route) {
		rt.hits.Add(1)
		if r.Abort {
			x.Abort("failed")
			return
		}
		x.Fulfill(playwright.RouteFulfillOptions{Status: &status, Body: body, ContentType: &ctype, Headers: headers})
	})
	if err != nil {
		in.Fail(env, err, before)
		return env
	}
	in.routes = append(in.routes, rt)
	env.Answer, env.OK = in.routeLines(), true
	return env
}

// Unroute removes prima's routes for a pattern, or all of them.
func (in *Instance) Unroute(ctx context.Context, r *wire.UnrouteRequest) *envelope.Envelope {
	env := &envelope.Envelope{Command: strings.TrimSpace("unroute " + r.Pattern)}
	page, before, ok := in.Begin(ctx, env, false)
	if !ok {
		return env
	}
	in.looked(env, before)
	bc := page.Context()
	in.liveRoutes(bc)
	var kept []*route
	removed := 0
	for _, rt := range in.routes {
		if r.Pattern == "" || rt.pattern == r.Pattern {
			removed++
			continue
		}
		kept = append(kept, rt)
	}
	if removed == 0 {
		in.Fail(env, &NoRouteError{Pattern: r.Pattern, Have: in.routeLines()}, before)
		return env
	}
	var err error
	if r.Pattern == "" {
		err = bc.UnrouteAll()
	} else {
		err = bc.Unroute(r.Pattern)
	}
	if err != nil {
		in.Fail(env, err, before)
		return env
	}
	in.routes = kept
	env.Answer, env.OK = fmt.Sprintf("removed %d route%s\n%s", removed, plural(removed), in.routeLines()), true
	return env
}

// maxRouteFile caps a --file body: a route answers a page's requests from
// memory, for as long as it stands.
const maxRouteFile = 32 << 20

// routeBody is what a route answers with: --body, or the bytes of --file
// (relative to the caller's folder).
func routeBody(ctx context.Context, r *wire.RouteRequest) ([]byte, error) {
	if r.File == "" {
		return []byte(r.Body), nil
	}
	path := requestOf(ctx).path(r.File)
	st, err := os.Stat(path)
	switch {
	case err != nil:
		return nil, &RouteFileError{Path: path, Why: err.Error()}
	case !st.Mode().IsRegular():
		return nil, &RouteFileError{Path: path, Why: "not a regular file"}
	case st.Size() > maxRouteFile:
		return nil, &RouteFileError{Path: path, Why: fmt.Sprintf("%d bytes, over the %d MB a route holds", st.Size(), maxRouteFile>>20)}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, &RouteFileError{Path: path, Why: err.Error()}
	}
	return b, nil
}

// RouteFileError: route --file names a file prima cannot answer with.
type RouteFileError struct{ Path, Why string }

func (e *RouteFileError) Error() string {
	return fmt.Sprintf("route --file %s: %s; nothing was routed", e.Path, e.Why)
}

// FailureCode: the caller named the file.
func (e *RouteFileError) FailureCode() envelope.Code { return envelope.CodeUsage }

// liveRoutes forgets the routes of a context other than bc, the one the
// instance acts in: such a context is gone (the browser was relaunched or
// detached), and its routes went with it.
func (in *Instance) liveRoutes(bc playwright.BrowserContext) {
	in.routes = slices.DeleteFunc(in.routes, func(rt *route) bool { return rt.on != bc })
}

// routeLines lists prima's routes, one a line.
func (in *Instance) routeLines() string {
	var lines []string
	for _, rt := range in.routes {
		lines = append(lines, fmt.Sprintf("- %s: %s (answered %d request%s)", rt.pattern, rt.answer, rt.hits.Load(), plural(int(rt.hits.Load()))))
	}
	if len(lines) == 0 {
		return "no routes of prima's"
	}
	return strings.Join(lines, "\n")
}

// NoRouteError: unroute named a pattern prima has no route for.
type NoRouteError struct {
	Pattern string
	Have    string // the routes there are
}

func (e *NoRouteError) Error() string {
	if e.Pattern == "" {
		return "there are no routes of prima's to remove"
	}
	return fmt.Sprintf("prima has no route for %s; its routes: %s", e.Pattern, e.Have)
}

func (e *NoRouteError) FailureCode() envelope.Code { return envelope.CodeNotFound }

// Network lists the requests since the last call, or takes the browser
// context offline or back online, through the act path: a page that
// listens for it may show that it is offline.
func (in *Instance) Network(ctx context.Context, r *wire.NetworkRequest) *envelope.Envelope {
	env := &envelope.Envelope{Command: strings.TrimSpace("network " + r.Op + " " + r.State)}
	page, before, ok := in.Begin(ctx, env, false)
	if !ok {
		return env
	}
	if r.Op == "" {
		in.looked(env, before)
		seen, dropped := in.Net.Since()
		var bodies func(browser.Seen) []string
		if r.Bodies {
			bodies = bodyLines(seen, r.Failed)
		}
		env.Answer, env.OK = requestLines(page.URL(), seen, dropped, r.Failed, bodies), true
		return env
	}
	bc := page.Context()
	o := in.Act(ctx, page, before, func(float64) (*engine.Action, error) {
		return &engine.Action{Run: func(float64) error { return bc.SetOffline(r.State == "on") }}, nil
	})
	in.fill(ctx, env, o)
	if env.OK {
		env.Answer = "online: requests go to the network again"
		if r.State == "on" {
			env.Answer = "offline: every request of every tab fails with a network error until `prima network offline off`"
		}
	}
	return env
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// requestLines are the requests, one a line: `GET /api/save -> 500 (fetch,
// 12 ms)`, the path alone on the page's own origin; bodies, when asked,
// gives the lines of a request's bodies, under it.
func requestLines(pageURL string, seen []browser.Seen, dropped int, failedOnly bool, bodies func(browser.Seen) []string) string {
	base, _ := url.Parse(pageURL)
	var lines []string
	shown := 0
	for _, s := range seen {
		if failedOnly && !s.Failed() {
			continue
		}
		shown++
		u := s.URL
		if p, err := url.Parse(s.URL); err == nil && base != nil && p.Scheme == base.Scheme && p.Host == base.Host {
			u = p.RequestURI()
		}
		answer := fmt.Sprint(s.Status)
		if s.Error != "" {
			answer = s.Error
		}
		lines = append(lines, fmt.Sprintf("- %s %s -> %s (%s, %d ms)", s.Method, clipN(u, 300), answer, s.Type, s.MS))
		if bodies != nil {
			lines = append(lines, bodies(s)...)
		}
	}
	what := "requests"
	if failedOnly {
		what = "failed requests"
	}
	head := fmt.Sprintf("%d %s since the last `prima network`", shown, what)
	if shown == 1 {
		head = strings.Replace(head, "requests", "request", 1)
	}
	if dropped > 0 {
		head += fmt.Sprintf(" (and %d older ones prima no longer keeps)", dropped)
	}
	return strings.Join(append([]string{head}, lines...), "\n")
}

// Bodies are read for the requests whose bodies say what an app did:
// its pages, fetches and XHRs; the last maxBodies of them, each cut at
// maxBody bytes.
const (
	maxBodies = 50
	maxBody   = 1000
)

var bodyTypes = map[string]bool{"document": true, "fetch": true, "xhr": true}

// bodyLines reads, now, the bodies of the last maxBodies requests of seen
// that requestLines lists and that carry them, and gives each request's
// lines: what it sent and what it got.
func bodyLines(seen []browser.Seen, failedOnly bool) func(browser.Seen) []string {
	read := map[playwright.Request][]string{}
	for i := len(seen) - 1; i >= 0 && len(read) < maxBodies; i-- {
		s := seen[i]
		if !bodyTypes[s.Type] || s.Request == nil || failedOnly && !s.Failed() {
			continue
		}
		var lines []string
		if data, err := s.Request.PostData(); err == nil && data != "" {
			lines = append(lines, "  sent: "+shownBody(data, s.Request.Headers()["content-type"]))
		}
		if s.Response != nil {
			b, err := s.Response.Body()
			switch {
			case err != nil:
				lines = append(lines, "  got: (the browser no longer holds the body)")
			case len(b) > 0:
				lines = append(lines, "  got: "+shownBody(string(b), s.Response.Headers()["content-type"]))
			}
		}
		if len(lines) > 0 {
			read[s.Request] = lines
		}
	}
	return func(s browser.Seen) []string { return read[s.Request] }
}

// shownBody is a body as one line: quoted text cut at maxBody, or its
// size and type when it is not text.
func shownBody(b, ctype string) string {
	textual := ctype == "" || strings.HasPrefix(ctype, "text/")
	for _, t := range []string{"json", "javascript", "xml", "x-www-form-urlencoded"} {
		textual = textual || strings.Contains(ctype, t)
	}
	if !textual || !utf8.ValidString(b) {
		return fmt.Sprintf("(%d bytes of %s)", len(b), ctype)
	}
	return strconv.Quote(clipN(b, maxBody))
}
