package engine

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/pwline"
	"github.com/prima-dev/prima/refs"
)

// calls is the order the act path made its calls in: the page's scripts
// by name, the action's own steps, the page's loads and navigations.
type calls struct {
	mu  sync.Mutex
	got []string
}

func (c *calls) add(s string) {
	c.mu.Lock()
	c.got = append(c.got, s)
	c.mu.Unlock()
}

func (c *calls) list() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.got)
}

// before tells whether a was made before b, both made.
func (c *calls) before(a, b string) bool {
	l := c.list()
	i, j := slices.Index(l, a), slices.Index(l, b)
	return i >= 0 && j >= 0 && i < j
}

// scriptNames names the page scripts of the act path in the log.
var scriptNames = map[string]string{probeJS: "probe", answerJS: "answer", quietJS: "quiet", watchJS: "watch",
	ownJS: "own", failedRequestsJS: "failed", "1": "answered"}

// actPage is a page as Act sees it, with no browser: its scripts answer
// as fakePage's do, its aria snapshots answer in turn (the last one
// again once they run out), the observers' handlers are kept so that a
// test can raise a dialog or navigate, and each call is logged in order.
type actPage struct {
	*fakePage
	log   *calls
	url   string
	snaps []string
	main  playwright.Frame
	armed map[string]any // what the tracker was armed with

	onDialog   func(playwright.Dialog)
	onNav      func(playwright.Frame)
	onRequest  []func(playwright.Request)
	onResponse []func(playwright.Response)
	onDownload func(playwright.Download)
}

// newActPage is a page at url whose tracker arms as document d1 and whose
// probe finds it settled; its snapshots answer snaps in turn.
func newActPage(url string, snaps ...string) *actPage {
	return &actPage{fakePage: &fakePage{answers: map[string]any{
		trackJS: "d1",
		probeJS: []any{"d1", false, false, false, 0.0, 0.0},
	}}, log: &calls{}, url: url, snaps: snaps, main: &fakeFrame{}}
}

func (p *actPage) Evaluate(js string, arg ...any) (any, error) {
	name := scriptNames[js]
	if js == trackJS {
		// Armed for an action, or only installed in a new document.
		cfg, _ := arg[0].(map[string]any)
		name = "arm"
		if cfg["arm"] == false {
			name = "track"
		} else {
			p.mu.Lock()
			p.armed = cfg
			p.mu.Unlock()
		}
	}
	p.log.add(name)
	return p.fakePage.Evaluate(js, arg...)
}

func (p *actPage) WaitForLoadState(o ...playwright.PageWaitForLoadStateOptions) error {
	p.log.add("wait " + string(*o[0].State))
	return p.fakePage.WaitForLoadState(o...)
}

func (p *actPage) URL() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.url
}

func (p *actPage) Title() (string, error) { return "Shop", nil }

func (p *actPage) Locator(string, ...playwright.PageLocatorOptions) playwright.Locator {
	return &snapLocator{page: p}
}

// Context's CDP session is refused: the renderer cannot serve the page.
func (p *actPage) Context() playwright.BrowserContext { return noCDP{} }
func (p *actPage) MainFrame() playwright.Frame        { return p.main }

func (p *actPage) OnDialog(f func(playwright.Dialog))        { p.onDialog = f }
func (p *actPage) OnFrameNavigated(f func(playwright.Frame)) { p.onNav = f }
func (p *actPage) OnRequest(f func(playwright.Request))      { p.onRequest = append(p.onRequest, f) }
func (p *actPage) OnResponse(f func(playwright.Response))    { p.onResponse = append(p.onResponse, f) }

func (p *actPage) respond(r playwright.Response) {
	for _, f := range p.onResponse {
		f(r)
	}
}
func (p *actPage) OnDownload(f func(playwright.Download))    { p.onDownload = f }
func (p *actPage) OnDialogClosed(func(playwright.Dialog))    {}
func (p *actPage) OnPopup(func(playwright.Page))             {}
func (p *actPage) OnConsole(func(playwright.ConsoleMessage)) {}
func (p *actPage) OnPageError(func(error))                   {}
func (p *actPage) OnRequestFailed(func(playwright.Request))  {}

// request sends the main frame's document request for to, redirected
// from from when it is not "".
func (p *actPage) request(to, from string) *docRequest {
	req := &docRequest{frame: p.main, url: to}
	if from != "" {
		req.from = &docRequest{frame: p.main, url: from}
	}
	for _, f := range p.onRequest {
		f(req)
	}
	return req
}

// navigate is a navigation of the main frame to to: its document
// request, the server's answer, the commit.
func (p *actPage) navigate(to string, status int, from string) {
	req := p.request(to, from)
	p.respond(&docResponse{req: req, status: status})
	p.mu.Lock()
	p.url = to
	p.mu.Unlock()
	p.log.add("navigated")
	p.onNav(p.main)
}

// locator is playwright.Locator under a name that is not one of its
// methods', so that snapLocator can embed it.
type locator = playwright.Locator

type snapLocator struct {
	locator
	page *actPage
}

func (l *snapLocator) AriaSnapshot(...playwright.LocatorAriaSnapshotOptions) (string, error) {
	l.page.log.add("snapshot")
	l.page.mu.Lock()
	defer l.page.mu.Unlock()
	s := l.page.snaps[0]
	if len(l.page.snaps) > 1 {
		l.page.snaps = l.page.snaps[1:]
	}
	return s, nil
}

type noCDP struct{ playwright.BrowserContext }

func (noCDP) NewCDPSession(any) (playwright.CDPSession, error) {
	return nil, errors.New("no CDP session in a fake page")
}

type fakeFrame struct{ playwright.Frame }

type docRequest struct {
	playwright.Request
	frame playwright.Frame
	url   string
	from  *docRequest
}

func (r *docRequest) IsNavigationRequest() bool { return true }
func (r *docRequest) Method() string            { return "GET" }
func (r *docRequest) ResourceType() string      { return "document" }
func (r *docRequest) Frame() playwright.Frame   { return r.frame }
func (r *docRequest) URL() string               { return r.url }
func (r *docRequest) RedirectedFrom() playwright.Request {
	if r.from == nil {
		return nil
	}
	return r.from
}

type docResponse struct {
	playwright.Response
	req    *docRequest
	status int
}

func (r *docResponse) Request() playwright.Request { return r.req }
func (r *docResponse) Status() int                 { return r.status }
func (r *docResponse) URL() string                 { return r.req.url }

// noDriver is a driver no machine has: the incremental renderer cannot
// start (it touches no driver on disk), so a view is the aria snapshot.
const noDriver = "0.0.0-none"

// onPage is an engine whose observers watch p, as an instance's do.
func onPage(p *actPage) *Engine {
	e := New(&browser.Instance{Net: &browser.NetLog{}, Obs: browser.NewObserver(), Driver: noDriver})
	e.b.Watch(p)
	return e
}

// viewOf is a view with refs of the snapshot text s at url.
func viewOf(url, s string) *View { return &View{URL: url, Text: s, Tree: ariadiff.Parse(s)} }

// scripted is an action whose steps log themselves and answer as given.
type scripted struct {
	log                                *calls
	prepErr, runErr, straysErr, chkErr error
	run                                func() // what the action does in the page before it returns
}

var saveLine = pwline.Line{Locator: "page.getByRole('button', { name: 'Save' })", Method: "click"}

func (s *scripted) prepare(context.Context) (*Action, error) {
	s.log.add("prepare")
	if s.prepErr != nil {
		return nil, s.prepErr
	}
	return &Action{
		Line:   saveLine,
		Target: Target{Role: "button", Name: "Save"},
		Run: func(context.Context) error {
			s.log.add("run")
			if s.run != nil {
				s.run()
			}
			return s.runErr
		},
		Strays:  func() error { s.log.add("strays"); return s.straysErr },
		Check:   func() error { s.log.add("check"); return s.chkErr },
		Release: func() { s.log.add("release") },
	}, nil
}

const (
	shopURL    = "https://shop.test/cart"
	cartBefore = `- button "Save" [ref=e1]`
	cartSaved  = "- button \"Save\" [ref=e1]\n- paragraph: Saved\n- button \"Undo\" [ref=e2]"
)

// Act arms the tracker, runs the action, settles, proves (strays, then
// the action's own check), reads the page and diffs, in that order; each
// failure stops the steps after it that could only prove a failed
// action, and says what failed. The page after is read even then: what
// the failed action did is in the Changes.
func TestActRunsItsStepsInOrder(t *testing.T) {
	runErr := errors.New("Timeout 5000ms exceeded")
	prepErr := &NotActionableError{Target: `button "Save"`, Why: "is disabled"}
	stray := &StrayInputError{Target: `button "Save"`, Others: []string{`checkbox "Share" (click)`}}
	mismatch := &ValueMismatchError{Field: `textbox "Name"`, Want: "Ada", Got: ""}
	for _, c := range []struct {
		name  string
		s     scripted
		after string
		err   error
		calls []string
	}{
		{"a click the page answered", scripted{}, cartSaved, nil,
			[]string{"prepare", "arm", "run", "probe", "strays", "check", "watch", "snapshot", "own", "release"}},
		{"nothing could be prepared", scripted{prepErr: prepErr}, cartSaved, prepErr,
			[]string{"prepare"}},
		{"the action failed", scripted{runErr: runErr}, cartSaved, runErr,
			[]string{"prepare", "arm", "run", "probe", "watch", "snapshot", "own", "release"}},
		{"input reached another control", scripted{straysErr: stray}, cartSaved, stray,
			[]string{"prepare", "arm", "run", "probe", "strays", "watch", "snapshot", "own", "release"}},
		{"the check failed", scripted{chkErr: mismatch}, cartSaved, mismatch,
			[]string{"prepare", "arm", "run", "probe", "strays", "check", "watch", "snapshot", "own", "release"}},
		{"the page did not change", scripted{}, cartBefore, nil,
			[]string{"prepare", "arm", "run", "probe", "strays", "check", "watch", "snapshot", "release"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newActPage(shopURL, c.after)
			c.s.log = p.log
			e := onPage(p)
			before := viewOf(shopURL, cartBefore)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			out := e.Act(ctx, p, before, c.s.prepare, Options{})
			if out.Err != c.err {
				t.Errorf("Err %v, want %v", out.Err, c.err)
			}
			if got := p.log.list(); !slices.Equal(got, c.calls) {
				t.Errorf("calls %v,\nwant  %v", got, c.calls)
			}
			if c.s.prepErr != nil {
				if out.Ran || out.After != before || out.Changes != nil {
					t.Errorf("an action never prepared: ran %v, after %v, changes %v", out.Ran, out.After, out.Changes)
				}
				return
			}
			if p.armed["timerMax"] != timerMax || p.armed["arm"] != nil {
				t.Errorf("the tracker was armed with %v, want the settle's limits", p.armed)
			}
			if !out.Ran || out.Used != saveLine.Code() || out.Line == nil || out.Blocked || out.Unread != "" {
				t.Errorf("ran %v, used %q, line %v, blocked %v, unread %q", out.Ran, out.Used, out.Line, out.Blocked, out.Unread)
			}
			saved := slices.ContainsFunc(out.Changes, func(ch ariadiff.Change) bool { return strings.Contains(ch.Text, "Saved") })
			if saved != (c.after == cartSaved) || (c.after == cartBefore && len(out.Changes) > 0) {
				t.Errorf("changes %v for a page that became %q", out.Changes, c.after)
			}
			// Only a proven action lists the refs it made appear.
			undo := slices.ContainsFunc(out.NewRefs, func(l refs.RefLine) bool { return l.Ref == "e2" })
			if undo != (c.err == nil && c.after == cartSaved) || len(out.NewRefs) > 1 {
				t.Errorf("new refs %v", out.NewRefs)
			}
		})
	}
}

// What the action left running or made fail outside the page tree is
// said beside the Changes: requests still in flight after the wait for
// them, and the action's requests that failed.
func TestActNamesTheRequestsItLeftAndThoseThatFailed(t *testing.T) {
	p := newActPage(shopURL, cartSaved)
	p.answers[probeJS] = []any{"d1", false, true, false, 2.0, 0.0} // capped with 2 requests in flight
	p.answers[answerJS] = 1.0
	p.answers[failedRequestsJS] = []any{[]any{"POST", "/api/save", 500.0, ""}}
	e := onPage(p)
	s := &scripted{log: p.log}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out := e.Act(ctx, p, viewOf(shopURL, cartBefore), s.prepare, Options{})
	if out.Err != nil {
		t.Fatal(out.Err)
	}
	want := []string{
		"busy: 1 request the action started still in flight when prima read the page; what it will show is not in the Changes (read it again: prima snapshot)",
		"request failed: POST /api/save -> 500",
	}
	if got := browser.Texts(out.Events); !slices.Equal(got, want) {
		t.Errorf("events %q,\nwant   %q", got, want)
	}
	if !p.log.before("probe", "answer") || !p.log.before("answer", "strays") || !p.log.before("check", "failed") || !p.log.before("failed", "snapshot") {
		t.Errorf("calls %v: the requests are waited for before the proof, and the failed ones read after it", p.log.list())
	}
}

// An action still running at the command's deadline does not hold the
// instance: Act returns (the command ends, the lock is freed) with the
// timeout, and hands what is still running in the page to the engine,
// which the next command joins before it touches the page. An action
// whose Playwright call gave up at the deadline frees its handles, and
// the next command waits only for the page to answer again.
func TestActPastItsDeadlineFreesTheInstance(t *testing.T) {
	for _, c := range []struct {
		name     string
		gaveUp   bool // Playwright's call returned at the deadline
		released bool
	}{
		{"the action still runs", false, false},
		{"Playwright gave up at the deadline", true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newActPage(shopURL, cartSaved)
			e := onPage(p)
			hold := make(chan struct{})
			ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			defer cancel()
			s := &scripted{log: p.log, run: func() { <-hold }}
			if c.gaveUp {
				// The call returns with the deadline; the page's handler
				// still holds it, so the page answers no script.
				s.run = func() { <-ctx.Done() }
				s.runErr = errors.New("Timeout 100ms exceeded")
				p.block = map[string]chan struct{}{"1": hold}
			}
			start := time.Now()
			out := e.Act(ctx, p, viewOf(shopURL, cartBefore), s.prepare, Options{})
			if took := time.Since(start); took > joinGrace+time.Second {
				t.Errorf("Act returned %v after its deadline", took)
			}
			if !errors.Is(out.Err, ErrDeadline) || !strings.Contains(out.Err.Error(), "while the action ran") {
				t.Errorf("Err %v, want the deadline while the action ran", out.Err)
			}
			if out.After != nil || out.Unread == "" || out.Changes != nil {
				t.Errorf("after %v, unread %q, changes %v: the page is not read past the deadline", out.After, out.Unread, out.Changes)
			}
			if got := slices.Contains(p.log.list(), "release"); got != c.released {
				t.Errorf("handles released: %v, want %v", got, c.released)
			}
			if slices.Contains(p.log.list(), "probe") {
				t.Errorf("calls %v: the settle read the page past the deadline", p.log.list())
			}
			if e.Pending() != 1 {
				t.Fatalf("%d pending, want what still runs handed on", e.Pending())
			}
			short, cancel2 := context.WithTimeout(context.Background(), 30*time.Millisecond)
			defer cancel2()
			var busy *BusyError
			if err := e.Join(short); !errors.As(err, &busy) {
				t.Errorf("the next command joined a page still held: %v", err)
			}
			close(hold)
			if err := e.Join(context.Background()); err != nil || e.Pending() != 0 {
				t.Errorf("joining once the page is free: %v, %d pending", err, e.Pending())
			}
		})
	}
}

type fakeDialog struct{ playwright.Dialog }

func (fakeDialog) Type() string    { return "confirm" }
func (fakeDialog) Message() string { return "Leave the cart?" }

// A dialog the action leaves open ends the pass at once: the page answers
// no script until it is answered, so nothing settles or reads it; the
// action's call, held by the dialog, is handed on with its handles.
func TestActEndsThePassAtADialogLeftOpen(t *testing.T) {
	p := newActPage(shopURL, cartSaved)
	e := onPage(p)
	answered := make(chan struct{})
	s := &scripted{log: p.log, run: func() {
		p.onDialog(fakeDialog{})
		<-answered
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out := e.Act(ctx, p, viewOf(shopURL, cartBefore), s.prepare, Options{})
	if !out.Blocked || out.Err != nil || out.After != nil {
		t.Errorf("blocked %v, err %v, after %v; want blocked, no failure, no view", out.Blocked, out.Err, out.After)
	}
	want := []string{`dialog: confirm "Leave the cart?" -> left open (answer: prima dialog accept|dismiss)`}
	if got := browser.Texts(out.Events); !slices.Equal(got, want) {
		t.Errorf("events %q, want %q", got, want)
	}
	if got, want := p.log.list(), []string{"prepare", "arm", "run"}; !slices.Equal(got, want) {
		t.Errorf("calls %v, want %v: nothing after the dialog", got, want)
	}
	if e.b.Obs.Dialog() == nil || e.Pending() != 1 {
		t.Errorf("open dialog %v, %d pending", e.b.Obs.Dialog(), e.Pending())
	}
	close(answered)
	if err := e.Join(context.Background()); err != nil {
		t.Error(err)
	}
}

// A navigation the action started is waited for until it commits, and
// only then is the new page read; its document's answer is judged (an
// error status fails the action, a server redirect is said), and the
// tracker's window, which died with the old document, is not read.
func TestActWaitsForTheNavigationItStarted(t *testing.T) {
	const done = "https://shop.test/done"
	for _, c := range []struct {
		name       string
		status     int
		from       string
		err        bool
		redirected string
	}{
		{"arrived", 200, "", false, ""},
		{"the server failed", 500, "", true, ""},
		{"redirected by the server", 200, "https://shop.test/pay", false, "https://shop.test/pay"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newActPage(shopURL, "- heading \"Thank you\" [level=1] [ref=e1]")
			p.answers[probeJS] = []any{"d1", true, false, false, 0.0, 0.0} // navigating
			e := onPage(p)
			s := &scripted{log: p.log, run: func() {
				go func() {
					time.Sleep(150 * time.Millisecond)
					p.navigate(done, c.status, c.from)
				}()
			}}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			out := e.Act(ctx, p, viewOf(shopURL, cartBefore), s.prepare, Options{})
			for _, order := range [][2]string{{"probe", "navigated"}, {"navigated", "wait domcontentloaded"},
				{"wait domcontentloaded", "wait load"}, {"wait load", "track"}, {"track", "snapshot"}} {
				if !p.log.before(order[0], order[1]) {
					t.Errorf("calls %v: want %s before %s", p.log.list(), order[0], order[1])
				}
			}
			if slices.Contains(p.log.list(), "own") {
				t.Error("the old document's tracker window was read")
			}
			if out.After == nil || out.After.URL != done {
				t.Fatalf("after %v, want the new page", out.After)
			}
			var hs *HTTPStatusError
			if got := errors.As(out.Err, &hs); got != c.err || (got && (hs.Status != c.status || hs.URL != done)) {
				t.Errorf("Err %v, want an HTTP status error: %v", out.Err, c.err)
			}
			if !c.err && out.Err != nil {
				t.Errorf("Err %v", out.Err)
			}
			if out.Redirected != c.redirected {
				t.Errorf("redirected %q, want %q", out.Redirected, c.redirected)
			}
		})
	}
}

// The commit wait ends when the navigation commits, when it became a
// download, or at its grace when no document request is in flight; a
// request still waiting for its server holds it past the grace, until the
// command's deadline, which then fails the action.
func TestTheCommitWait(t *testing.T) {
	const next = "https://shop.test/next"
	for _, c := range []struct {
		name    string
		fire    func(p *actPage)
		grace   time.Duration
		timeout time.Duration
		newDoc  bool
		err     bool
		atLeast time.Duration
	}{
		{"it commits", func(p *actPage) { p.navigate(next, 200, "") }, 5 * time.Second, 10 * time.Second, true, false, 0},
		{"it became a download", func(p *actPage) { p.onDownload(nil) }, 5 * time.Second, 10 * time.Second, false, false, 0},
		{"nothing in flight at the grace", func(*actPage) {}, 30 * time.Millisecond, 10 * time.Second, false, false, 0},
		{"a slow server, then the commit", func(p *actPage) {
			req := p.request(next, "")
			time.Sleep(400 * time.Millisecond)
			p.respond(&docResponse{req: req, status: 200})
			p.onNav(p.main)
		}, 150 * time.Millisecond, 10 * time.Second, true, false, 300 * time.Millisecond},
		// The grace leaves the request time to start on a loaded machine.
		{"a server still silent at the deadline", func(p *actPage) { p.request(next, "") }, 150 * time.Millisecond, 300 * time.Millisecond, false, true, 250 * time.Millisecond},
		{"the deadline, nothing in flight", func(*actPage) {}, 5 * time.Second, 50 * time.Millisecond, false, false, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newActPage(shopURL, cartBefore)
			e := onPage(p)
			armed := e.b.Obs.Arm(browser.DialogPolicy{})
			navigated, _ := armed.Navigated()
			ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
			defer cancel()
			go c.fire(p)
			start := time.Now()
			newDoc, err := e.awaitCommit(ctx, navigated, armed.Downloaded(), c.grace)
			if newDoc != c.newDoc || (err != nil) != c.err || (err != nil && !errors.Is(err, ErrDeadline)) {
				t.Errorf("new document %v, %v; want %v, failed %v", newDoc, err, c.newDoc, c.err)
			}
			if took := time.Since(start); took < c.atLeast || took > 3*time.Second {
				t.Errorf("waited %v, want at least %v", took, c.atLeast)
			}
		})
	}
}

// Arming the settle tracker names the document armed; a page that could
// not be armed (its time ran out, an answer that is no id) names none, and
// the settle then waits for a new document instead of probing.
func TestArmingTheSettleTracker(t *testing.T) {
	for _, c := range []struct {
		name   string
		answer any
		ended  bool
		want   string
	}{
		{"armed", "d7", false, "d7"},
		{"no id", nil, false, ""},
		{"the time ran out", "d7", true, ""},
	} {
		p := newActPage(shopURL, cartBefore)
		p.answers[trackJS] = c.answer
		ctx, cancel := context.WithCancel(context.Background())
		if c.ended {
			cancel()
		}
		if got := onPage(p).armSettle(ctx, p); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
		cancel()
	}
}
