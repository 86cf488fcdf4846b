package browser

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mxschmitt/playwright-go"
	"golang.org/x/net/publicsuffix"
)

// Instance is one browser prima drives, its own Chromium or one it
// attached to: its pages, the page commands act on, and the observers and
// request log attached once to every page it has seen.
type Instance struct {
	Name     string
	Owned    bool
	Program  string // owned: the executable prima launched
	Profile  string // owned: the profile folder it keeps across launches, if any
	Endpoint string // attached: the endpoint it was reached at
	Title    string // attached playwright-cli session title, if any
	// Driver is the version of the driver the instance was reached
	// through, "" for prima's own: it keeps it, and its views are rendered
	// with that driver's injected script.
	Driver string
	Obs    *Observer
	Net    *NetLog

	watchMu sync.Mutex
	browser playwright.Browser
	page    playwright.Page
	watched map[playwright.Page]chan struct{} // closed once the page's requests are read
}

// LaunchOptions say which browser prima launches and how.
type LaunchOptions struct {
	Path    string        // the browser's executable (locate.FindBrowser)
	Headed  bool          // show the window
	Timeout time.Duration // how long the launch may take
	Profile string        // a folder the browser keeps its profile in across launches; "" for a fresh one
}

// Launch starts prima's own Chromium with one page.
func Launch(pw *playwright.Playwright, name string, o LaunchOptions) (*Instance, error) {
	if o.Profile != "" {
		return launchWithProfile(pw, name, o)
	}
	b, err := LaunchChromium(pw, o.Path, o.Headed, o.Timeout)
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
	in := newInstance(name, b)
	in.Owned, in.Program = true, o.Path
	in.Select(page)
	return in, nil
}

// launchWithProfile starts prima's own Chromium on a profile folder it
// keeps from one launch to the next: Playwright's persistent context,
// whose first page prima selects.
func launchWithProfile(pw *playwright.Playwright, name string, o LaunchOptions) (*Instance, error) {
	ctx, err := pw.Chromium.LaunchPersistentContext(o.Profile, playwright.BrowserTypeLaunchPersistentContextOptions{
		ExecutablePath:  playwright.String(o.Path),
		Args:            ChromiumArgs,
		Headless:        playwright.Bool(!o.Headed),
		ChromiumSandbox: playwright.Bool(false),
		HandleSIGINT:    playwright.Bool(false),
		HandleSIGTERM:   playwright.Bool(false),
		HandleSIGHUP:    playwright.Bool(false),
		Timeout:         playwright.Float(float64(o.Timeout.Milliseconds())),
	})
	if err != nil {
		return nil, err
	}
	b := ctx.Browser()
	if b == nil {
		ctx.Close()
		return nil, fmt.Errorf("the browser on profile %s has no browser object to drive", o.Profile)
	}
	var page playwright.Page
	if pages := ctx.Pages(); len(pages) > 0 {
		page = pages[0]
	} else if page, err = ctx.NewPage(); err != nil {
		ctx.Close()
		return nil, err
	}
	in := newInstance(name, b)
	in.Owned, in.Program, in.Profile = true, o.Path, o.Profile
	in.Select(page)
	return in, nil
}

// Attach wraps a browser prima connected to. A browser with no context
// (a Playwright server launches one per client) gets one with a page: it
// was launched for prima, and commands need a page to act on.
func Attach(name string, b playwright.Browser, endpoint, title string) (*Instance, error) {
	if len(b.Contexts()) == 0 {
		c, err := b.NewContext()
		if err != nil {
			return nil, err
		}
		if _, err := c.NewPage(); err != nil {
			return nil, err
		}
	}
	in := newInstance(name, b)
	in.Endpoint, in.Title = endpoint, title
	return in, nil
}

func newInstance(name string, b playwright.Browser) *Instance {
	in := &Instance{
		Name: name, browser: b,
		Net:     &NetLog{},
		watched: map[playwright.Page]chan struct{}{},
		Obs:     NewObserver(),
	}
	in.Obs.OnPage = in.Watch
	// Pages of an attached browser are watched from the start, so a
	// dialog they raise is seen even before prima first acts there.
	for _, c := range b.Contexts() {
		for _, p := range c.Pages() {
			in.Watch(p)
		}
		c.OnPage(func(p playwright.Page) {
			in.Obs.PageOpened(p)
			in.Watch(p)
		})
	}
	return in
}

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

// BrowserGoneError is returned when the instance's browser has gone away.
type BrowserGoneError struct{ Instance string }

func (e *BrowserGoneError) Error() string {
	return fmt.Sprintf("the browser of instance %q is gone (closed or crashed)", e.Instance)
}

// NoPageError: the browser has no open page.
type NoPageError struct{ Instance string }

func (e *NoPageError) Error() string {
	return fmt.Sprintf("the browser of instance %q has no open page", e.Instance)
}

// CurrentPage returns the page commands act on: the one prima last used
// while it is open, else the most recently opened page of the browser.
func (in *Instance) CurrentPage() (playwright.Page, error) {
	if !in.Connected() {
		return nil, &BrowserGoneError{in.Name}
	}
	if !in.Owned {
		// Attached to a playwright-cli session: follow the tab its user
		// opened (tab-new), as the session itself does.
		if p := in.Obs.TakeForeign(); p != nil {
			in.Select(p)
		}
	}
	if in.page != nil && !in.page.IsClosed() {
		return in.page, nil
	}
	var last playwright.Page
	for _, p := range in.Pages() {
		last = p
	}
	if last == nil && !in.Owned && in.Title == "" && len(in.Contexts()) > 0 {
		// A remote browser (an endpoint, not a playwright-cli session
		// whose user closed every tab) whose pages were all closed.
		p, err := in.Contexts()[0].NewPage()
		if err != nil {
			return nil, err
		}
		last = p
	}
	if last == nil {
		return nil, &NoPageError{in.Name}
	}
	in.Select(last)
	return last, nil
}

// Selected is the page commands act on as last selected; nil when none.
func (in *Instance) Selected() playwright.Page { return in.page }

// Select makes p the page commands act on, and watches it.
func (in *Instance) Select(p playwright.Page) {
	in.page = p
	if p != nil {
		in.Watch(p)
	}
}

// Pages lists the browser's open pages, context by context, in order.
func (in *Instance) Pages() []playwright.Page {
	var out []playwright.Page
	if in.browser == nil {
		return nil
	}
	for _, c := range in.browser.Contexts() {
		for _, p := range c.Pages() {
			if !p.IsClosed() {
				out = append(out, p)
			}
		}
	}
	return out
}

// Contexts are the browser's contexts.
func (in *Instance) Contexts() []playwright.BrowserContext {
	if in.browser == nil {
		return nil
	}
	return in.browser.Contexts()
}

// TabIndex is p's 1-based index among Pages, as `tab list` prints it; 0
// when p is not open.
func (in *Instance) TabIndex(p playwright.Page) int {
	for i, q := range in.Pages() {
		if q == p {
			return i + 1
		}
	}
	return 0
}

// URL is the current page's URL, or "" when there is none.
func (in *Instance) URL() string {
	if in.page == nil || in.page.IsClosed() {
		return ""
	}
	return in.page.URL()
}

// NetEntry is one XHR/fetch a command caused to its page's host family.
type NetEntry struct {
	Method string `json:"method"`
	Path   string `json:"path"` // the path alone on the page's own origin, else the whole URL
	Status int    `json:"status"`
	Error  string `json:"error,omitempty"`
}

// NetLog records the XHR and fetch traffic to the page's host family
// while a command runs (an app's API on api. of its site is the app's),
// and every request of every watched page for `prima network`.
type NetLog struct {
	mu        sync.Mutex
	recording bool
	origin    string
	family    string
	pending   int
	entries   []NetEntry

	seen    []Seen            // the last maxSeen requests that ended
	count   uint64            // requests that ended, ever
	unread  int               // how many of seen the last Since did not return
	dropped int               // ended requests that left seen before a Since read them
	started map[any]time.Time // requests sent and not ended, by Playwright's request or the browser's id
	counted map[any]string    // the command's own requests in flight, and the path each is logged under
}

// Seen is one request a page made that ended: answered or failed.
type Seen struct {
	Method string `json:"method"`
	URL    string `json:"url"`
	Type   string `json:"type"` // Playwright's resource type: document, fetch, xhr, script, …
	Status int    `json:"status,omitempty"`
	Error  string `json:"error,omitempty"`
	MS     int64  `json:"ms"` // from the request to its answer or failure
	// Sent and Got read, when asked, the body the request sent and the
	// one it got, with their content types; nil when there is none to read.
	Sent func() (body, ctype string)                   `json:"-"`
	Got  func() (body []byte, ctype string, err error) `json:"-"`
	n    uint64                                        // which request it was, in the order they ended
}

// Failed tells whether the request failed or was answered 400 or more.
func (s Seen) Failed() bool { return s.Error != "" || s.Status >= 400 }

const maxSeen = 1000

// begun notes when a request (any key naming it until it ends) was sent.
func (n *NetLog) begun(key any) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.started == nil || len(n.started) > 10*maxSeen {
		// Requests of a closed page never end: forget them.
		n.started = map[any]time.Time{}
	}
	n.started[key] = time.Now()
}

// ended keeps a request that ended, timed from when it begun.
func (n *NetLog) ended(key any, s Seen) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if at, ok := n.started[key]; ok {
		s.MS = time.Since(at).Milliseconds()
		delete(n.started, key)
	}
	n.count++
	s.n = n.count
	n.seen = append(n.seen, s)
	n.unread++
	if over := len(n.seen) - maxSeen; over > 0 {
		n.seen = append(n.seen[:0], n.seen[over:]...)
		if n.unread > len(n.seen) {
			n.dropped += n.unread - len(n.seen)
			n.unread = len(n.seen)
		}
	}
}

// Since returns the requests that ended since the previous call (at most
// the last 1000) and how many more ended that did not fit.
func (n *NetLog) Since() ([]Seen, int) {
	n.mu.Lock()
	defer n.mu.Unlock()
	out := slices.Clone(n.seen[len(n.seen)-n.unread:])
	dropped := n.dropped
	n.unread, n.dropped = 0, 0
	return out, dropped
}

// relevant: a request of the command's own, to the page's host family
// while recording; the path it is logged under.
func (n *NetLog) relevant(typ, rawURL string) (string, bool) {
	if typ != "xhr" && typ != "fetch" {
		return "", false
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", false
	}
	switch {
	case !n.recording || HostFamily(u.Hostname()) != n.family:
		return "", false
	case u.Scheme+"://"+u.Host != n.origin:
		return u.Scheme + "://" + u.Host + u.RequestURI(), true
	}
	return u.RequestURI(), true
}

// sent notes a request the page sent (key names it until it ends).
func (n *NetLog) sent(key any, typ, rawURL string) {
	n.begun(key)
	n.mu.Lock()
	defer n.mu.Unlock()
	if path, ok := n.relevant(typ, rawURL); ok {
		n.counted[key] = path
		n.pending++
	}
}

// done notes a request that ended, answered or failed: it is kept for
// `prima network`, and logged as the command's when it was counted.
func (n *NetLog) done(key any, s Seen) {
	n.ended(key, s)
	n.mu.Lock()
	defer n.mu.Unlock()
	if path, ok := n.counted[key]; ok {
		delete(n.counted, key)
		n.pending--
		n.entries = append(n.entries, NetEntry{Method: s.Method, Path: path, Status: s.Status, Error: s.Error})
	}
}

// Start records the requests to the page's host family from now on.
func (n *NetLog) Start(pageURL string) {
	origin, family := "", ""
	if u, err := url.Parse(pageURL); err == nil {
		origin, family = u.Scheme+"://"+u.Host, HostFamily(u.Hostname())
	}
	n.mu.Lock()
	n.recording, n.origin, n.family, n.pending, n.entries, n.counted = true, origin, family, 0, nil, map[any]string{}
	n.mu.Unlock()
}

// Pending reports whether a request the command started is still out.
func (n *NetLog) Pending() bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.pending > 0
}

// Settle waits, until capAt or the end of ctx, for the requests the
// command started to end.
func (n *NetLog) Settle(ctx context.Context, capAt time.Time) {
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

// HostFamily is the site a host belongs to: its registrable domain
// (app.example.co.uk and api.example.co.uk are both example.co.uk's), or
// the host itself for an IP address or a name with no dot (localhost);
// the port is not the host's.
func HostFamily(host string) string {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if net.ParseIP(host) != nil || !strings.Contains(host, ".") {
		return host
	}
	if d, err := publicsuffix.EffectiveTLDPlusOne(host); err == nil {
		return d
	}
	return host
}

// Stop ends recording and returns what was recorded.
func (n *NetLog) Stop() []NetEntry {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.recording = false
	clear(n.counted)
	return n.entries
}
