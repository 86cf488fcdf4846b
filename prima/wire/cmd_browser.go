package wire

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/prima-dev/prima/envelope"
)

// OpenRequest is `prima browser open [URL]`.
type OpenRequest struct {
	Target
	URL    string `json:"url,omitempty"`
	Headed bool   `json:"headed,omitempty"`
	// BrowserPath is the browser to launch, found by the caller (its
	// --browser-path, PRIMA_BROWSER, prima.json or discovery: Locate);
	// empty with an Endpoint, which opens the remote browser instead.
	BrowserPath string `json:"browser_path,omitempty"`
	// Profile is a folder the launched browser keeps its profile in
	// (cookies, storage, logins) from one launch to the next; absolute.
	Profile string `json:"profile,omitempty"`
}

// Validate checks the profile and the URL, when given.
func (r OpenRequest) Validate() error {
	switch {
	case r.Profile != "" && r.Endpoint != "":
		return usagef("--profile is for prima's own browser; a browser at --endpoint keeps its own profile")
	case r.Profile != "" && !filepath.IsAbs(r.Profile):
		return usagef("--profile %q: the daemon takes an absolute folder", r.Profile)
	case r.URL == "":
		return nil
	}
	return checkURL(r.URL, false)
}

func (r *OpenRequest) locate(ctx context.Context, find func(context.Context, bool) (string, error)) error {
	if r.Endpoint != "" {
		return nil
	}
	path, err := find(ctx, r.Headed)
	r.BrowserPath = path
	return err
}

// Locate gives req the browser the caller's environment finds, when req
// launches one (find is not called otherwise): the daemon may run in
// another environment than the caller's.
func Locate(ctx context.Context, req Request, find func(ctx context.Context, headed bool) (string, error)) error {
	l, ok := req.(interface {
		locate(context.Context, func(context.Context, bool) (string, error)) error
	})
	if !ok || find == nil {
		return nil
	}
	return l.locate(ctx, find)
}

// OpenResponse is `prima browser open`.
type OpenResponse struct {
	Instance Instance           `json:"instance"`
	Envelope *envelope.Envelope `json:"envelope,omitempty"` // when a URL was opened
	// Later names the live playwright-cli session later commands without
	// --instance attach to rather than this browser, if one comes first.
	Later string `json:"later,omitempty"`
}

// Text says which instance opened, when no URL was loaded.
func (r *OpenResponse) Text() string {
	return fmt.Sprintf("opened prima-owned Chromium: instance %s\n", r.Instance.Name)
}

// Carried is the navigation's envelope when a URL was loaded.
func (r *OpenResponse) Carried() *envelope.Envelope { return r.Envelope }

// Note names the session later commands go to instead, if any.
func (r *OpenResponse) Note() string {
	if r.Later == "" {
		return ""
	}
	return fmt.Sprintf("later commands attach to the live playwright-cli session %q, not to this browser; add --instance %s to act here", r.Later, r.Instance.Name)
}

// ListRequest is `prima browser list`.
type ListRequest struct{ Target }

// ListResponse is `prima browser list`.
type ListResponse struct {
	Browsers  []Browser  `json:"browsers"`
	Instances []Instance `json:"instances"`
	// Drivers are prima's Playwright drivers (playwright-core versions),
	// its own first; another is started only for a server of its minor.
	Drivers []string `json:"drivers,omitempty"`
}

// Text is the browsers and the instances as tables.
func (r *ListResponse) Text() string {
	var w strings.Builder
	tw := tabwriter.NewWriter(&w, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, "TITLE\tSTATUS\tVERSION\tENDPOINT")
	for _, br := range r.Browsers {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", br.Title, br.Status, br.Version, br.Endpoint)
	}
	if len(r.Browsers) == 0 {
		fmt.Fprintln(tw, "(no playwright-cli session or browser server found)\t\t\t")
	}
	tw.Flush()
	if len(r.Instances) > 0 {
		fmt.Fprintln(&w)
		tw = tabwriter.NewWriter(&w, 0, 2, 2, ' ', 0)
		fmt.Fprintln(tw, "INSTANCE\tKIND\tDRIVER\tPROGRAM\tCONNECTED\tURL")
		for _, in := range r.Instances {
			program, driver := in.Program, in.Driver
			if program == "" {
				program = "-"
			}
			if driver == "" {
				driver = "-"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%t\t%s\n", in.Name, in.Kind, driver, program, in.Connected, in.URL)
		}
		tw.Flush()
	}
	if len(r.Drivers) > 0 {
		fmt.Fprintf(&w, "\ndrivers: Playwright %s (its own; the others only for a server of their minor)\n", strings.Join(r.Drivers, ", "))
	}
	return w.String()
}

// CloseRequest is `prima browser close`.
type CloseRequest struct{ Target }

// Closed is the instance `prima browser close` closed or left.
type Closed struct{ Instance }

// Text says whether the browser was closed or only left running.
func (c *Closed) Text() string {
	if c.Kind == "owned" {
		return fmt.Sprintf("closed instance %s\n", c.Name)
	}
	return fmt.Sprintf("disconnected from %s (the session keeps running)\n", c.Name)
}

func init() {
	register(Command{
		Name:  "browser open",
		Usage: "Start a prima-owned Chromium (the open one is reused), optionally at a URL",
		Detail: "Use it when a command says there is no browser. With a URL the answer is the navigation's envelope: Page shows where it landed " +
			"(redirects included), and a main document answering 400 or more is a failure (http_status). " +
			"While a playwright-cli session is live, later commands attach to that session rather than to this browser (browser list shows what is there).",
		Title:  "Open prima's browser",
		Acts:   true,
		Again:  true,
		Answer: func() Answer { return &OpenResponse{} },
		Next:   "(blank page: call go with a URL)",
		Params: []Param{
			{Key: "url", Kind: KindString, Word: true, Help: "The page to load: http(s) URL. Optional: without it the browser opens on a blank page; then go to one."},
			{Key: "headed", Kind: KindBool, Help: "Show the browser window (default: headless)."},
			{Key: "profile", Kind: KindString, Help: "A folder the browser keeps its profile in (cookies, storage, logins) from one launch to the next; relative to the caller's folder. Default: a fresh profile."},
		},
		// The profile is the caller's folder, which the daemon cannot know.
		Normalize: func(v map[string]any) {
			if p, ok := v["profile"].(string); ok && p != "" {
				if abs, err := filepath.Abs(p); err == nil {
					v["profile"] = abs
				}
			}
			if u, ok := v["url"].(string); ok {
				v["url"] = strings.TrimSpace(u)
			}
		},
		New: func() Request { return &OpenRequest{} },
	})
	register(Command{
		Name:  "browser list",
		Usage: "List attachable browsers (live or stale) and the instances the daemon holds",
		Detail: "The browsers prima can attach to (playwright-cli sessions and Playwright browser servers: title, live or stale, version, endpoint) " +
			"and the instances the daemon holds (prima-owned or attached, connected, URL). Touches no page; works while a dialog is open.",
		Title:  "List browsers",
		Answer: func() Answer { return &ListResponse{} },
		New:    func() Request { return &ListRequest{} },
	})
	register(Command{
		Name:  "browser close",
		Usage: "Close the target browser (an attached session is only disconnected)",
		Detail: "prima's own Chromium is closed; an attached playwright-cli session is only disconnected and keeps running. " +
			"Works while a dialog is open.",
		Title:    "Close the browser",
		Acts:     true,
		Destroys: true,
		Answer:   func() Answer { return &Closed{} },
		New:      func() Request { return &CloseRequest{} },
	})
}
