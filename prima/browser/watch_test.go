package browser

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"
)

// handlerPage is a page that keeps the handlers the observer and the
// request log attach, so a test can fire the page's events; what they do
// not reach panics through the nil interface.
type handlerPage struct {
	playwright.Page
	main       playwright.Frame
	onNav      []func(playwright.Frame)
	onRequest  []func(playwright.Request)
	onResponse []func(playwright.Response)
	onFailed   []func(playwright.Request)
	onDownload []func(playwright.Download)
}

func (p *handlerPage) MainFrame() playwright.Frame { return p.main }

func (p *handlerPage) OnFrameNavigated(f func(playwright.Frame)) { p.onNav = append(p.onNav, f) }
func (p *handlerPage) OnRequest(f func(playwright.Request))      { p.onRequest = append(p.onRequest, f) }
func (p *handlerPage) OnResponse(f func(playwright.Response))    { p.onResponse = append(p.onResponse, f) }
func (p *handlerPage) OnRequestFailed(f func(playwright.Request)) {
	p.onFailed = append(p.onFailed, f)
}
func (p *handlerPage) OnDownload(f func(playwright.Download)) { p.onDownload = append(p.onDownload, f) }

// On takes the network handlers, which listen only while an action is armed.
func (p *handlerPage) On(event string, f any) {
	switch event {
	case "request":
		p.OnRequest(f.(func(playwright.Request)))
	case "response":
		p.OnResponse(f.(func(playwright.Response)))
	case "requestfailed":
		p.OnRequestFailed(f.(func(playwright.Request)))
	}
}
func (p *handlerPage) OnDialog(func(playwright.Dialog))          {}
func (p *handlerPage) OnDialogClosed(func(playwright.Dialog))    {}
func (p *handlerPage) OnPopup(func(playwright.Page))             {}
func (p *handlerPage) OnConsole(func(playwright.ConsoleMessage)) {}
func (p *handlerPage) OnPageError(func(error))                   {}

// RemoveListener drops the event's handlers: the network ones leave together.
func (p *handlerPage) RemoveListener(event string, _ any) {
	switch event {
	case "request":
		p.onRequest = nil
	case "response":
		p.onResponse = nil
	case "requestfailed":
		p.onFailed = nil
	}
}

func (p *handlerPage) IsClosed() bool { return false }

func (p *handlerPage) listeners() int { return len(p.onRequest) + len(p.onResponse) + len(p.onFailed) }

func (p *handlerPage) request(r *fakeRequest) {
	for _, f := range p.onRequest {
		f(r)
	}
}

func (p *handlerPage) respond(r *fakeRequest, status int) {
	for _, f := range p.onResponse {
		f(&fakeResponse{req: r, status: status})
	}
}

func (p *handlerPage) fail(r *fakeRequest) {
	for _, f := range p.onFailed {
		f(r)
	}
}

type fakeFrame struct{ playwright.Frame }

type fakeRequest struct {
	playwright.Request
	method, url, typ string
	frame            playwright.Frame // the main frame's for a document
	from             *fakeRequest
}

func (r *fakeRequest) Method() string            { return r.method }
func (r *fakeRequest) URL() string               { return r.url }
func (r *fakeRequest) ResourceType() string      { return r.typ }
func (r *fakeRequest) Frame() playwright.Frame   { return r.frame }
func (r *fakeRequest) IsNavigationRequest() bool { return r.typ == "document" }
func (r *fakeRequest) Failure() error            { return nil }
func (r *fakeRequest) RedirectedFrom() playwright.Request {
	if r.from == nil {
		return nil
	}
	return r.from
}

type fakeResponse struct {
	playwright.Response
	req    *fakeRequest
	status int
}

func (r *fakeResponse) Request() playwright.Request { return r.req }
func (r *fakeResponse) Status() int                 { return r.status }
func (r *fakeResponse) URL() string                 { return r.req.url }

// The armed action gets the main frame's document answers, a redirect's
// hops left out and its first URL kept; a document request waiting for
// its server is pending until answered; the main frame's commit closes
// the action's navigated; and a download that starts while no action is
// armed is kept for a later command to claim.
func TestTheObserverRecordsTheArmedActionsNavigation(t *testing.T) {
	main := &fakeFrame{}
	p := &handlerPage{main: main}
	o := NewObserver()
	o.Watch(p)
	on(p, o.netHooks(p))
	o.Leave(nil) // an earlier action's download that had not ended
	if o.Claim() != 0 {
		t.Error("a download was claimed with no action armed")
	}
	a := o.Arm(DialogPolicy{})
	nav, _ := a.Navigated()
	hop := &fakeRequest{method: "GET", url: "https://shop.test/pay", typ: "document", frame: main}
	doc := &fakeRequest{method: "GET", url: "https://shop.test/done", typ: "document", frame: main, from: hop}
	p.request(hop)
	if !o.DocumentPending() {
		t.Error("a document request with no answer yet is not pending")
	}
	p.respond(hop, 302)
	p.request(doc)
	p.respond(doc, 200)
	p.request(&fakeRequest{method: "GET", url: "https://ads.test/frame", typ: "document", frame: &fakeFrame{}})
	if o.DocumentPending() {
		t.Error("a frame's document holds the page's navigation")
	}
	select {
	case <-nav:
		t.Fatal("navigated before the commit")
	default:
	}
	for _, f := range p.onNav {
		f(&fakeFrame{}) // a frame's commit
	}
	select {
	case <-nav:
		t.Fatal("a frame's commit is the page's navigation")
	default:
	}
	for _, f := range p.onNav {
		f(main)
	}
	select {
	case <-nav:
	default:
		t.Error("the main frame's commit did not close navigated")
	}
	if n := o.Claim(); n != 1 {
		t.Errorf("claimed %d downloads, want the one left", n)
	}
	rec := a.Disarm(p)
	want := []DocResponse{{URL: "https://shop.test/done", From: "https://shop.test/pay", Status: 200}}
	if !slices.Equal(rec.Docs, want) || len(rec.Downloads) != 1 {
		t.Errorf("docs %v, downloads %d; want %v and the claimed one", rec.Docs, len(rec.Downloads), want)
	}
	for _, f := range p.onDownload {
		f(nil) // no action armed
	}
	if o.Arm(DialogPolicy{}); o.Claim() != 1 {
		t.Error("a download started between commands was not kept for the next")
	}
}

// The settle waits for the command's own requests to the page's host
// family (an API on a sibling host is the app's), until they end or its
// cap; another site's requests and the page's own before recording are
// not waited for, and Stop hands over what was recorded.
func TestTheRequestLogSettlesOnTheCommandsRequests(t *testing.T) {
	p := &handlerPage{main: &fakeFrame{}}
	n := &NetLog{}
	on(p, n.hooks(p, func() bool { return true }))
	early := &fakeRequest{method: "GET", url: "https://app.shop.test/poll", typ: "fetch"}
	p.request(early) // before the command: not its own
	n.Start("https://app.shop.test/cart")
	save := &fakeRequest{method: "POST", url: "https://api.shop.test/save", typ: "fetch"}
	p.request(save)
	p.request(&fakeRequest{method: "GET", url: "https://ads.test/pixel", typ: "xhr"})
	p.request(&fakeRequest{method: "GET", url: "https://app.shop.test/logo.png", typ: "image"})
	go func() {
		time.Sleep(100 * time.Millisecond)
		p.respond(save, 201)
	}()
	start := time.Now()
	n.Settle(context.Background(), time.Now().Add(5*time.Second))
	if took := time.Since(start); took < 80*time.Millisecond || took > 3*time.Second {
		t.Errorf("settled after %v, want when the POST was answered", took)
	}
	slow := &fakeRequest{method: "GET", url: "https://app.shop.test/report", typ: "xhr"}
	p.request(slow)
	start = time.Now()
	n.Settle(context.Background(), time.Now().Add(50*time.Millisecond))
	if took := time.Since(start); took < 40*time.Millisecond || took > 2*time.Second {
		t.Errorf("a request never answered held the settle %v, want its cap", took)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start = time.Now()
	if n.Settle(ctx, time.Now().Add(5*time.Second)); time.Since(start) > time.Second {
		t.Error("the settle outlived its command")
	}
	p.fail(slow)
	want := []NetEntry{{Method: "POST", Path: "https://api.shop.test/save", Status: 201}, {Method: "GET", Path: "/report", Error: "failed"}}
	if got := n.Stop(); !slices.Equal(got, want) {
		t.Errorf("recorded %v, want %v", got, want)
	}
}

// Playwright's server keeps an object for every request a subscribed
// client saw, until its cap: on a browser whose protocol records the
// requests for `prima network`, a page's network events are listened to
// only while an action is armed, and a document request still in flight
// when the listening stops is forgotten (its end will not be heard).
func TestAPagesRequestsAreListenedToOnlyWhileAnActionIsArmed(t *testing.T) {
	p := &handlerPage{main: &fakeFrame{}}
	in := &Instance{Net: &NetLog{}, Obs: NewObserver()}
	in.watch(p, false)
	if n := p.listeners(); n != 0 {
		t.Fatalf("%d network handlers listen between actions, want none", n)
	}
	in.Listen()
	if n := p.listeners(); n != 6 {
		t.Fatalf("%d network handlers listen while armed, want the request log's 3 and the observer's 3", n)
	}
	in.Net.Start("https://shop.test/cart")
	p.request(&fakeRequest{method: "GET", url: "https://shop.test/next", typ: "document", frame: p.main})
	p.request(&fakeRequest{method: "POST", url: "https://shop.test/api/save", typ: "fetch"})
	if !in.Obs.DocumentPending() || !in.Net.Pending() {
		t.Fatal("the armed action's document and fetch are not seen in flight")
	}
	in.Unlisten()
	if n := p.listeners(); n != 0 {
		t.Errorf("%d network handlers still listen after the action, want none", n)
	}
	if in.Obs.DocumentPending() {
		t.Error("a document request no one listens for any more still counts as in flight")
	}
	if seen, _ := in.Net.Since(); len(seen) != 0 {
		t.Errorf("Playwright's events fed `prima network` (%d requests) where the browser's protocol records it", len(seen))
	}
	q := &handlerPage{main: &fakeFrame{}}
	in.watch(q, true)
	if n := q.listeners(); n != 6 {
		t.Errorf("%d network handlers on a page the protocol cannot record, want all 6 for good", n)
	}
}
