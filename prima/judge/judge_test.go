package judge

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

// reply is what the fake decision server answers with.
type reply struct {
	status int
	file   string // under testdata/replies
	header map[string]string
	delay  time.Duration
}

// received is one request the fake server saw.
type received struct {
	path, auth, contentType string
	body                    wireRequest
}

type wireRequest struct {
	Model     string                  `json:"model"`
	State     json.RawMessage         `json:"state"`
	Questions map[string]wireQuestion `json:"questions"`
}

// fakeServer speaks the decision model's wire format on 127.0.0.1 and
// answers every request with one recorded reply.
type fakeServer struct {
	*httptest.Server
	t     *testing.T
	mu    sync.Mutex
	reply reply
	seen  []received
}

func newFakeServer(t *testing.T, r reply) *fakeServer {
	t.Helper()
	f := &fakeServer{t: t, reply: r}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeServer) serve(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	rec := received{path: r.URL.Path, auth: r.Header.Get("Authorization"), contentType: r.Header.Get("Content-Type")}
	if err := json.Unmarshal(raw, &rec.body); err != nil || r.Method != http.MethodPost {
		f.t.Errorf("fake server: %s with a body that is not a request: %v: %s", r.Method, err, raw)
	}
	f.mu.Lock()
	f.seen = append(f.seen, rec)
	rep := f.reply
	f.mu.Unlock()
	if rep.delay > 0 {
		select {
		case <-time.After(rep.delay):
		case <-r.Context().Done():
			return
		}
	}
	for k, v := range rep.header {
		w.Header().Set(k, v)
	}
	var body []byte
	if rep.file != "" {
		var err error
		if body, err = os.ReadFile(filepath.Join("testdata", "replies", rep.file)); err != nil {
			f.t.Errorf("fake server: %v", err)
		}
	}
	w.Header().Set("Content-Type", "application/json")
	if rep.status != 0 {
		w.WriteHeader(rep.status)
	}
	w.Write(body)
}

func (f *fakeServer) requests() []received {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]received(nil), f.seen...)
}

// judgeFor is a judge asking f through the openrouter provider, tracing to a
// fresh file.
func judgeFor(t *testing.T, f *fakeServer) *Judge {
	t.Helper()
	env := map[string]string{"OPENROUTER_API_KEY": "test-key"}
	p, err := FromConfig("openrouter", "", f.URL, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	return &Judge{Provider: p, Direct: true, Timeout: 5 * time.Second, TracePath: filepath.Join(t.TempDir(), "home", TraceFile)}
}

var saveCancel = []string{"Save", "Cancel"}

func TestDecideAgainstTheWireFormat(t *testing.T) {
	type want struct {
		value    string
		p        float64
		approved bool
		reason   string
	}
	cases := []struct {
		name    string
		reply   reply
		options []string
		want    want
	}{
		{"choice at 0.69 is rejected", reply{file: "choice_069.json"}, saveCancel, want{"Save", 0.69, false, "probability 0.69 ≤ 0.70"}},
		{"choice at 0.71 is approved", reply{file: "choice_071.json"}, saveCancel, want{"Save", 0.71, true, ""}},
		{"yes at 0.69 is rejected", reply{file: "noul_069.json"}, nil, want{"yes", 0.69, false, "probability 0.69 ≤ 0.70"}},
		{"yes at 0.71 is approved", reply{file: "noul_071.json"}, nil, want{"yes", 0.71, true, ""}},
		{"a confident no is rejected", reply{file: "noul_010.json"}, nil, want{"no", 0.1, false, "confident no (P(yes) 0.10)"}},
		{"UNDECIDED is rejected however probable", reply{file: "choice_undecided.json"}, saveCancel, want{Undecided, 0.8, false, "UNDECIDED (0.80)"}},
		{"the seed's disabled Copy: copy 0.48 over root 0.41 is rejected", reply{file: "copy_root.json"}, []string{"copy", "root"}, want{"copy", 0.48, false, "probability 0.48 ≤ 0.70"}},
		{"HTTP 500 is rejected", reply{status: 500}, saveCancel, want{reason: "HTTP 500: server error"}},
		{"HTTP 503 is rejected", reply{status: 503, file: "malformed_not_json.txt"}, nil, want{reason: "HTTP 503: server error"}},
		{"HTTP 401 names the key", reply{status: 401}, saveCancel, want{reason: "HTTP 401: authentication refused (check OPENROUTER_API_KEY)"}},
		{"HTTP 403 names the key", reply{status: 403}, nil, want{reason: "HTTP 403: authentication refused (check OPENROUTER_API_KEY)"}},
		{"HTTP 402 is out of credits", reply{status: 402}, saveCancel, want{reason: "HTTP 402: out of credits"}},
		{"HTTP 429 carries Retry-After", reply{status: 429, header: map[string]string{"Retry-After": "30"}}, saveCancel, want{reason: "HTTP 429: rate limited, Retry-After 30"}},
		{"HTTP 429 without Retry-After", reply{status: 429}, nil, want{reason: "HTTP 429: rate limited"}},
		{"HTTP 404 is unexpected", reply{status: 404}, nil, want{reason: "HTTP 404: unexpected status"}},
		{"an answer of the wrong type is malformed", reply{file: "malformed_wrong_type.json"}, saveCancel, want{reason: `malformed body: answer type "noul", asked "choice"`}},
		{"a missing probability key is malformed", reply{file: "malformed_missing_key.json"}, saveCancel, want{reason: `malformed body: no probability for option "2"`}},
		{"an extra probability key is malformed", reply{file: "malformed_extra_key.json"}, saveCancel, want{reason: `malformed body: probability for "3", which was not offered`}},
		{"a probability of 1.3 is malformed", reply{file: "malformed_value_13.json"}, saveCancel, want{reason: `malformed body: probability of "0": 1.3 is not in [0,1]`}},
		{"a NaN probability is malformed", reply{file: "malformed_nan.json"}, saveCancel, want{reason: `malformed body: probability of "0": "NaN" is not a number`}},
		{"an infinite probability is malformed", reply{file: "malformed_huge.json"}, saveCancel, want{reason: `malformed body: probability of "0": 1e999 is not a finite number`}},
		{"a probability in a string is malformed", reply{file: "malformed_string_number.json"}, saveCancel, want{reason: `malformed body: probability of "0": "0.8" is not a number`}},
		{"probabilities summing to 0.9 are malformed", reply{file: "malformed_sum_09.json"}, saveCancel, want{reason: "malformed body: probabilities sum to 0.900, not 1"}},
		{"a choice that is not the argmax is malformed", reply{file: "malformed_not_argmax.json"}, saveCancel, want{reason: "malformed body: choice 1 (0.10) is not the most probable option (0.80)"}},
		{"a choice that was not offered is malformed", reply{file: "malformed_unknown_choice.json"}, saveCancel, want{reason: `malformed body: choice "7" is not an offered id`}},
		{"no answer is malformed", reply{file: "malformed_no_answer.json"}, saveCancel, want{reason: `malformed body: no answer for "q"`}},
		{"an answer to another question is malformed", reply{file: "malformed_other_id.json"}, saveCancel, want{reason: `malformed body: answer for "q2", which was not asked`}},
		{"a yes/no above 1 is malformed", reply{file: "malformed_noul_13.json"}, nil, want{reason: "malformed body: noul: 1.3 is not in [0,1]"}},
		{"a 200 with an empty body is malformed", reply{status: 200}, nil, want{reason: "malformed body: not JSON: unexpected end of JSON input"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFakeServer(t, c.reply)
			j := judgeFor(t, f)
			d := j.Decide(context.Background(), "Which button saves the form?", c.options, map[string]any{"page": "x"})
			got := want{d.Value, d.Probability, d.Approved, d.Reason}
			if got != c.want {
				t.Errorf("Decide = %+v\nwant     %+v", got, c.want)
			}
			if d.Approved == (d.Reason != "") {
				t.Errorf("approved %v with reason %q", d.Approved, d.Reason)
			}
			if n := len(f.requests()); n != 1 {
				t.Errorf("server saw %d requests, want 1", n)
			}
			lines := readTrace(t, j.TracePath)
			if len(lines) != 1 || lines[0].Reason != c.want.reason || lines[0].Approved != c.want.approved {
				t.Errorf("trace = %+v, want one line with reason %q", lines, c.want.reason)
			}
		})
	}
}

// The body that contains not JSON at all.
func TestNonJSONBodyIsMalformed(t *testing.T) {
	f := newFakeServer(t, reply{file: "malformed_not_json.txt"})
	d := judgeFor(t, f).Decide(context.Background(), "Which?", saveCancel, nil)
	if d.Approved || !strings.HasPrefix(d.Reason, "malformed body: not JSON: ") {
		t.Errorf("Decide = %+v, want rejected as not JSON", d)
	}
}

func TestRequestCarriesKeyModelAndQuestion(t *testing.T) {
	f := newFakeServer(t, reply{file: "copy_root.json"})
	j := judgeFor(t, f)
	state := map[string]any{"claim": "Copy copies the link", "page": "- button \"Copy\" [disabled]"}
	j.Decide(context.Background(), "Which control copies the link?", []string{"copy", "root"}, state)

	f.reply = reply{file: "noul_071.json"}
	j.Decide(context.Background(), "The page now shows Team settings.", nil, nil)

	got := f.requests()
	if len(got) != 2 {
		t.Fatalf("server saw %d requests, want 2", len(got))
	}
	for _, r := range got {
		if r.auth != "Bearer test-key" || r.contentType != "application/json" || r.path != "/api/alpha/decisions" || r.body.Model != "typesafe/jev-1.13" {
			t.Errorf("request: auth %q, content type %q, path %q, model %q", r.auth, r.contentType, r.path, r.body.Model)
		}
	}
	wantChoice := map[string]wireQuestion{"q": {Type: "choice", Instructions: "Which control copies the link?",
		Criteria: map[string]string{"0": "copy", "1": "root", "2": "UNDECIDED"}}}
	if !reflect.DeepEqual(got[0].body.Questions, wantChoice) {
		t.Errorf("questions = %+v, want %+v", got[0].body.Questions, wantChoice)
	}
	var gotState map[string]any
	if err := json.Unmarshal(got[0].body.State, &gotState); err != nil || !reflect.DeepEqual(gotState, state) {
		t.Errorf("state = %s (%v), want %v", got[0].body.State, err, state)
	}
	wantNoul := map[string]wireQuestion{"q": {Type: "noul", Instructions: "The page now shows Team settings."}}
	if !reflect.DeepEqual(got[1].body.Questions, wantNoul) || string(got[1].body.State) != "{}" {
		t.Errorf("questions = %+v state %s, want %+v and {}", got[1].body.Questions, got[1].body.State, wantNoul)
	}
}

func TestTypeSafeProviderEndpointAndModel(t *testing.T) {
	f := newFakeServer(t, reply{file: "noul_071.json"})
	p, err := FromConfig("typesafe", "", f.URL+"/", func(k string) string {
		if k == "TYPESAFE_API_KEY" {
			return "ts-key"
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	d := (&Judge{Provider: p}).Consult(context.Background(), "The page now shows Team settings.", nil, nil)
	r := f.requests()
	if !d.Approved || len(r) != 1 || r[0].path != "/v1/systemone" || r[0].auth != "Bearer ts-key" || r[0].body.Model != "jev-latest" {
		t.Errorf("decision %+v; requests %+v", d, r)
	}
}

func TestTimeoutRejects(t *testing.T) {
	// The reply comes after 60 s: a judge that waited for it instead of
	// its 200 ms timeout cannot pass the bound, and a loaded machine's
	// delays (a fraction of a second) cannot reach it.
	f := newFakeServer(t, reply{file: "choice_071.json", delay: 60 * time.Second})
	j := judgeFor(t, f)
	j.Timeout = 200 * time.Millisecond
	start := time.Now()
	d := j.Decide(context.Background(), "Which button saves the form?", saveCancel, nil)
	if d.Approved || d.Reason != "timeout after 200ms" {
		t.Errorf("Decide = %+v, want rejected with a timeout", d)
	}
	if el := time.Since(start); el > 20*time.Second {
		t.Errorf("Decide took %v past a 200ms timeout", el)
	}
	if lines := readTrace(t, j.TracePath); len(lines) != 1 || lines[0].Reason != "timeout after 200ms" || lines[0].LatencyMS < 200 {
		t.Errorf("trace = %+v", lines)
	}
}

func TestCallerContext(t *testing.T) {
	f := newFakeServer(t, reply{file: "choice_071.json", delay: 5 * time.Second})
	j := judgeFor(t, f)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if d := j.Decide(ctx, "Which?", saveCancel, nil); d.Reason != "timeout: the caller's deadline passed" {
		t.Errorf("caller deadline: %+v", d)
	}
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	if d := j.Decide(ctx, "Which?", saveCancel, nil); d.Reason != "canceled by the caller" {
		t.Errorf("caller canceled: %+v", d)
	}
}

func TestTransportErrorRejects(t *testing.T) {
	f := newFakeServer(t, reply{})
	j := judgeFor(t, f)
	f.Close() // nothing listens any more
	d := j.Decide(context.Background(), "Which?", saveCancel, nil)
	if d.Approved || !strings.HasPrefix(d.Reason, "transport error: ") {
		t.Errorf("Decide = %+v, want a transport error", d)
	}
}

func TestRejectedWithoutAsking(t *testing.T) {
	cases := []struct {
		name    string
		direct  bool
		consult bool
		q       string
		options []string
		state   any
		reason  string
	}{
		{"only UNDECIDED", true, false, "Which?", []string{"undecided"}, nil, "no option besides UNDECIDED"},
		{"only UNDECIDED, consulted", true, true, "Which?", []string{"UNDECIDED"}, nil, "no option besides UNDECIDED"},
		{"direct path disabled", false, false, "Which?", saveCancel, nil, "direct path disabled"},
		{"an empty question", true, false, "  ", saveCancel, nil, "empty question"},
		{"too many options", true, false, "Which?", make([]string, 255), nil, "too many options (256 > 255)"},
		{"a state that is not JSON", true, false, "Which?", saveCancel, map[string]any{"f": func() {}}, "state is not JSON: json: unsupported type: func()"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFakeServer(t, reply{file: "choice_071.json"})
			j := judgeFor(t, f)
			j.Direct = c.direct
			ask := j.Decide
			if c.consult {
				ask = j.Consult
			}
			d := ask(context.Background(), c.q, c.options, c.state)
			if d.Approved || d.Reason != c.reason || d.Value != "" {
				t.Errorf("got %+v, want rejected with %q", d, c.reason)
			}
			if n := len(f.requests()); n != 0 {
				t.Errorf("server saw %d requests, want 0", n)
			}
			if lines := readTrace(t, j.TracePath); len(lines) != 1 || lines[0].Reason != c.reason {
				t.Errorf("trace = %+v", lines)
			}
		})
	}
}

func TestConsultIgnoresTheDirectGate(t *testing.T) {
	f := newFakeServer(t, reply{file: "choice_071.json"})
	j := judgeFor(t, f)
	j.Direct = false
	if d := j.Consult(context.Background(), "Which?", saveCancel, nil); !d.Approved || d.Value != "Save" {
		t.Errorf("Consult = %+v, want Save approved", d)
	}
}

func TestCandidatesSortedWithUndecided(t *testing.T) {
	f := newFakeServer(t, reply{file: "copy_root.json"})
	d := judgeFor(t, f).Decide(context.Background(), "Which control copies the link?", []string{"copy", "root"}, nil)
	want := []Scored{{"copy", 0.48}, {"root", 0.41}, {Undecided, 0.11}}
	if !reflect.DeepEqual(d.Candidates, want) {
		t.Errorf("candidates = %+v, want %+v", d.Candidates, want)
	}
}

func TestTraceHasOneLinePerCallAndNoState(t *testing.T) {
	f := newFakeServer(t, reply{file: "choice_071.json"})
	j := judgeFor(t, f)
	secret := map[string]any{"page": `textbox "Password": hunter2`}
	j.Decide(context.Background(), "Which button saves the form?", saveCancel, secret)
	f.reply = reply{status: 500}
	j.Consult(context.Background(), "Which button saves the form?", saveCancel, secret)
	j.Decide(context.Background(), "Which?", []string{"undecided"}, secret)
	f.reply = reply{file: "noul_069.json"}
	j.Decide(context.Background(), "The page shows Saved.", nil, secret)

	raw, err := os.ReadFile(j.TracePath)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), "hunter2") {
		t.Errorf("trace holds the state:\n%s", raw)
	}
	lines := readTrace(t, j.TracePath)
	if len(lines) != 4 {
		t.Fatalf("trace has %d lines, want 4:\n%s", len(lines), raw)
	}
	wantReasons := []string{"", "HTTP 500: server error", "no option besides UNDECIDED", "probability 0.69 ≤ 0.70"}
	wantCalls := []string{"decide", "consult", "decide", "decide"}
	for i, l := range lines {
		if l.Reason != wantReasons[i] || l.Call != wantCalls[i] || l.Provider != "openrouter/typesafe/jev-1.13" || l.Time == "" {
			t.Errorf("line %d = %+v, want reason %q call %q", i, l, wantReasons[i], wantCalls[i])
		}
	}
	if l := lines[0]; !l.Approved || l.Value != "Save" || l.Probability != 0.71 || l.StateBytes != len(`{"page":"textbox \"Password\": hunter2"}`) ||
		!reflect.DeepEqual(l.Options, []string{"Save", "Cancel", Undecided}) || len(l.Candidates) != 3 {
		t.Errorf("first line = %+v", l)
	}
	if l := lines[3]; l.Value != "yes" || l.Options != nil {
		t.Errorf("yes/no line = %+v", l)
	}
	if fi, err := os.Stat(j.TracePath); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("trace file mode: %v %v", fi.Mode(), err)
	}
}

func TestNoTracePathWritesNothing(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	j := &Judge{Provider: Local{}, Direct: true}
	j.Decide(context.Background(), "Which listed control leads to Team settings?", []string{`link "Team settings"`, `button "Workflows"`}, nil)
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("wrote %v with no trace path", entries)
	}
}

// panicky, stuck and wrong are providers that misbehave in every way a
// Provider can.
type panicky struct{}

func (panicky) Name() string { return "panicky" }
func (panicky) Ask(context.Context, Question) (Answer, error) {
	panic("boom")
}

type stuck struct{}

func (stuck) Name() string { return "stuck" }
func (stuck) Ask(context.Context, Question) (Answer, error) {
	time.Sleep(3 * time.Second) // ignores its context
	return Answer{Yes: 1}, nil
}

type wrong struct{ a Answer }

func (wrong) Name() string                                    { return "wrong" }
func (w wrong) Ask(context.Context, Question) (Answer, error) { return w.a, nil }

type configless struct{}

func (configless) Name() string { return "configless" }
func (configless) Ask(context.Context, Question) (Answer, error) {
	return Answer{}, &ConfigError{Why: "no API key; set X_KEY"}
}

func TestMisbehavingProviders(t *testing.T) {
	cases := []struct {
		name    string
		p       Provider
		options []string
		reason  string
	}{
		{"a panic", panicky{}, nil, "internal: boom"},
		{"a provider ignoring its context", stuck{}, nil, "timeout after 100ms"},
		{"too few probabilities", wrong{Answer{Probabilities: []float64{1}}}, saveCancel, "malformed answer: 1 probabilities for 3 options"},
		{"a negative P(yes)", wrong{Answer{Yes: -1}}, nil, "malformed answer: P(yes) -1 is not in [0,1]"},
		{"a choice out of range", wrong{Answer{Choice: 5, Probabilities: []float64{1, 0, 0}}}, saveCancel, "malformed answer: choice 5 is not an offered option"},
		{"no key", configless{}, nil, "misconfigured: no API key; set X_KEY"},
		{"no provider", nil, nil, "no decision provider configured"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			j := &Judge{Provider: c.p, Direct: true, Timeout: 100 * time.Millisecond}
			if d := j.Decide(context.Background(), "Is it?", c.options, nil); d.Approved || d.Reason != c.reason {
				t.Errorf("got %+v, want rejected with %q", d, c.reason)
			}
		})
	}
	var nilJudge *Judge
	if d := nilJudge.Decide(context.Background(), "Is it?", nil, nil); d.Approved || d.Reason != "no judge configured" {
		t.Errorf("nil judge: %+v", d)
	}
}

func TestZeroTimeoutMeansDefault(t *testing.T) {
	var seen time.Duration
	p := providerFunc(func(ctx context.Context, q Question) (Answer, error) {
		dl, _ := ctx.Deadline()
		seen = time.Until(dl)
		return Answer{Yes: 0.9}, nil
	})
	(&Judge{Provider: p, Direct: true}).Decide(context.Background(), "Is it?", nil, nil)
	if seen <= DefaultTimeout-time.Second || seen > DefaultTimeout {
		t.Errorf("deadline in %v, want about %v", seen, DefaultTimeout)
	}
}

type providerFunc func(context.Context, Question) (Answer, error)

func (providerFunc) Name() string { return "func" }
func (f providerFunc) Ask(ctx context.Context, q Question) (Answer, error) {
	return f(ctx, q)
}

func readTrace(t *testing.T, path string) []traceLine {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("trace: %v", err)
	}
	defer f.Close()
	var out []traceLine
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var l traceLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("trace line %q: %v", sc.Text(), err)
		}
		out = append(out, l)
	}
	return out
}
