package browser

import (
	"fmt"
	"net/url"
	"strings"
	"sync"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/shown"
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

// OpenDialog is a dialog left open for the orchestrator to answer.
type OpenDialog struct {
	Dialog playwright.Dialog
	Page   playwright.Page
}

func (o *OpenDialog) Describe() string {
	return fmt.Sprintf("%s %s", o.Dialog.Type(), QuoteShort(o.Dialog.Message()))
}

// DocResponse is one main-frame document response: what rule 7 judges.
type DocResponse struct {
	URL, From string // From: the first URL of a server redirect chain
	Status    int
}

// ConsoleMsg is one console message, kept for `prima console`.
type ConsoleMsg struct {
	Type, Text string
}

// maxConsole bounds the console messages kept between two reads.
const maxConsole = 200

// Observer records what happens outside the page tree: dialogs, pages
// opened, downloads, console messages and main-document responses. Its
// handlers are attached once per page; each action arms it and gets an
// Armed of its own, so an event is reported by the action that caused it
// and no two actions' records can mix.
type Observer struct {
	mu sync.Mutex
	// cur is the armed action's record, nil while none is armed.
	cur     *Armed
	open    *OpenDialog
	docReqs map[any]bool // main-frame document requests in flight, by Playwright's request or the browser's id
	console []ConsoleMsg
	dropped int
	// OnPage is called (outside the lock) for every page seen opening,
	// so the instance watches it too.
	OnPage func(playwright.Page)
	// foreign are pages opened while no prima command ran: by the
	// playwright-cli user sharing the browser (tab-new).
	foreign []playwright.Page
	// unclaimed are the downloads no command has saved: started while none
	// was armed (a page's own, or one an action's page began after it
	// settled), or left by an action whose time ran out before they ended.
	unclaimed []playwright.Download
}

// Armed is what one action's arming records, from Arm to its Disarm;
// the observer's lock guards it.
type Armed struct {
	o      *Observer
	done   bool
	policy DialogPolicy
	events []Event
	opened chan struct{} // closed when a dialog is left open while armed
	nav    chan struct{} // closed when a main frame navigates while armed
	popped chan struct{} // closed when a page opens while armed
	popups []playwright.Page
	// downloads the action started; downloaded is closed at the first
	downloads  []playwright.Download
	downloaded chan struct{}
	docs       map[playwright.Page][]DocResponse
	errors     int
}

// opened records a page a context opened; one opened while no command
// of prima's is armed is the other client's.
func (o *Observer) PageOpened(p playwright.Page) {
	if op, err := p.Opener(); err == nil && op != nil {
		return // a popup: some page's action opened it, reported, not followed
	}
	o.mu.Lock()
	if o.cur == nil {
		o.foreign = append(o.foreign, p)
	}
	o.mu.Unlock()
}

// TakeForeign returns the newest open page another client opened since
// the last call, if any.
func (o *Observer) TakeForeign() playwright.Page {
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

func NewObserver() *Observer {
	return &Observer{docReqs: map[any]bool{}}
}

// Watch attaches the observer's handlers to a page.
func (o *Observer) Watch(p playwright.Page) {
	p.OnDialog(func(d playwright.Dialog) { o.dialog(p, d) })
	p.OnDialogClosed(func(d playwright.Dialog) {
		o.mu.Lock()
		if o.open != nil && o.open.Dialog == d {
			o.open = nil
		}
		o.mu.Unlock()
	})
	p.OnFrameNavigated(func(f playwright.Frame) {
		if f != p.MainFrame() {
			return
		}
		o.mu.Lock()
		if a := o.cur; a != nil {
			closeOnce(a.nav)
		}
		o.mu.Unlock()
	})
	p.OnPopup(func(np playwright.Page) {
		o.mu.Lock()
		if a := o.cur; a != nil {
			a.popups = append(a.popups, np)
			closeOnce(a.popped)
		}
		o.mu.Unlock()
		if o.OnPage != nil {
			o.OnPage(np)
		}
	})
	p.OnConsole(func(m playwright.ConsoleMessage) {
		o.mu.Lock()
		defer o.mu.Unlock()
		if a := o.cur; a != nil && m.Type() == "error" {
			a.errors++
		}
		if len(o.console) >= maxConsole {
			o.console = o.console[1:]
			o.dropped++
		}
		o.console = append(o.console, ConsoleMsg{Type: m.Type(), Text: m.Text()})
	})
	p.OnPageError(func(err error) {
		o.mu.Lock()
		defer o.mu.Unlock()
		if a := o.cur; a != nil {
			a.errors++
		}
		o.console = append(o.console, ConsoleMsg{Type: "pageerror", Text: err.Error()})
	})
	p.OnDownload(func(dl playwright.Download) {
		o.mu.Lock()
		if a := o.cur; a != nil {
			a.downloads = append(a.downloads, dl)
			closeOnce(a.downloaded)
		} else {
			o.leave(dl)
		}
		o.mu.Unlock()
	})
}

// docSent notes a main-frame document request in flight (key names it).
func (o *Observer) docSent(key any) {
	o.mu.Lock()
	o.docReqs[key] = true
	o.mu.Unlock()
}

// docFailed notes a main-frame document request that failed.
func (o *Observer) docFailed(key any) {
	o.mu.Lock()
	delete(o.docReqs, key)
	o.mu.Unlock()
}

// docAnswered notes the server's answer to a main-frame document request
// of p: the document an armed action led to (from: where the redirects
// it followed began), unless it is a redirect's hop, whose target's
// answer follows.
func (o *Observer) docAnswered(p playwright.Page, key any, url, from string, status int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	delete(o.docReqs, key)
	if status >= 300 && status < 400 {
		return
	}
	if a := o.cur; a != nil {
		a.docs[p] = append(a.docs[p], DocResponse{URL: url, From: from, Status: status})
	}
}

// dialog answers a dialog by the armed action's policy, or leaves it
// open and says so; it never answers silently. Its line goes to the
// action armed when the dialog came, even when answering outlasts it.
func (o *Observer) dialog(p playwright.Page, d playwright.Dialog) {
	o.mu.Lock()
	a := o.cur
	policy := DialogPolicy{}
	if a != nil {
		policy = a.policy
	}
	desc := fmt.Sprintf("%s %s", d.Type(), QuoteShort(d.Message()))
	if policy.Answer == "" {
		o.open = &OpenDialog{Dialog: d, Page: p}
		if a != nil {
			a.events = append(a.events, Event{EventDialog, "dialog: " + desc + " -> left open (answer: prima dialog accept|dismiss)"})
			closeOnce(a.opened)
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
			what = "accepted with " + QuoteShort(policy.Text)
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
	a.event(EventDialog, "dialog: "+desc+" -> "+what)
}

// event records a line for the action, unless its record was taken.
func (a *Armed) event(k EventKind, text string) {
	a.o.mu.Lock()
	defer a.o.mu.Unlock()
	if !a.done {
		a.events = append(a.events, Event{k, text})
	}
}

// Event is something an action caused outside the page tree. Text is
// the line the envelope prints; code asks the Kind, never the text.
type Event struct {
	Kind EventKind
	Text string
}

// EventKind is what an Event is about.
type EventKind int

const (
	EventDialog        EventKind = iota + 1 // a dialog opened, and how it was answered
	EventDownload                           // a download started
	EventTab                                // the action opened a tab
	EventConsole                            // the page logged errors
	EventBusy                               // requests the action started were still in flight when the page was read
	EventRequestFailed                      // a request the action's own work made failed
)

// TabOpened is the event of a tab an action opened, with its index as
// `tab list` prints it.
func TabOpened(index int, title, url string) Event {
	return Event{Kind: EventTab, Text: fmt.Sprintf("tab opened: [%d] %s %s", index, OneLine(title), url)}
}

// StillBusy is the event of requests the action started that were still in
// flight when prima read the page: what they bring is not in the Changes.
func StillBusy(n int) Event {
	return Event{Kind: EventBusy, Text: fmt.Sprintf("busy: %d request%s the action started still in flight when prima read the page; what %s will show is not in the Changes (read it again: prima snapshot)", n, Plural(n), map[bool]string{true: "it", false: "they"}[n == 1])}
}

// ConsoleErrors is the event of the errors the page logged while an
// action ran.
func ConsoleErrors(n int) Event {
	return Event{Kind: EventConsole, Text: fmt.Sprintf("console: %d error%s (prima console --errors)", n, Plural(n))}
}

// OneLine is s with its runs of white space, line breaks included, as
// one space.
func OneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// Plural is the "s" a count other than one takes.
func Plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// Texts are the events as the envelope prints them.
func Texts(events []Event) []string {
	var out []string
	for _, e := range events {
		out = append(out, e.Text)
	}
	return out
}

// Arm starts recording for one action and returns its record: what the
// observer sees until Disarm goes to it alone. Arming again ends the
// record of an action that was not disarmed.
func (o *Observer) Arm(policy DialogPolicy) *Armed {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.cur != nil {
		o.cur.done = true
	}
	o.cur = &Armed{o: o, policy: policy, docs: map[playwright.Page][]DocResponse{},
		opened: make(chan struct{}), nav: make(chan struct{}), popped: make(chan struct{}), downloaded: make(chan struct{})}
	return o.cur
}

// Downloaded is closed when the armed action starts a download: the
// navigation it began became the download and will commit nothing.
func (a *Armed) Downloaded() <-chan struct{} { return a.downloaded }

// Downloaded is the armed action's Downloaded; nil (never closed) when
// no action is armed.
func (o *Observer) Downloaded() <-chan struct{} {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.cur == nil {
		return nil
	}
	return o.cur.downloaded
}

// maxUnclaimed bounds the downloads kept for a command to save.
const maxUnclaimed = 32

// Leave keeps a download an action could not save (it had not ended when
// the action's time ran out) for a later command to claim.
func (o *Observer) Leave(dl playwright.Download) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.leave(dl)
}

func (o *Observer) leave(dl playwright.Download) {
	if len(o.unclaimed) == maxUnclaimed {
		o.unclaimed = o.unclaimed[1:]
	}
	o.unclaimed = append(o.unclaimed, dl)
}

// Claim makes the downloads no command has saved the armed action's, as
// if it had started them, and says how many there were.
func (o *Observer) Claim() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	a, n := o.cur, len(o.unclaimed)
	if n == 0 || a == nil {
		return 0
	}
	a.downloads = append(a.downloads, o.unclaimed...)
	o.unclaimed = nil
	closeOnce(a.downloaded)
	return n
}

func closeOnce(c chan struct{}) {
	select {
	case <-c:
	default:
		close(c)
	}
}

// DocumentPending reports whether a main-frame document request has been
// sent and not yet answered: a navigation waiting for its server.
func (o *Observer) DocumentPending() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.docReqs) > 0
}

// Navigated is closed when a main frame navigates while armed; popped
// when a page opens.
func (a *Armed) Navigated() (<-chan struct{}, <-chan struct{}) { return a.nav, a.popped }

// DialogOpened is closed when the armed action leaves a dialog open.
func (a *Armed) DialogOpened() <-chan struct{} { return a.opened }

// Record is what the observer saw while armed.
type Record struct {
	Events    []Event
	Popups    []playwright.Page
	Docs      []DocResponse // of the page acted on
	Errors    int
	Downloads []playwright.Download // started, maybe not finished: the engine saves them
}

// Disarm stops the action's recording and returns what it caused, once:
// a second Disarm returns nothing, and another action's arming is left
// armed.
func (a *Armed) Disarm(page playwright.Page) Record {
	a.o.mu.Lock()
	defer a.o.mu.Unlock()
	if a.o.cur == a {
		a.o.cur = nil
	}
	if a.done {
		return Record{}
	}
	a.done = true
	return Record{Events: a.events, Popups: a.popups, Docs: a.docs[page], Errors: a.errors, Downloads: a.downloads}
}

// Dialog returns the dialog left open, if any.
func (o *Observer) Dialog() *OpenDialog {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.open != nil && o.open.Page.IsClosed() {
		o.open = nil
	}
	return o.open
}

// TakeDialog removes the open dialog so that it can be answered.
func (o *Observer) TakeDialog() *OpenDialog {
	o.mu.Lock()
	defer o.mu.Unlock()
	d := o.open
	o.open = nil
	return d
}

// TakeConsole returns and forgets the console messages kept so far.
func (o *Observer) TakeConsole() ([]ConsoleMsg, int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	c, d := o.console, o.dropped
	o.console, o.dropped = nil, 0
	return c, d
}

// QuoteShort quotes a message for one line, capped.
func QuoteShort(s string) string { return fmt.Sprintf("%q", Short(s)) }

// Short is s on one line, capped: what QuoteShort quotes.
func Short(s string) string { return shown.Clip(OneLine(s), 160) }

// SamePage reports whether two URLs are one page: origin and path equal
// (a redirect that only adds a query is arrival, rule 7).
func SamePage(a, b string) bool {
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
