package browser

import (
	"context"
	"encoding/base64"
	"strings"
	"sync"

	"github.com/mxschmitt/playwright-go"
)

// A page's requests are read through the browser's own protocol (a CDP
// session of the page): the command's own requests for its settle and
// network.jsonl, the main frame's documents for its navigation, and every
// request for `prima network`. Playwright's request events would do the
// same, but its server keeps an object for every request a subscribed
// client saw until 10,000 of a kind, and a daemon that runs all day grew
// by them; they are listened to only on a page the protocol cannot read
// (a browser other than Chromium).

// Watch attaches the observers and the request log to a page once. The
// page's requests are read once its session is up (Ready).
func (in *Instance) Watch(p playwright.Page) {
	in.watchMu.Lock()
	defer in.watchMu.Unlock()
	if in.watched[p] != nil {
		return
	}
	if in.watched == nil {
		in.watched = map[playwright.Page]chan struct{}{}
	}
	ready := make(chan struct{})
	in.watched[p] = ready
	in.Obs.Watch(p)
	if !in.Chromium() {
		in.listen(p)
		close(ready)
		return
	}
	// Opening a session waits for the browser's answer, which an event
	// handler (this may run in one) must not.
	go func() {
		defer close(ready)
		if !in.record(p) {
			in.listen(p)
		}
	}()
}

// Ready waits, within ctx, until the page's requests are read: an action
// armed before would miss its own.
func (in *Instance) Ready(ctx context.Context, p playwright.Page) {
	in.watchMu.Lock()
	ready := in.watched[p]
	in.watchMu.Unlock()
	if ready == nil {
		return
	}
	select {
	case <-ready:
	case <-ctx.Done():
	}
}

// listen reads the page's requests through Playwright's events.
func (in *Instance) listen(p playwright.Page) {
	n, o := in.Net, in.Obs
	isDoc := func(r playwright.Request) bool { return r.IsNavigationRequest() && r.Frame() == p.MainFrame() }
	p.OnRequest(func(r playwright.Request) {
		n.sent(r, r.ResourceType(), r.URL())
		if isDoc(r) {
			o.docSent(r)
		}
	})
	p.OnResponse(func(resp playwright.Response) {
		r := resp.Request()
		n.done(r, Seen{Method: r.Method(), URL: r.URL(), Type: r.ResourceType(), Status: resp.Status(), Sent: sentBy(r),
			Got: func() ([]byte, string, error) { b, err := resp.Body(); return b, resp.Headers()["content-type"], err }})
		if isDoc(r) {
			from := ""
			for prev := r.RedirectedFrom(); prev != nil; prev = prev.RedirectedFrom() {
				from = prev.URL()
			}
			o.docAnswered(p, r, resp.URL(), from, resp.Status())
		}
	})
	p.OnRequestFailed(func(r playwright.Request) {
		msg := "failed"
		if f := r.Failure(); f != nil {
			msg = f.Error()
		}
		n.done(r, Seen{Method: r.Method(), URL: r.URL(), Type: r.ResourceType(), Error: msg, Sent: sentBy(r)})
		if isDoc(r) {
			o.docFailed(r)
		}
	})
}

// cdpEvents is what record needs of a CDP session.
type cdpEvents interface {
	On(event string, handler any)
	Send(method string, params map[string]any) (any, error)
}

// record reads the page's requests through a CDP session of its own; false
// when the page has none.
func (in *Instance) record(p playwright.Page) bool {
	s, err := p.Context().NewCDPSession(p)
	if err != nil {
		return false
	}
	tree, err := s.Send("Page.getFrameTree", nil)
	if err != nil {
		s.Detach()
		return false
	}
	frame, _ := tree.(map[string]any)["frameTree"].(map[string]any)
	main, _ := frame["frame"].(map[string]any)
	if !readRequests(s, in.Net, in.Obs, p, str(main["id"])) {
		s.Detach()
		return false
	}
	return true
}

// readRequests turns a session's Network events into the request log's
// and the observer's notes; mainFrame is the page's main frame id (its
// documents are the page's navigations).
func readRequests(s cdpEvents, n *NetLog, o *Observer, p playwright.Page, mainFrame string) bool {
	type request struct {
		method, url, typ string
		from             string // where its redirects began
		doc, post        bool
		reqType          string
		status           int
		respType         string
	}
	var mu sync.Mutex
	open := map[string]*request{}
	key := func(id string) string { return "cdp:" + id }
	get := func(id string) *request {
		mu.Lock()
		defer mu.Unlock()
		return open[id]
	}
	s.On("Network.requestWillBeSent", func(ev map[string]any) {
		id, _ := ev["requestId"].(string)
		req, _ := ev["request"].(map[string]any)
		if id == "" || req == nil {
			return
		}
		r := &request{method: str(req["method"]), url: str(req["url"]), typ: strings.ToLower(str(ev["type"])),
			doc: str(ev["type"]) == "Document" && str(ev["frameId"]) == mainFrame && mainFrame != ""}
		r.post, _ = req["hasPostData"].(bool)
		r.reqType = header(req["headers"], "content-type")
		if prev := get(id); prev != nil {
			// The same id goes on to a redirect's target: the hop ended.
			status := 0
			if rr, _ := ev["redirectResponse"].(map[string]any); rr != nil {
				status = int(num(rr["status"]))
			}
			n.done(key(id), Seen{Method: prev.method, URL: prev.url, Type: prev.typ, Status: status})
			r.from = prev.from
			if r.from == "" {
				r.from = prev.url
			}
		}
		mu.Lock()
		if len(open) > 10*maxSeen {
			clear(open) // requests of a closed page never end
		}
		open[id] = r
		mu.Unlock()
		n.sent(key(id), r.typ, r.url)
		if r.doc {
			o.docSent(key(id))
		}
	})
	s.On("Network.responseReceived", func(ev map[string]any) {
		id, _ := ev["requestId"].(string)
		resp, _ := ev["response"].(map[string]any)
		r := get(id)
		if r == nil || resp == nil {
			return
		}
		mu.Lock()
		r.status = int(num(resp["status"]))
		r.respType = header(resp["headers"], "content-type")
		if r.respType == "" {
			r.respType = str(resp["mimeType"])
		}
		mu.Unlock()
		if r.doc {
			u := str(resp["url"])
			if u == "" {
				u = r.url
			}
			o.docAnswered(p, key(id), u, r.from, r.status)
		}
	})
	end := func(id, failure string) {
		mu.Lock()
		r := open[id]
		delete(open, id)
		mu.Unlock()
		if r == nil {
			return
		}
		seen := Seen{Method: r.method, URL: r.url, Type: r.typ, Status: r.status, Error: failure}
		if r.post {
			seen.Sent = func() (string, string) {
				v, err := s.Send("Network.getRequestPostData", map[string]any{"requestId": id})
				if err != nil {
					return "", ""
				}
				m, _ := v.(map[string]any)
				return str(m["postData"]), r.reqType
			}
		}
		if failure == "" {
			seen.Got = func() ([]byte, string, error) {
				v, err := s.Send("Network.getResponseBody", map[string]any{"requestId": id})
				if err != nil {
					return nil, r.respType, err
				}
				m, _ := v.(map[string]any)
				body := str(m["body"])
				if b, _ := m["base64Encoded"].(bool); b {
					raw, err := base64.StdEncoding.DecodeString(body)
					return raw, r.respType, err
				}
				return []byte(body), r.respType, nil
			}
		}
		n.done(key(id), seen)
		if r.doc && failure != "" {
			o.docFailed(key(id))
		}
	}
	s.On("Network.loadingFinished", func(ev map[string]any) { end(str(ev["requestId"]), "") })
	s.On("Network.loadingFailed", func(ev map[string]any) {
		msg := str(ev["errorText"])
		if msg == "" {
			msg = "failed"
		}
		end(str(ev["requestId"]), msg)
	})
	_, err := s.Send("Network.enable", nil)
	return err == nil
}

// Chromium tells whether the browser speaks Chromium's protocol (CDP).
func (in *Instance) Chromium() bool {
	return in.browser != nil && in.browser.BrowserType().Name() == "chromium"
}

// sentBy reads the body a Playwright request sent, and its content type.
func sentBy(r playwright.Request) func() (string, string) {
	return func() (string, string) {
		data, err := r.PostData()
		if err != nil {
			return "", ""
		}
		return data, r.Headers()["content-type"]
	}
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func num(v any) float64 {
	f, _ := v.(float64)
	return f
}

// header is a header's value from CDP's headers object, its name in any case.
func header(hs any, name string) string {
	m, _ := hs.(map[string]any)
	for k, v := range m {
		if strings.EqualFold(k, name) {
			return str(v)
		}
	}
	return ""
}
