package exec

import (
	"fmt"
	"net/url"
	"strings"
	"sync"

	"github.com/mxschmitt/playwright-go"
)

// DialogPolicy says what to do with a dialog the current command raises:
// leave it open (the default: dialogs are never answered silently),
// accept it, accept a prompt with a text, or dismiss it.
type DialogPolicy struct {
	Answer string // "" leave open, "accept", "dismiss"
	Text   string // the prompt text when accepting
}

// ParseDialogPolicy reads --dialog accept|dismiss|TEXT.
func ParseDialogPolicy(s string) DialogPolicy {
	switch s {
	case "":
		return DialogPolicy{}
	case "accept", "dismiss":
		return DialogPolicy{Answer: s}
	}
	return DialogPolicy{Answer: "accept", Text: s}
}

// openDialog is a dialog left open for the orchestrator to answer.
type openDialog struct {
	d    playwright.Dialog
	page playwright.Page
}

func (o *openDialog) describe() string {
	return fmt.Sprintf("%s %s", o.d.Type(), quoteShort(o.d.Message()))
}

// docResponse is one main-frame document response: what rule 7 judges.
type docResponse struct {
	URL, From string // From: the first URL of a server redirect chain
	Status    int
}

// consoleMsg is one console message, kept for `prima console`.
type consoleMsg struct {
	Type, Text string
}

// maxConsole bounds the console messages kept between two reads.
const maxConsole = 200

// observer records what happens outside the page tree: dialogs, pages
// opened, downloads, console messages and main-document responses. Its
// handlers are attached once per page; the act path arms it per command,
// so an event is reported by the command that caused it.
type observer struct {
	mu      sync.Mutex
	armed   bool
	policy  DialogPolicy
	events  []string
	open    *openDialog
	opened  chan struct{} // closed when a dialog is left open while armed
	nav     chan struct{} // closed when a main frame navigates while armed
	popped  chan struct{} // closed when a page opens while armed
	popups  []playwright.Page
	docs    map[playwright.Page][]docResponse
	errors  int
	console []consoleMsg
	dropped int
	// onPage is called (outside the lock) for every page seen opening,
	// so the instance watches it too.
	onPage func(playwright.Page)
	// foreign are pages opened while no prima command ran: by the
	// playwright-cli user sharing the browser (tab-new).
	foreign []playwright.Page
}

// opened records a page a context opened; one opened while no command
// of prima's is armed is the other client's.
func (o *observer) pageOpened(p playwright.Page) {
	if op, err := p.Opener(); err == nil && op != nil {
		return // a popup: some page's action opened it, reported, not followed
	}
	o.mu.Lock()
	if !o.armed {
		o.foreign = append(o.foreign, p)
	}
	o.mu.Unlock()
}

// takeForeign returns the newest open page another client opened since
// the last call, if any.
func (o *observer) takeForeign() playwright.Page {
	o.mu.Lock()
	defer o.mu.Unlock()
	var newest playwright.Page
	for _, p := range o.foreign {
		if !p.IsClosed() {
			newest = p
		}
	}
	o.foreign = nil
	return newest
}

func newObserver() *observer {
	return &observer{opened: make(chan struct{}), nav: make(chan struct{}), popped: make(chan struct{}), docs: map[playwright.Page][]docResponse{}}
}

// watch attaches the observer's handlers to a page.
func (o *observer) watch(p playwright.Page) {
	p.OnDialog(func(d playwright.Dialog) { o.dialog(p, d) })
	p.OnDialogClosed(func(d playwright.Dialog) {
		o.mu.Lock()
		if o.open != nil && o.open.d == d {
			o.open = nil
		}
		o.mu.Unlock()
	})
	p.OnFrameNavigated(func(f playwright.Frame) {
		if f != p.MainFrame() {
			return
		}
		o.mu.Lock()
		if o.armed {
			closeOnce(o.nav)
		}
		o.mu.Unlock()
	})
	p.OnPopup(func(np playwright.Page) {
		o.mu.Lock()
		if o.armed {
			o.popups = append(o.popups, np)
			closeOnce(o.popped)
		}
		o.mu.Unlock()
		if o.onPage != nil {
			o.onPage(np)
		}
	})
	p.OnConsole(func(m playwright.ConsoleMessage) {
		o.mu.Lock()
		defer o.mu.Unlock()
		if m.Type() == "error" && o.armed {
			o.errors++
		}
		if len(o.console) >= maxConsole {
			o.console = o.console[1:]
			o.dropped++
		}
		o.console = append(o.console, consoleMsg{Type: m.Type(), Text: m.Text()})
	})
	p.OnPageError(func(err error) {
		o.mu.Lock()
		defer o.mu.Unlock()
		if o.armed {
			o.errors++
		}
		o.console = append(o.console, consoleMsg{Type: "pageerror", Text: err.Error()})
	})
	p.OnResponse(func(r playwright.Response) {
		req := r.Request()
		if !req.IsNavigationRequest() || req.Frame() != p.MainFrame() {
			return
		}
		from := ""
		for prev := req.RedirectedFrom(); prev != nil; prev = prev.RedirectedFrom() {
			from = prev.URL()
		}
		if r.Status() >= 300 && r.Status() < 400 {
			return // the hop of a redirect; its target's response follows
		}
		o.mu.Lock()
		if o.armed {
			o.docs[p] = append(o.docs[p], docResponse{URL: r.URL(), From: from, Status: r.Status()})
		}
		o.mu.Unlock()
	})
	p.OnDownload(func(dl playwright.Download) {
		o.mu.Lock()
		armed := o.armed
		o.mu.Unlock()
		if armed {
			o.event(fmt.Sprintf("download: %s (%s)", dl.SuggestedFilename(), clip(dl.URL())))
		}
	})
}

// dialog answers a dialog by the armed command's policy, or leaves it
// open and says so; it never answers silently.
func (o *observer) dialog(p playwright.Page, d playwright.Dialog) {
	o.mu.Lock()
	policy := DialogPolicy{}
	if o.armed {
		policy = o.policy
	}
	desc := fmt.Sprintf("%s %s", d.Type(), quoteShort(d.Message()))
	if policy.Answer == "" {
		o.open = &openDialog{d: d, page: p}
		o.events = append(o.events, "dialog: "+desc+" -> left open (answer: prima dialog accept|dismiss)")
		if o.armed {
			closeOnce(o.opened)
		}
		o.mu.Unlock()
		return
	}
	o.mu.Unlock()
	var err error
	what := "dismissed"
	if policy.Answer == "accept" {
		what = "accepted"
		if policy.Text != "" {
			what = "accepted with " + quoteShort(policy.Text)
			err = d.Accept(policy.Text)
		} else {
			err = d.Accept()
		}
	} else {
		err = d.Dismiss()
	}
	if err != nil {
		what += " (failed: " + err.Error() + ")"
	}
	o.event("dialog: " + desc + " -> " + what)
}

func (o *observer) event(s string) {
	o.mu.Lock()
	o.events = append(o.events, s)
	o.mu.Unlock()
}

// arm starts recording for one command.
func (o *observer) arm(policy DialogPolicy) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.armed, o.policy = true, policy
	o.events, o.popups, o.errors = nil, nil, 0
	o.docs = map[playwright.Page][]docResponse{}
	o.opened, o.nav, o.popped = make(chan struct{}), make(chan struct{}), make(chan struct{})
}

func closeOnce(c chan struct{}) {
	select {
	case <-c:
	default:
		close(c)
	}
}

// navigated is closed when a main frame navigates while armed; popped
// when a page opens.
func (o *observer) navigated() (<-chan struct{}, <-chan struct{}) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.nav, o.popped
}

// dialogOpened is closed when the armed command leaves a dialog open.
func (o *observer) dialogOpened() <-chan struct{} {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.opened
}

// record is what the observer saw while armed.
type record struct {
	events []string
	popups []playwright.Page
	docs   []docResponse // of the page acted on
	errors int
}

// disarm stops recording and returns what the command caused.
func (o *observer) disarm(page playwright.Page) record {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.armed = false
	r := record{events: o.events, popups: o.popups, docs: o.docs[page], errors: o.errors}
	o.events, o.popups, o.docs = nil, nil, map[playwright.Page][]docResponse{}
	return r
}

// openDialog returns the dialog left open, if any.
func (o *observer) openDialog() *openDialog {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.open != nil && o.open.page.IsClosed() {
		o.open = nil
	}
	return o.open
}

// takeDialog removes the open dialog so that it can be answered.
func (o *observer) takeDialog() *openDialog {
	o.mu.Lock()
	defer o.mu.Unlock()
	d := o.open
	o.open = nil
	return d
}

// takeConsole returns and forgets the console messages kept so far.
func (o *observer) takeConsole() ([]consoleMsg, int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	c, d := o.console, o.dropped
	o.console, o.dropped = nil, 0
	return c, d
}

// quoteShort quotes a message for one line, capped.
func quoteShort(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return fmt.Sprintf("%q", clipN(s, 160))
}

// samePage reports whether two URLs are one page: origin and path equal
// (a redirect that only adds a query is arrival, rule 7).
func samePage(a, b string) bool {
	ua, err1 := url.Parse(a)
	ub, err2 := url.Parse(b)
	if err1 != nil || err2 != nil {
		return a == b
	}
	return ua.Scheme == ub.Scheme && ua.Host == ub.Host && cleanPath(ua.Path) == cleanPath(ub.Path)
}

func cleanPath(p string) string {
	if p == "" {
		return "/"
	}
	return p
}
