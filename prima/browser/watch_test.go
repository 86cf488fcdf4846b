package browser

import (
	"context"
	"fmt"
	"slices"
	"strings"
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

func (p *handlerPage) OnDialog(func(playwright.Dialog))          {}
func (p *handlerPage) OnDialogClosed(func(playwright.Dialog))    {}
func (p *handlerPage) OnPopup(func(playwright.Page))             {}
func (p *handlerPage) OnConsole(func(playwright.ConsoleMessage)) {}
func (p *handlerPage) OnPageError(func(error))                   {}

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
	(&Instance{Net: &NetLog{}, Obs: o}).Watch(p)
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
	(&Instance{Net: n, Obs: NewObserver()}).Watch(p)
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

// fakeSession is a CDP session whose events a test sends.
type fakeSession struct {
	on   map[string]func(map[string]any)
	body string
}

func (s *fakeSession) On(event string, handler any) {
	if s.on == nil {
		s.on = map[string]func(map[string]any){}
	}
	s.on[event] = handler.(func(map[string]any))
}

func (s *fakeSession) Send(method string, _ map[string]any) (any, error) {
	switch method {
	case "Network.getResponseBody":
		return map[string]any{"body": s.body, "base64Encoded": false}, nil
	case "Network.getRequestPostData":
		return map[string]any{"postData": "cart"}, nil
	}
	return map[string]any{}, nil
}

func (s *fakeSession) send(event string, params map[string]any) { s.on[event](params) }

// A page's requests are read from the browser's own protocol: a main-frame
// document pending until its answer, a redirect's hop ended and its first
// URL kept as the document's origin, a frame's document no navigation of
// the page's, the command's own fetch to its site's API waited for and
// logged, and every request kept for `prima network` with its bodies.
func TestRequestsAreReadFromTheBrowsersProtocol(t *testing.T) {
	p := &handlerPage{main: &fakeFrame{}}
	n, o := &NetLog{}, NewObserver()
	s := &fakeSession{body: `{"ok":false}`}
	if !readRequests(s, n, o, p, "F1") {
		t.Fatal("the session's Network domain did not start")
	}
	n.Start("https://app.shop.test/cart")
	a := o.Arm(DialogPolicy{})
	req := func(id, typ, frame, method, url string, extra map[string]any) {
		ev := map[string]any{"requestId": id, "type": typ, "frameId": frame, "request": map[string]any{"method": method, "url": url, "hasPostData": method == "POST", "headers": map[string]any{"Content-Type": "text/plain"}}}
		for k, v := range extra {
			ev[k] = v
		}
		s.send("Network.requestWillBeSent", ev)
	}
	resp := func(id string, status int, url string) {
		s.send("Network.responseReceived", map[string]any{"requestId": id, "response": map[string]any{"status": float64(status), "url": url, "headers": map[string]any{"content-type": "application/json"}}})
	}
	req("1", "Document", "F1", "GET", "https://app.shop.test/pay", nil)
	if !o.DocumentPending() {
		t.Error("a document request with no answer yet is not pending")
	}
	req("1", "Document", "F1", "GET", "https://app.shop.test/done", map[string]any{"redirectResponse": map[string]any{"status": float64(302)}})
	resp("1", 200, "https://app.shop.test/done")
	s.send("Network.loadingFinished", map[string]any{"requestId": "1"})
	req("2", "Document", "F2", "GET", "https://ads.test/frame", nil)
	if o.DocumentPending() {
		t.Error("a frame's document, or an answered one, holds the page's navigation")
	}
	req("3", "Fetch", "F1", "POST", "https://api.shop.test/save", nil)
	if !n.Pending() {
		t.Error("the command's fetch to its site's API is not waited for")
	}
	resp("3", 500, "https://api.shop.test/save")
	s.send("Network.loadingFinished", map[string]any{"requestId": "3"})
	req("4", "XHR", "F1", "GET", "https://ads.test/pixel", nil)
	s.send("Network.loadingFailed", map[string]any{"requestId": "4", "errorText": "net::ERR_FAILED"})
	if n.Pending() {
		t.Error("an answered fetch, or another site's, is still waited for")
	}
	if got, want := n.Stop(), []NetEntry{{Method: "POST", Path: "https://api.shop.test/save", Status: 500}}; !slices.Equal(got, want) {
		t.Errorf("logged %v as the command's, want %v", got, want)
	}
	if rec, want := a.Disarm(p), []DocResponse{{URL: "https://app.shop.test/done", From: "https://app.shop.test/pay", Status: 200}}; !slices.Equal(rec.Docs, want) {
		t.Errorf("the action's documents %v, want %v", rec.Docs, want)
	}
	seen, _ := n.Since()
	var lines []string
	for _, x := range seen {
		lines = append(lines, fmt.Sprintf("%s %s %d %s %s", x.Method, x.URL, x.Status, x.Type, x.Error))
	}
	want := []string{"GET https://app.shop.test/pay 302 document ", "GET https://app.shop.test/done 200 document ",
		"POST https://api.shop.test/save 500 fetch ", "GET https://ads.test/pixel 0 xhr net::ERR_FAILED"}
	if !slices.Equal(lines, want) {
		t.Errorf("prima network would list\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	if len(seen) == 4 {
		if body, ctype, err := seen[2].Got(); string(body) != `{"ok":false}` || ctype != "application/json" || err != nil {
			t.Errorf("the fetch's answer reads %q (%s, %v)", body, ctype, err)
		}
		if sent, ctype := seen[2].Sent(); sent != "cart" || ctype != "text/plain" {
			t.Errorf("the fetch sent %q (%s)", sent, ctype)
		}
	}
}
