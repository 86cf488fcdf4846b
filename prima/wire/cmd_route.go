package wire

import "strings"

// RouteRequest is `prima route PATTERN [--status N] [--body TEXT]
// [--content-type T] [--abort]` and `prima route list`.
type RouteRequest struct {
	Target
	Pattern     string `json:"pattern"`
	Status      int    `json:"status,omitempty"`
	Body        string `json:"body,omitempty"`
	ContentType string `json:"content_type,omitempty"`
	Abort       bool   `json:"abort,omitempty"`
}

// List tells whether the request lists the routes instead of adding one.
func (r RouteRequest) List() bool { return r.Pattern == "list" }

// Validate: a status is an HTTP one; an aborted request gets no answer,
// so it takes no status, body or type; list takes nothing.
func (r RouteRequest) Validate() error {
	answer := r.Status != 0 || r.Body != "" || r.ContentType != ""
	switch {
	case r.List() && (answer || r.Abort):
		return usagef("list takes no flags: prima route list")
	case r.Status != 0 && (r.Status < 100 || r.Status > 599):
		return usagef("--status %d is not an HTTP status: use 100 to 599 (default 200)", r.Status)
	case r.Abort && answer:
		return usagef("--abort fails the request with a network error: it takes no --status, --body or --content-type")
	case strings.TrimSpace(r.Pattern) != r.Pattern:
		return usagef("the pattern %q has spaces around it", r.Pattern)
	}
	return nil
}

// UnrouteRequest is `prima unroute [PATTERN]`.
type UnrouteRequest struct {
	Target
	Pattern string `json:"pattern,omitempty"`
}

// NetworkRequest is `prima network offline on|off`.
type NetworkRequest struct {
	Target
	Op    string `json:"op"`
	State string `json:"state"`
}

func init() {
	register(Command{
		Name: "route",
		Usage: "Answer the requests whose URL matches PATTERN (a glob like **/api/save) with --status, --body and " +
			"--content-type, or fail them (--abort); `route list` lists prima's routes and how often each answered",
		Detail: "A route holds for every tab of the browser until unroute, and only for prima's connection: an attached " +
			"session's own routes are untouched, and prima's go when it detaches. The page is not acted on: the route answers " +
			"its next matching requests, which an action's Events then name when they fail.",
		Title: "Route requests",
		Acts:  true,
		Params: []Param{
			{Key: "pattern", Kind: KindText, Word: true, Required: true, Help: "A URL glob (**/api/*), or list."},
			{Key: "status", Kind: KindInt, Help: "The HTTP status to answer with (default 200)."},
			{Key: "body", Kind: KindString, Help: "The body to answer with (default empty)."},
			{Key: "content_type", Kind: KindText, Help: "The answer's Content-Type (default text/plain, or application/json for a body that parses as JSON)."},
			{Key: "abort", Kind: KindBool, Help: "Fail the request with a network error instead of answering it."},
		},
		New: func() Request { return &RouteRequest{} },
	})
	register(Command{
		Name:   "unroute",
		Usage:  "Remove prima's route for PATTERN, or all of prima's routes",
		Detail: "The requests it answered go to the network again.",
		Title:  "Remove routes",
		Acts:   true,
		Params: []Param{
			{Key: "pattern", Kind: KindText, Word: true, Help: "The pattern a route was added with (default: every route)."},
		},
		New: func() Request { return &UnrouteRequest{} },
	})
	register(Command{
		Name:   "network",
		Usage:  "Take the browser offline (network offline on) or back online (network offline off)",
		Detail: "Offline, every request of every tab fails with a network error until offline off; a page may show that it is offline.",
		Title:  "Network state",
		Acts:   true,
		Params: []Param{
			{Key: "op", Kind: KindText, Word: true, Required: true, Enum: []string{"offline"}, Help: "What to set."},
			{Key: "state", Kind: KindText, Word: true, Required: true, Enum: []string{"on", "off"}, Help: "on: offline; off: online again."},
		},
		New: func() Request { return &NetworkRequest{} },
	})
}
