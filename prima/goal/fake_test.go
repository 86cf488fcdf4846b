package goal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prima-dev/prima/prima/judge"
)

// The supplied values of the sign-up scenario. Each is distinctive so that
// a redaction test can search for it.
const (
	rawEmail    = "ada.lovelace@example.org"
	rawPassword = "s3cret-Pa55word"
)

func scenarioData() map[string]string {
	return map[string]string{"email": rawEmail, "password": rawPassword}
}

// reply is one scripted answer of the fake decision server.
type reply struct {
	status int
	body   string
	delay  time.Duration
}

// fakeServer speaks the decision model's wire format and answers each
// request with the next scripted reply.
type fakeServer struct {
	*httptest.Server
	t      *testing.T
	mu     sync.Mutex
	script []reply
	bodies [][]byte
}

func newServer(t *testing.T, script ...reply) *fakeServer {
	t.Helper()
	f := &fakeServer{t: t, script: script}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeServer) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req struct {
		Model     string                     `json:"model"`
		State     json.RawMessage            `json:"state"`
		Questions map[string]json.RawMessage `json:"questions"`
	}
	if err := json.Unmarshal(body, &req); err != nil || len(req.Questions) == 0 || r.Header.Get("Authorization") != "Bearer test-key" {
		f.t.Errorf("fake server: not a decision request: %v: %s", err, body)
	}
	f.mu.Lock()
	f.bodies = append(f.bodies, body)
	if len(f.script) == 0 {
		f.mu.Unlock()
		f.t.Errorf("fake server: request %d has no scripted reply: %s", len(f.bodies), body)
		w.WriteHeader(599)
		return
	}
	rep := f.script[0]
	f.script = f.script[1:]
	f.mu.Unlock()
	if rep.delay > 0 {
		select {
		case <-time.After(rep.delay):
		case <-r.Context().Done():
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	if rep.status != 0 {
		w.WriteHeader(rep.status)
	}
	io.WriteString(w, rep.body)
}

func (f *fakeServer) requests() [][]byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([][]byte(nil), f.bodies...)
}

// model is the hosted model client pointed at f.
func (f *fakeServer) model(t *testing.T) *Model {
	t.Helper()
	p, err := judge.FromConfig("openrouter", "", f.URL, func(k string) string {
		if k == "OPENROUTER_API_KEY" {
			return "test-key"
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewModel(p)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// file is a scripted reply read from testdata/replies.
func file(t *testing.T, name string) reply {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "replies", name))
	if err != nil {
		t.Fatal(err)
	}
	return reply{body: string(b)}
}

// answer is one head of a scripted reply.
type answer struct {
	id         string
	choice     int
	probs      []float64 // nil for a noul
	noul       float64
	confidence float64 // 0: absent, so P(choice) is the confidence
}

// choice answers head id with option choice of n: probability p for it,
// second for the runner-up, the rest spread evenly.
func choice(id string, n, pick int, p, second float64) answer {
	probs := make([]float64, n)
	probs[pick] = p
	rest := 1 - p
	if n > 1 {
		probs[(pick+1)%n] = second
		rest -= second
	}
	if n > 2 {
		for i := range probs {
			if i != pick && i != (pick+1)%n {
				probs[i] = rest / float64(n-2)
			}
		}
	}
	return answer{id: id, choice: pick, probs: probs}
}

func (a answer) conf(c float64) answer { a.confidence = c; return a }

func noul(id string, p float64) answer { return answer{id: id, noul: p} }

// wire encodes heads as one response body.
func wire(heads ...answer) reply {
	ans := map[string]any{}
	for _, h := range heads {
		if h.probs == nil {
			ans[h.id] = map[string]any{"type": "noul", "noul": h.noul}
			continue
		}
		probs := map[string]float64{}
		for i, p := range h.probs {
			probs[strconv.Itoa(i)] = p
		}
		a := map[string]any{"type": "choice", "choice": strconv.Itoa(h.choice), "probabilities": probs}
		if h.confidence > 0 {
			a["confidence"] = h.confidence
		}
		ans[h.id] = a
	}
	b, _ := json.Marshal(map[string]any{"model": "jev-1.13.0", "answers": ans, "usage": map[string]int{"input_tokens": 100, "output_tokens": 5}})
	return reply{body: string(b)}
}

// The sign-up app's pages.
const (
	pageLogin   = "login"
	pageProfile = "profile"
	pageDone    = "done"
)

// fakePage is a small app: a sign-in form, a profile form, a done page.
// Sign in works only with the scenario's email and password.
type fakePage struct {
	mu     sync.Mutex
	state  string
	values map[string]string // field ID -> value
	log    []string          // every action that reached the page
	acts   int               // every Act call, taken back ones included
	edits  int               // bumps the version

	// Knobs for the tests.
	extraFields   []Field        // added to the profile form
	deadButton    bool           // the login page has a button that does nothing
	churn         int            // this many observations after the first change the version
	observes      int            // observations so far
	staleActs     int            // this many Act calls report a stale target
	uncertain     bool           // Act reports a dispatched failure
	incomplete    bool           // observations are not complete
	hugeDigest    bool           // the login page's text is over MaxDigest
	manyFields    int            // the login page gets this many more fields
	observeErr    error          // Observe fails
	onAct         func(a Action) // sees every action
	typed         map[string]int // field ID -> times typed
	verifyObserve int            // the observation at which the page changes by itself
}

func newPage() *fakePage {
	return &fakePage{state: pageLogin, values: map[string]string{}, typed: map[string]int{}}
}

func (p *fakePage) Observe(ctx context.Context, occupant func(string) string) (Observation, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return Observation{}, err
	}
	if p.observeErr != nil {
		return Observation{}, p.observeErr
	}
	p.observes++
	if p.churn > 0 && p.observes > 1 {
		p.churn--
		p.edits++
	}
	if p.verifyObserve > 0 && p.observes == p.verifyObserve {
		p.edits++
	}
	o := Observation{Version: fmt.Sprintf("%s-%d", p.state, p.edits), Complete: !p.incomplete}
	field := func(id, name string, c Constraint, ctx string) Field {
		return Field{Candidate: Candidate{ID: id, Role: "textbox", Name: name, Context: ctx, Location: "main"}, Occupant: occupant(p.values[id]), Constraint: c}
	}
	switch p.state {
	case pageLogin:
		o.URL, o.Title = "http://127.0.0.1:8080/login", "Sign in"
		o.Digest = "Sign in\nEmail\nPassword"
		o.Fills = []Field{
			field("e1", "Email", Constraint{Type: "email", Required: true}, `form "Sign in"`),
			field("e2", "Password", Constraint{Type: "password", Required: true}, `form "Sign in"`),
		}
		for i := range p.manyFields {
			o.Fills = append(o.Fills, field(fmt.Sprintf("x%d", i), fmt.Sprintf("Extra %d", i), Constraint{}, ""))
		}
		o.Clicks = []Candidate{{ID: "e3", Role: "button", Name: "Sign in", Context: `form "Sign in"`, Location: "main"}}
		if p.deadButton {
			o.Clicks = append(o.Clicks, Candidate{ID: "e9", Role: "button", Name: "Help", Location: "header"})
		}
		if p.hugeDigest {
			o.Digest += strings.Repeat(" lorem", MaxDigest)
		}
	case pageProfile:
		// The page echoes the signed-in address, in its text and its URL.
		o.URL, o.Title = "http://127.0.0.1:8080/profile?welcome="+strings.ReplaceAll(rawEmail, "@", "%40"), "Profile of "+rawEmail
		o.Digest = "Profile\nSigned in as " + rawEmail + "\nName\nRecipient email\nCode"
		o.Fills = []Field{
			field("e4", "Name", Constraint{MaxLength: 40}, `form "Profile"`),
			field("e5", "Recipient email", Constraint{Type: "email"}, `form "Profile"`),
			field("e6", "Code", Constraint{MaxLength: 5}, `form "Profile"`),
		}
		o.Fills = append(o.Fills, p.extraFields...)
		for i := range o.Fills[3:] {
			o.Fills[3+i].Occupant = occupant(p.values[o.Fills[3+i].ID])
		}
		o.Clicks = []Candidate{{ID: "e7", Role: "button", Name: "Save", Context: `form "Profile"`, Location: "main"}}
	case pageDone:
		o.URL, o.Title = "http://127.0.0.1:8080/done", "Saved"
		o.Digest = "Profile saved\nWelcome, " + p.values["e4"]
		o.Clicks = []Candidate{{ID: "e8", Role: "link", Name: "Home", Location: "nav"}}
	}
	return o, nil
}

var errDetached = errors.New("element detached")

func (p *fakePage) Act(ctx context.Context, a Action) (Outcome, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.acts++
	if p.onAct != nil {
		p.onAct(a)
	}
	if p.staleActs > 0 {
		p.staleActs--
		return Outcome{Stale: true}, fmt.Errorf("stale_ref: %s changed before the click", a.Target)
	}
	used := ""
	switch a.Kind {
	case Click:
		used = fmt.Sprintf("await page.getByRole('button', { name: '%s' }).click();", a.Target)
	case Type:
		// The act path prints the typed value: the goal must redact it.
		used = fmt.Sprintf("await page.locator('#%s').fill('%s');", a.Target, a.Value)
	}
	if p.uncertain {
		p.log = append(p.log, string(a.Kind)+" "+a.Target)
		return Outcome{Dispatched: true, Used: used}, errDetached
	}
	p.log = append(p.log, string(a.Kind)+" "+a.Target)
	p.edits++
	proof := ""
	switch a.Kind {
	case Type:
		p.values[a.Target] = a.Value
		p.typed[a.Target]++
		proof = fmt.Sprintf("typed: textbox: %q -> %q", "", a.Value)
	case Click:
		switch {
		case a.Target == "e3" && p.values["e1"] == rawEmail && p.values["e2"] == rawPassword:
			p.state = pageProfile
			proof = "url: /login -> /profile"
		case a.Target == "e7":
			p.state = pageDone
			proof = "url: /profile -> /done"
		default:
			p.edits-- // a dead button changes nothing
			proof = "no change"
		}
	}
	return Outcome{Used: used, Proof: proof}, nil
}

func (p *fakePage) actions() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.log...)
}

// run runs spec on page against server f.
func runGoal(t *testing.T, f *fakeServer, page *fakePage, s Spec, rec *Recorder) Result {
	t.Helper()
	m := f.model(t)
	r := &Runner{Page: page, Decider: m, Verifier: m, Record: rec}
	res, err := r.Run(context.Background(), s)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return res
}
