package exec

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"sync"
	"time"

	"github.com/mxschmitt/playwright-go"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/export"
)

// Instance is one browser prima drives: its own Chromium or an attached
// one. Commands on an instance are serialized by its lock.
type Instance struct {
	Name     string
	Owned    bool
	Endpoint string // attached: the endpoint it was reached at
	Title    string // attached playwright-cli session title, if any
	// ArtifactsDir receives per-command files such as network.jsonl.
	ArtifactsDir string
	// ResearchDir holds research maps, one file per state id.
	ResearchDir string

	mu      sync.Mutex
	watchMu sync.Mutex
	browser playwright.Browser
	page    playwright.Page
	states  states
	net     *netLog
	watched map[playwright.Page]bool

	// The last view prima took, and the page fingerprint it was taken at;
	// see view.
	last     *pageView
	lastFP   string
	lastPage playwright.Page

	// verified holds, per state id, the claims verify proved there.
	verified map[string][]string

	// Secrets are the current command's secrets, set under the lock.
	Secrets Secrets
	// Dialog is the current command's --dialog, set under the lock.
	Dialog browser.DialogPolicy
	// Dir is the current command's caller's folder: relative file names
	// (upload) are the caller's, not the daemon's.
	Dir string

	// journal is what the instance's commands proved since it opened or
	// attached, masked and redacted, for `prima export`; pending holds
	// the running command's steps until its envelope is cleaned.
	journal []export.Step
	pending []export.Step

	obs *browser.Observer
	// masked are the values of password fields prima has seen or typed:
	// they never leave the daemon (rule 13).
	masked map[string]bool
}

// NewOwned launches prima's own Chromium as an instance, optionally at url.
func NewOwned(pw *playwright.Playwright, name string, headed bool, artifacts string) (*Instance, error) {
	b, err := browser.LaunchChromium(pw, headed)
	if err != nil {
		return nil, err
	}
	ctx, err := b.NewContext()
	if err != nil {
		b.Close()
		return nil, err
	}
	page, err := ctx.NewPage()
	if err != nil {
		b.Close()
		return nil, err
	}
	in := newInstance(name, b, artifacts)
	in.Owned = true
	in.setPage(page)
	return in, nil
}

// NewAttached wraps a browser prima connected to.
func NewAttached(name string, b playwright.Browser, endpoint, title, artifacts string) *Instance {
	in := newInstance(name, b, artifacts)
	in.Endpoint, in.Title = endpoint, title
	return in
}

func newInstance(name string, b playwright.Browser, artifacts string) *Instance {
	in := &Instance{
		Name: name, browser: b, ArtifactsDir: artifacts,
		states:  states{visits: map[string]int{}},
		net:     &netLog{},
		watched: map[playwright.Page]bool{},
		obs:     browser.NewObserver(),
		masked:  map[string]bool{},
	}
	in.obs.OnPage = in.watchPage
	// Pages of an attached browser are watched from the start, so a
	// dialog they raise is seen even before prima first acts there.
	for _, c := range b.Contexts() {
		for _, p := range c.Pages() {
			in.watchPage(p)
		}
		c.OnPage(func(p playwright.Page) {
			in.obs.PageOpened(p)
			in.watchPage(p)
		})
	}
	return in
}

// watchPage attaches the observers to a page once.
func (in *Instance) watchPage(p playwright.Page) {
	in.watchMu.Lock()
	defer in.watchMu.Unlock()
	if in.watched[p] {
		return
	}
	in.watched[p] = true
	in.net.watch(p)
	in.obs.Watch(p)
}

// Lock serializes commands on the instance.
func (in *Instance) Lock()   { in.mu.Lock() }
func (in *Instance) Unlock() { in.mu.Unlock() }

// Connected reports whether the browser is still reachable.
func (in *Instance) Connected() bool { return in.browser != nil && in.browser.IsConnected() }

// Close closes an owned browser, or disconnects from an attached one
// (closing a connected browser only drops what prima created in it).
func (in *Instance) Close() error {
	if in.browser == nil {
		return nil
	}
	return in.browser.Close()
}

// BrowserGone is returned when the instance's browser has gone away.
type BrowserGoneError struct{ Instance string }

func (e *BrowserGoneError) Error() string {
	return fmt.Sprintf("the browser of instance %q is gone (closed or crashed)", e.Instance)
}

// NoPageError: the browser has no open page.
type NoPageError struct{ Instance string }

func (e *NoPageError) Error() string {
	return fmt.Sprintf("the browser of instance %q has no open page", e.Instance)
}

// currentPage returns the page commands act on: the one prima last used
// while it is open, else the most recently opened page of the browser.
func (in *Instance) currentPage() (playwright.Page, error) {
	if !in.Connected() {
		return nil, &BrowserGoneError{in.Name}
	}
	if !in.Owned {
		// Attached to a playwright-cli session: follow the tab its user
		// opened (tab-new), as the session itself does.
		if p := in.obs.TakeForeign(); p != nil {
			in.setPage(p)
		}
	}
	if in.page != nil && !in.page.IsClosed() {
		return in.page, nil
	}
	var last playwright.Page
	for _, c := range in.browser.Contexts() {
		for _, p := range c.Pages() {
			if !p.IsClosed() {
				last = p
			}
		}
	}
	if last == nil {
		return nil, &NoPageError{in.Name}
	}
	in.setPage(last)
	return last, nil
}

func (in *Instance) setPage(p playwright.Page) {
	in.page = p
	in.watchPage(p)
}

// states counts visits per state id. A visit is an arrival: the state
// differs from the one seen last.
type states struct {
	mu     sync.Mutex
	visits map[string]int
	last   string
}

func (s *states) count(id string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.visits[id]
}

func (s *states) observe(id string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if id != s.last {
		s.visits[id]++
		s.last = id
	}
	return s.visits[id]
}

// netEntry is one same-origin XHR/fetch a command caused.
type netEntry struct {
	Method string `json:"method"`
	Path   string `json:"path"`
	Status int    `json:"status"`
	Error  string `json:"error,omitempty"`
}

// netLog records same-origin XHR and fetch traffic while a command runs.
type netLog struct {
	mu        sync.Mutex
	recording bool
	origin    string
	pending   int
	entries   []netEntry
}

func (n *netLog) watch(p playwright.Page) {
	relevant := func(r playwright.Request) (string, bool) {
		t := r.ResourceType()
		if t != "xhr" && t != "fetch" {
			return "", false
		}
		u, err := url.Parse(r.URL())
		if err != nil {
			return "", false
		}
		n.mu.Lock()
		defer n.mu.Unlock()
		if !n.recording || u.Scheme+"://"+u.Host != n.origin {
			return "", false
		}
		return u.RequestURI(), true
	}
	p.OnRequest(func(r playwright.Request) {
		if _, ok := relevant(r); ok {
			n.mu.Lock()
			n.pending++
			n.mu.Unlock()
		}
	})
	p.OnResponse(func(resp playwright.Response) {
		r := resp.Request()
		if path, ok := relevant(r); ok {
			n.mu.Lock()
			n.pending--
			n.entries = append(n.entries, netEntry{Method: r.Method(), Path: path, Status: resp.Status()})
			n.mu.Unlock()
		}
	})
	p.OnRequestFailed(func(r playwright.Request) {
		if path, ok := relevant(r); ok {
			msg := "failed"
			if f := r.Failure(); f != nil {
				msg = f.Error()
			}
			n.mu.Lock()
			n.pending--
			n.entries = append(n.entries, netEntry{Method: r.Method(), Path: path, Error: msg})
			n.mu.Unlock()
		}
	})
}

func (n *netLog) start(pageURL string) {
	origin := ""
	if u, err := url.Parse(pageURL); err == nil {
		origin = u.Scheme + "://" + u.Host
	}
	n.mu.Lock()
	n.recording, n.origin, n.pending, n.entries = true, origin, 0, nil
	n.mu.Unlock()
}

// settle waits, until capAt or the end of ctx, for the requests the
// command started to end.
func (n *netLog) settle(ctx context.Context, capAt time.Time) {
	for time.Now().Before(capAt) {
		n.mu.Lock()
		p := n.pending
		n.mu.Unlock()
		if p <= 0 {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(10 * time.Millisecond):
		}
	}
}

func (n *netLog) stop() []netEntry {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.recording = false
	return n.entries
}

var errNoTarget = errors.New("no target given")

// URL is the current page's URL, or "" when there is none.
func (in *Instance) URL() string {
	if in.page == nil || in.page.IsClosed() {
		return ""
	}
	return in.page.URL()
}
