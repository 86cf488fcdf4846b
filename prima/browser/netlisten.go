package browser

import (
	"encoding/base64"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/mxschmitt/playwright-go"
)

// netHook is a handler of one of a page's network events.
type netHook struct {
	event string // Playwright's: request, response, requestfailed
	fn    any
}

// pageHooks are a page's network handlers, and whether they listen for
// good: Playwright's server keeps an object for every request a
// subscribed client saw until its own cap (10,000 of each kind), so they
// listen only while an action is armed, unless the page's requests
// cannot be recorded otherwise.
type pageHooks struct {
	hooks  []netHook
	always atomic.Bool
}

func on(p playwright.Page, hooks []netHook) {
	for _, h := range hooks {
		p.On(h.event, h.fn)
	}
}

func off(p playwright.Page, hooks []netHook) {
	for _, h := range hooks {
		p.RemoveListener(h.event, h.fn)
	}
}

// Listen starts the network handlers of every page for one action: its
// own requests, the documents it led to.
func (in *Instance) Listen() {
	in.watchMu.Lock()
	defer in.watchMu.Unlock()
	in.listening = true
	for p, ph := range in.watched {
		if !ph.always.Load() && !p.IsClosed() {
			on(p, ph.hooks)
		}
	}
}

// Unlisten ends what Listen started once the action has settled; the
// requests still in flight are forgotten, as their end will not be heard.
func (in *Instance) Unlisten() {
	in.watchMu.Lock()
	defer in.watchMu.Unlock()
	in.listening = false
	for p, ph := range in.watched {
		if p.IsClosed() {
			delete(in.watched, p)
			continue
		}
		if !ph.always.Load() {
			off(p, ph.hooks)
		}
	}
	in.Obs.forgetDocs()
}

// record keeps every request of the page for `prima network`, through the
// browser's own protocol (CDP), which leaves nothing behind in
// Playwright's server. It reports false when the page has no such
// protocol (then Playwright's events record it, listening for good).
func (n *NetLog) record(p playwright.Page) bool {
	s, err := p.Context().NewCDPSession(p)
	if err != nil {
		return false
	}
	type sent struct {
		method, url, typ string
		post             bool
		reqType          string
		status           int
		respType         string
	}
	var mu sync.Mutex
	open := map[string]*sent{}
	key := func(id string) string { return "cdp:" + id }
	s.On("Network.requestWillBeSent", func(ev map[string]any) {
		id, _ := ev["requestId"].(string)
		req, _ := ev["request"].(map[string]any)
		if id == "" || req == nil {
			return
		}
		mu.Lock()
		prev := open[id]
		mu.Unlock()
		if r, _ := ev["redirectResponse"].(map[string]any); r != nil && prev != nil {
			// The same id goes on to the redirect's target: the hop ended.
			n.ended(key(id), Seen{Method: prev.method, URL: prev.url, Type: prev.typ, Status: int(num(r["status"]))})
		}
		e := &sent{method: str(req["method"]), url: str(req["url"]), typ: strings.ToLower(str(ev["type"]))}
		e.post, _ = req["hasPostData"].(bool)
		e.reqType = header(req["headers"], "content-type")
		mu.Lock()
		if len(open) > 10*maxSeen {
			clear(open) // requests of a closed page never end
		}
		open[id] = e
		mu.Unlock()
		n.begun(key(id))
	})
	s.On("Network.responseReceived", func(ev map[string]any) {
		id, _ := ev["requestId"].(string)
		r, _ := ev["response"].(map[string]any)
		mu.Lock()
		defer mu.Unlock()
		if e := open[id]; e != nil && r != nil {
			e.status = int(num(r["status"]))
			e.respType = header(r["headers"], "content-type")
			if e.respType == "" {
				e.respType = str(r["mimeType"])
			}
		}
	})
	done := func(id, failure string) {
		mu.Lock()
		e := open[id]
		delete(open, id)
		mu.Unlock()
		if e == nil {
			return
		}
		seen := Seen{Method: e.method, URL: e.url, Type: e.typ, Status: e.status, Error: failure}
		if e.post {
			reqType := e.reqType
			seen.Sent = func() (string, string) {
				v, err := s.Send("Network.getRequestPostData", map[string]any{"requestId": id})
				if err != nil {
					return "", ""
				}
				m, _ := v.(map[string]any)
				return str(m["postData"]), reqType
			}
		}
		if failure == "" {
			respType := e.respType
			seen.Got = func() ([]byte, string, error) {
				v, err := s.Send("Network.getResponseBody", map[string]any{"requestId": id})
				if err != nil {
					return nil, respType, err
				}
				m, _ := v.(map[string]any)
				body := str(m["body"])
				if b, _ := m["base64Encoded"].(bool); b {
					raw, err := base64.StdEncoding.DecodeString(body)
					return raw, respType, err
				}
				return []byte(body), respType, nil
			}
		}
		n.ended(key(id), seen)
	}
	s.On("Network.loadingFinished", func(ev map[string]any) { done(str(ev["requestId"]), "") })
	s.On("Network.loadingFailed", func(ev map[string]any) {
		msg := str(ev["errorText"])
		if msg == "" {
			msg = "failed"
		}
		done(str(ev["requestId"]), msg)
	})
	if _, err := s.Send("Network.enable", nil); err != nil {
		s.Detach()
		return false
	}
	return true
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
