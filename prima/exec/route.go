package exec

import (
	"context"
	"encoding/json"
	"fmt"
	"mime"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"

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
			bodies = browser.BodyLines(seen, r.Failed)
		}
		env.Answer, env.OK = browser.RequestLines(page.URL(), seen, dropped, r.Failed, bodies), true
		return env
	}
	bc := page.Context()
	o := in.Act(ctx, page, before, func(context.Context) (*engine.Action, error) {
		return &engine.Action{Run: func(context.Context) error { return bc.SetOffline(r.State == "on") }}, nil
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
