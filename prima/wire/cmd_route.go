package wire

import "strings"

// RouteRequest is `prima route PATTERN [--status N] [--body TEXT | --file F]
// [--content-type T] [--header NAME:VALUE]... [--abort]` and `prima route list`.
type RouteRequest struct {
	Target
	Pattern     string   `json:"pattern"`
	Status      int      `json:"status,omitempty"`
	Body        string   `json:"body,omitempty"`
	File        string   `json:"file,omitempty"`
	ContentType string   `json:"content_type,omitempty"`
	Headers     []string `json:"header,omitempty"`
	Abort       bool     `json:"abort,omitempty"`
}

// List tells whether the request lists the routes instead of adding one.
func (r RouteRequest) List() bool { return r.Pattern == "list" }

// Validate: a status is an HTTP one; the body is given once, as text or
// a file; a header is NAME:VALUE; an aborted request gets no answer, so
// it takes none of these; list takes nothing.
func (r RouteRequest) Validate() error {
	answer := r.Status != 0 || r.Body != "" || r.File != "" || r.ContentType != "" || len(r.Headers) > 0
	switch {
	case r.List() && (answer || r.Abort):
		return usagef("list takes no flags: prima route list")
	case r.Status != 0 && (r.Status < 100 || r.Status > 599):
		return usagef("--status %d is not an HTTP status: use 100 to 599 (default 200)", r.Status)
	case r.Abort && answer:
		return usagef("--abort fails the request with a network error: it takes no --status, --body, --file, --content-type or --header")
	case r.Body != "" && r.File != "":
		return usagef("give the body once: --body TEXT or --file F")
	case strings.TrimSpace(r.Pattern) != r.Pattern:
		return usagef("the pattern %q has spaces around it", r.Pattern)
	}
	for _, h := range r.Headers {
		if _, _, err := SplitHeader(h); err != nil {
			return usagef("--header %q: %v", h, err)
		}
	}
	return nil
}

// UnrouteRequest is `prima unroute [PATTERN]`.
type UnrouteRequest struct {
	Target
	Pattern string `json:"pattern,omitempty"`
}

// NetworkRequest is `prima network [--failed]` (the requests since the
// last call) and `prima network offline on|off`.
type NetworkRequest struct {
	Target
	Op     string `json:"op,omitempty"`
	State  string `json:"state,omitempty"`
	Failed bool   `json:"failed,omitempty"`
	Bodies bool   `json:"bodies,omitempty"`
}

// Validate: offline takes on or off; listing takes no state.
func (r NetworkRequest) Validate() error {
	switch {
	case r.Op == "offline" && r.State != "on" && r.State != "off":
		return usagef("offline takes on or off: prima network offline on")
	case r.Op == "" && r.State != "":
		return usagef("it takes offline on|off, or no words to list the requests")
	case r.Op != "" && (r.Failed || r.Bodies):
		return usagef("--failed and --bodies are for listing the requests: prima network --failed --bodies")
	}
	return nil
}

func init() {
	register(Command{
		Name: "route",
		Usage: "Answer the requests whose URL matches PATTERN (a glob like **/api/save) with --status, --body or --file, " +
			"--content-type and --header, or fail them (--abort); `route list` lists prima's routes and how often each answered",
		Detail: "A route holds for every tab of the browser until unroute, and only for prima's connection: an attached " +
			"session's own routes are untouched, and prima's go when it detaches. The page is not acted on: the route answers " +
			"its next matching requests, which an action's Events then name when they fail.",
		Title: "Route requests",
		Acts:  true,
		Params: []Param{
			{Key: "pattern", Kind: KindText, Word: true, Required: true, Help: "A URL glob (**/api/*), or list."},
			{Key: "status", Kind: KindInt, Help: "The HTTP status to answer with (default 200)."},
			{Key: "body", Kind: KindString, Help: "The body to answer with (default empty)."},
			{Key: "file", Kind: KindText, Help: "Answer with this file's bytes (a path on the daemon's machine, relative to the caller's folder); its type from its extension unless content_type."},
			{Key: "content_type", Kind: KindText, Help: "The answer's Content-Type (default text/plain, or application/json for a body that parses as JSON)."},
			{Key: "header", Kind: KindWords, Help: "A header to answer with, NAME:VALUE (the flag repeats)."},
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
		Name: "network",
		Usage: "List the requests every tab made since the last `network` (--failed: only those that failed or got 400 or more), " +
			"or take the browser offline (network offline on) and back online (offline off)",
		Detail: "A listed request is one line: method, URL, status or error, resource type and milliseconds; at most the last 1,000 " +
			"are kept. Offline, every request of every tab fails with a network error until offline off.",
		Title: "Network",
		Acts:  true,
		Params: []Param{
			{Key: "op", Kind: KindText, Word: true, Enum: []string{"offline"}, Help: "offline, to set the network state; none to list the requests."},
			{Key: "state", Kind: KindText, Word: true, Enum: []string{"on", "off"}, Help: "offline on: every request fails; offline off: online again."},
			{Key: "failed", Kind: KindBool, Help: "List only the requests that failed or got a status of 400 or more."},
			{Key: "bodies", Kind: KindBool, Help: "Show the bodies of the pages', fetches' and XHRs' requests and answers too (the last 50, each cut at 1,000 bytes)."},
		},
		New: func() Request { return &NetworkRequest{} },
	})
}
