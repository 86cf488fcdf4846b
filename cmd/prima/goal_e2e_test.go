package main

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prima-dev/prima/fixtures"
)

// The supplied values of the goal scenario, given to prima through the
// environment ($GOAL_EMAIL, $GOAL_PASSWORD in the goal file). Each is
// distinctive so that a search for it cannot match anything else.
const (
	goalEmail    = "grace.hopper@example.net"
	goalPassword = "Kx7-vault-Quartz"
	goalKey      = "e2e-decision-key"
)

// goalClaim is the claim the independent verifier must pass.
const goalClaim = "the page says Profile saved"

// fakeDecider is a local decision server that speaks the hosted decision
// model's wire format (POST {model, state, questions} -> {model, answers,
// usage}) and answers by a scripted policy read from each request's state,
// not from the request's index, so that a re-observation or a discarded
// decision asks again and gets the same answer:
//
//	on /goal/login:   TYPE Email <- {{email}}, TYPE Password <- {{password}}, CLICK Sign in
//	on /goal/profile: TYPE Name <- a new person.full_name, TYPE Recipient email <- a new
//	                  internet.email, CLICK Save, then DONE once the page says "Profile saved"
//	the verifier:     holds (0.92, or what the test sets), contradicted 0.03
//
// It answers every question it is asked, with probabilities over exactly
// the offered option ids, summing to 1, the choice their argmax, and keeps
// every request body it received.
type fakeDecider struct {
	URL   string
	holds float64

	mu       sync.Mutex
	bodies   []string
	problems []string
}

func newFakeDecider(t *testing.T, holds float64) *fakeDecider {
	t.Helper()
	f := &fakeDecider{holds: holds}
	srv := httptest.NewServer(http.HandlerFunc(f.serve)) // 127.0.0.1
	t.Cleanup(srv.Close)
	f.URL = srv.URL
	return f
}

// env points prima's judge at the fake: a base URL without a path gets
// the public endpoint's path (/v1/systemone for typesafe).
func (f *fakeDecider) env() []string {
	return []string{"PRIMA_JUDGE=typesafe", "TYPESAFE_API_KEY=" + goalKey, "PRIMA_JUDGE_BASE_URL=" + f.URL,
		"PRIMA_JUDGE_MODEL=", "OPENROUTER_API_KEY="}
}

func (f *fakeDecider) requests() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.bodies...)
}

func (f *fakeDecider) problem(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.problems = append(f.problems, fmt.Sprintf(format, args...))
}

// check fails t with every request the fake could not answer by its policy.
func (f *fakeDecider) check(t *testing.T) {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, p := range f.problems {
		t.Errorf("fake decision server: %s", p)
	}
}

// wireQuestion is one question of a request as sent.
type wireQuestion struct {
	Type         string            `json:"type"`
	Instructions string            `json:"instructions"`
	Criteria     map[string]string `json:"criteria"`
}

// decisionState is what the policy reads of a request's state: a plan
// request's page and unfilled fields, a value request's field, or the
// verifier's claim (whose "page" is text, not an object).
type decisionState struct {
	PageURL  string
	PageText string
	Fields   []string
	Field    string
	Claim    string
}

func parseState(raw json.RawMessage) (decisionState, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return decisionState{}, err
	}
	var s decisionState
	json.Unmarshal(m["fields"], &s.Fields)
	json.Unmarshal(m["field"], &s.Field)
	json.Unmarshal(m["claim"], &s.Claim)
	var page struct {
		URL  string `json:"url"`
		Text string `json:"text"`
	}
	if json.Unmarshal(m["page"], &page) == nil {
		s.PageURL, s.PageText = page.URL, page.Text
	} else {
		json.Unmarshal(m["url"], &s.PageURL)
		json.Unmarshal(m["page"], &s.PageText)
	}
	return s, nil
}

func (f *fakeDecider) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.bodies = append(f.bodies, string(body))
	f.mu.Unlock()
	if r.Method != http.MethodPost || r.URL.Path != "/v1/systemone" {
		f.problem("%s %s: not the decision endpoint", r.Method, r.URL.Path)
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	if got := r.Header.Get("Authorization"); got != "Bearer "+goalKey {
		f.problem("Authorization %q", got)
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	var req struct {
		Model     string                  `json:"model"`
		State     json.RawMessage         `json:"state"`
		Questions map[string]wireQuestion `json:"questions"`
	}
	if err := json.Unmarshal(body, &req); err != nil || req.Model == "" || len(req.Questions) == 0 {
		f.problem("not a decision request (%v): %s", err, body)
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	st, err := parseState(req.State)
	if err != nil {
		f.problem("state is not a JSON object: %s", req.State)
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	answers := map[string]any{}
	for id, q := range req.Questions {
		switch q.Type {
		case "noul":
			p := 0.5
			switch id {
			case "holds":
				p = f.holds
			case "contradicted":
				p = 0.03
			default:
				f.problem("yes/no question %q is not the verifier's", id)
			}
			answers[id] = map[string]any{"type": "noul", "noul": p}
		case "choice":
			answers[id] = choiceAnswer(f.choose(id, st, q.Criteria), len(q.Criteria))
		default:
			f.problem("question %q has type %q", id, q.Type)
		}
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"model": "jev-1.13.0", "answers": answers,
		"usage": map[string]int{"input_tokens": 1500, "output_tokens": 12}})
}

// choiceAnswer gives the choice 0.9 and shares 0.1 among the other options.
func choiceAnswer(choice, n int) map[string]any {
	probs := map[string]float64{}
	for i := 0; i < n; i++ {
		probs[strconv.Itoa(i)] = 0.1 / float64(n-1)
	}
	probs[strconv.Itoa(choice)] = 0.9
	return map[string]any{"type": "choice", "choice": strconv.Itoa(choice), "confidence": 0.86, "probabilities": probs}
}

// step is the policy's next operation and its target's option prefix.
type step struct{ op, target string }

func nextStep(st decisionState) step {
	has := func(prefix string) bool {
		for _, f := range st.Fields {
			if strings.HasPrefix(f, prefix) {
				return true
			}
		}
		return false
	}
	switch {
	case strings.Contains(st.PageURL, "/goal/login"):
		for _, f := range []string{`textbox "Email"`, `textbox "Password"`} {
			if has(f) {
				return step{"TYPE", f}
			}
		}
		return step{"CLICK", `button "Sign in"`}
	case strings.Contains(st.PageURL, "/goal/profile"):
		for _, f := range []string{`textbox "Name"`, `textbox "Recipient email"`} {
			if has(f) {
				return step{"TYPE", f}
			}
		}
		if !strings.Contains(st.PageText, "Profile saved") {
			return step{"CLICK", `button "Save"`}
		}
		return step{"DONE", ""}
	case strings.Contains(st.PageURL, "/goal/checkout"):
		for _, f := range checkoutFields {
			if has(f.field) {
				return step{"TYPE", f.field}
			}
		}
		switch {
		case strings.Contains(st.PageText, "Paid:"):
			return step{"DONE", ""}
		case strings.Contains(st.PageText, "Payment "): // refused or not sent: never pay twice
			return step{"BLOCKED", ""}
		}
		return step{"CLICK", `button "Pay"`}
	}
	return step{"BLOCKED", ""}
}

// checkoutFields are the checkout's fields in the order the policy types
// them, each with the generator it picks for it: no card value is
// supplied, so the runner must offer a generator that fits each field.
var checkoutFields = []struct{ field, generator string }{
	{`textbox "Cardholder name"`, "person.full_name"},
	{`textbox "Card number"`, "finance.card_number"},
	{`textbox "Expiry date (MM/YY)"`, "finance.card_expiry"},
	{`textbox "CVC"`, "finance.card_cvc"},
	{`textbox "Delivery date"`, "date.future"},
	{`textbox "Receipt email"`, "internet.email"},
}

// valueFor is the value source the policy picks for a field.
var valueFor = map[string]string{
	`textbox "Email"`:           "{{email}} (supplied)",
	`textbox "Password"`:        "{{password}} (supplied)",
	`textbox "Name"`:            "a new value from person.full_name:",
	`textbox "Recipient email"`: "a new value from internet.email:",
}

// choose answers one choice head by the policy; a speculative head the
// step does not use (the click head while typing) is answered NONE.
func (f *fakeDecider) choose(id string, st decisionState, criteria map[string]string) int {
	opts := make([]string, len(criteria))
	for k, v := range criteria {
		i, err := strconv.Atoi(k)
		if err != nil || i < 0 || i >= len(opts) {
			f.problem("question %q: option id %q is not 0..%d", id, k, len(opts)-1)
			continue
		}
		opts[i] = v
	}
	next := nextStep(st)
	want := ""
	switch id {
	case "operation":
		want = next.op + ":"
	case "click":
		want = "NONE:"
		if next.op == "CLICK" {
			want = next.target + " "
		}
	case "type":
		want = "NONE:"
		if next.op == "TYPE" {
			want = next.target + " "
		}
	case "value":
		for field, v := range valueFor {
			if strings.HasPrefix(st.Field, field+" ") {
				want = v
			}
		}
		if strings.Contains(st.PageURL, "/goal/checkout") {
			want = ""
			for _, f := range checkoutFields {
				if strings.HasPrefix(st.Field, f.field+" ") {
					want = "a new value from " + f.generator + ":"
				}
			}
		}
	}
	for i, o := range opts {
		if want != "" && strings.HasPrefix(o, want) {
			return i
		}
	}
	f.problem("question %q on %s: no option starts with %q in %q", id, st.PageURL, want, opts)
	return len(opts) - 1
}

// writeGoalFile writes the scenario's goal file, or one with another goal.
func writeGoalFile(t *testing.T, goalText string) string {
	t.Helper()
	if goalText == "" {
		goalText = "Sign in with {{email}} and {{password}}, then fill the profile with a new name and a new recipient email and save it."
	}
	src := fmt.Sprintf("url: %s/goal/login\ndata:\n  email: $GOAL_EMAIL\n  password: $GOAL_PASSWORD\ngoal: %s\nverify: %s\n",
		app.URL, goalText, goalClaim)
	path := filepath.Join(t.TempDir(), "profile.goal.yaml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// runGoal runs `prima goal run FILE --seed N` against the fake decider.
func (h *harness) runGoal(f *fakeDecider, file string, seed int) result {
	h.t.Helper()
	env := append(f.env(), "GOAL_EMAIL="+goalEmail, "GOAL_PASSWORD="+goalPassword)
	return h.run(goalTimeout, env, primaBin, "goal", "run", "--seed", strconv.Itoa(seed), file)
}

// goalTimeout bounds one goal command: the goal's own 120 s budget and some room.
const goalTimeout = 150 * time.Second

// daemonLog is the tail of the daemon's log, for failure messages.
func (h *harness) daemonLog() string {
	b, _ := os.ReadFile(filepath.Join(h.home, "daemon.log"))
	return string(tail(b, 3000))
}

// pageAction is one action a page's log must show.
type pageAction struct{ page, kind, id string }

// goalActions is what the goal scenario's page log must show: each action
// exactly once, on its page.
var goalActions = []pageAction{
	{"/goal/login", "input", "email"},
	{"/goal/login", "input", "password"},
	{"/goal/login", "click", "signin"},
	{"/goal/login", "submit", "login"},
	{"/goal/profile", "input", "name"},
	{"/goal/profile", "input", "recipient"},
	{"/goal/profile", "click", "save"},
	{"/goal/profile", "submit", "profile"},
}

// checkOnce requires each scenario action exactly once in the page's log,
// no other click or typing, and returns what was typed into each field.
func checkOnce(t *testing.T, acts []fixtures.Action) map[string]string {
	t.Helper()
	return checkEachOnce(t, acts, goalActions)
}

// checkEachOnce requires each of wants exactly once in the page's log, no
// click or typing besides them, and returns what was typed into each field.
func checkEachOnce(t *testing.T, acts []fixtures.Action, wants []pageAction) map[string]string {
	t.Helper()
	typed := map[string]string{}
	clicked := map[string]bool{}
	for _, want := range wants {
		if want.kind == "click" {
			clicked[want.id] = true
		}
	}
	for _, want := range wants {
		n := 0
		for _, a := range acts {
			if a.Kind == want.kind && a.ID == want.id {
				n++
				if a.Page != want.page {
					t.Errorf("%s on %s happened on %s", want.kind, want.id, a.Page)
				}
				if a.Kind == "input" {
					typed[a.ID] = a.Value
				}
			}
		}
		if n != 1 {
			t.Errorf("%s on %s happened %d times, want exactly once; log:\n%s", want.kind, want.id, n, logText(acts))
		}
	}
	for _, a := range acts {
		if (a.Kind == "click" || a.Kind == "input") && !clicked[a.ID] && typed[a.ID] == "" {
			t.Errorf("an action the goal did not decide: %s on %q (%s)", a.Kind, a.ID, a.Page)
		}
	}
	return typed
}

func logText(acts []fixtures.Action) string {
	var b strings.Builder
	for _, a := range acts {
		fmt.Fprintf(&b, "  %s %s %s %q\n", a.Page, a.Kind, a.ID, a.Value)
	}
	return b.String()
}

// secretForms are the ways a value may appear in text: as is, and escaped
// for a URL's query or path (the profile page's URL carries the email).
func secretForms(values ...string) []string {
	seen := map[string]bool{}
	var out []string
	for _, v := range values {
		for _, f := range []string{v, url.QueryEscape(v), url.PathEscape(v)} {
			if f != "" && !seen[f] {
				seen[f] = true
				out = append(out, f)
			}
		}
	}
	return out
}

// noLeak fails t for each form of a value that text holds.
func noLeak(t *testing.T, what, text string, forms []string) {
	t.Helper()
	lower := strings.ToLower(text)
	for _, f := range forms {
		if i := strings.Index(lower, strings.ToLower(f)); i >= 0 {
			lo, hi := max(0, i-120), min(len(text), i+len(f)+120)
			t.Errorf("%s holds the bound value %q: …%s…", what, f, text[lo:hi])
		}
	}
}

// homeFiles reads every regular file under PRIMA_HOME.
func homeFiles(t *testing.T, home string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(home, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			files[path] = string(b)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("walking PRIMA_HOME: %v", err)
	}
	return files
}

// goalUsedRE is an action's used: line in the goal's report.
var goalUsedRE = regexp.MustCompile(`(?m)^\s+used: (.+)$`)

// The goal signs in with supplied values, fills the profile with
// generated ones, saves, and passes the independent verifier: exit 0, an
// envelope with the goal, the claim and each action's used: line, each
// action exactly once on the page, and no bound value, supplied or
// generated, in anything the decision model received, in the envelope, or
// in any file under PRIMA_HOME.
func TestGoalSignsInFillsAndSavesOnce(t *testing.T) {
	h := newHarness(t)
	dec := newFakeDecider(t, 0.92)
	h.primaOK("browser", "open")
	app.Reset()
	r := h.runGoal(dec, writeGoalFile(t, ""), 7)
	dec.check(t)
	if r.code != 0 {
		t.Fatalf("prima goal run: %s--- daemon.log\n%s", r, h.daemonLog())
	}
	out := r.out
	mustContain(t, "goal envelope", out,
		"ok: true",
		"### Goal\nSign in with {{email}} and {{password}}, then fill the profile",
		"### Verify\n"+goalClaim,
		"stop: passed",
		"verifier: holds 0.92, contradicted 0.03",
		"6 actions",
		`type {{email}} into textbox "Email" on /goal/login`,
		`type {{password}} into textbox "Password" on /goal/login`,
		`click button "Sign in" on /goal/login`,
		`into textbox "Name" on /goal/profile`,
		`into textbox "Recipient email" on /goal/profile`,
		`click button "Save" on /goal/profile`,
		"by person.full_name", "by internet.email")
	if g, v := strings.Index(out, "### Goal"), strings.Index(out, "### Verify"); g < 0 || v < g {
		t.Errorf("### Goal and ### Verify are not in order:\n%s", out)
	}
	used := goalUsedRE.FindAllStringSubmatch(out, -1)
	if len(used) != 6 {
		t.Errorf("%d used: lines, want one per action (6):\n%s", len(used), out)
	}
	for _, u := range used {
		if !strings.HasPrefix(u[1], "await page.") {
			t.Errorf("used: %q is not a runnable Playwright line", u[1])
		}
	}

	acts := settledActions(t, len(goalActions))
	typed := checkOnce(t, acts)
	if typed["email"] != goalEmail || typed["password"] != goalPassword {
		t.Errorf("the supplied values were not typed as given: %q", typed)
	}
	name, recipient := typed["name"], typed["recipient"]
	if name == "" || len(name) > 40 || !strings.HasSuffix(recipient, "@example.com") {
		t.Fatalf("the generated values do not fit the fields: name %q, recipient %q", name, recipient)
	}

	// Nothing the model, the caller or the disk sees holds a bound value.
	forms := secretForms(goalEmail, goalPassword, name, recipient)
	noLeak(t, "the goal's stdout", out, forms)
	noLeak(t, "the goal's stderr", r.err, forms)
	reqs := dec.requests()
	if len(reqs) < 7 {
		t.Fatalf("the fake decision server got %d requests, want at least 6 decisions and a verification", len(reqs))
	}
	for i, body := range reqs {
		noLeak(t, fmt.Sprintf("decision request %d", i+1), body, forms)
	}
	all := strings.Join(reqs, "\n")
	// The echoes are redacted, not dropped: the model reads the page as it is,
	// with {{email}} where it shows the address and the name's binding ID.
	mustContain(t, "the decision requests", all,
		`/goal/profile?user={{email}}`, `Signed in as {{email}}`, `Profile saved for {{full_name_1}}`,
		`{{email}} (supplied)`, `{{password}} (supplied)`, `a new value from person.full_name`)
	verifies := 0
	for _, body := range reqs {
		if strings.Contains(body, `"holds"`) && strings.Contains(body, `"contradicted"`) {
			verifies++
			mustContain(t, "the verification request", body, goalClaim, `"type":"noul"`)
		}
	}
	if verifies != 1 {
		t.Errorf("%d verification requests, want 1", verifies)
	}
	files := homeFiles(t, h.home)
	var record string
	for path, text := range files {
		noLeak(t, path, text, forms)
		if filepath.Base(path) == "goal.jsonl" {
			record = text
		}
	}
	if record == "" {
		t.Fatalf("no goal.jsonl under PRIMA_HOME; files: %v", keys(files))
	}
	mustContain(t, "goal.jsonl", record, `"generator":"person.full_name"`, `"generator":"internet.email"`, `{{full_name_1}}`, `"kind":"dispatch"`)
	mustContain(t, "goal envelope", out, "goal.jsonl")
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

var savedRE = regexp.MustCompile(`Profile saved for ([^\n"\]]+)`)

// The same seed generates the same values, so that a goal run is
// reproducible; another seed generates others. The name is read from the
// page itself: its status says "Profile saved for NAME".
func TestGoalSeedReproducesGeneratedValues(t *testing.T) {
	h := newHarness(t)
	dec := newFakeDecider(t, 0.92)
	h.primaOK("browser", "open")
	file := writeGoalFile(t, "")
	type generated struct{ name, recipient string }
	var runs []generated
	for _, seed := range []int{7, 7, 8} {
		app.Reset()
		r := h.runGoal(dec, file, seed)
		if r.code != 0 {
			t.Fatalf("prima goal run --seed %d: %s--- daemon.log\n%s", seed, r, h.daemonLog())
		}
		mustContain(t, "goal envelope", r.out, fmt.Sprintf("(seed %d)", seed))
		typed := checkOnce(t, settledActions(t, len(goalActions)))
		snap := h.primaOK("snapshot")
		m := savedRE.FindStringSubmatch(snap)
		if m == nil {
			t.Fatalf("the page does not say it saved the profile:\n%s", snap)
		}
		if got := strings.TrimSpace(m[1]); got != typed["name"] {
			t.Errorf("the page saved %q, the log shows %q typed", got, typed["name"])
		}
		runs = append(runs, generated{strings.TrimSpace(m[1]), typed["recipient"]})
	}
	dec.check(t)
	if runs[0] != runs[1] {
		t.Errorf("seed 7 generated %q, then %q", runs[0], runs[1])
	}
	if runs[2] == runs[0] {
		t.Errorf("seeds 7 and 8 generated the same values %q", runs[0])
	}
}

// `prima goal validate` names an undeclared {{binding}} (exit 2) and
// accepts the scenario's file (exit 0); neither reads the environment.
func TestGoalValidate(t *testing.T) {
	h := newHarness(t)
	bad := writeGoalFile(t, "Sign in as {{username}} with {{password}} and save the profile.")
	r := h.prima("goal", "validate", bad)
	if r.code != 2 {
		t.Errorf("validate of an undeclared binding: exit %d, want 2:\n%s", r.code, r)
	}
	mustContain(t, "validate's message", r.out+r.err, "{{username}}", "data does not declare")
	good := writeGoalFile(t, "")
	r = h.prima("goal", "validate", good)
	if r.code != 0 {
		t.Errorf("validate of a good file: exit %d, want 0:\n%s", r.code, r)
	}
	mustContain(t, "validate's output", r.out, "ok: "+good)
}

// With the offline local judge (no PRIMA_JUDGE), a goal is refused as a
// usage error that names what to set, before anything runs.
func TestGoalRefusesTheLocalJudge(t *testing.T) {
	h := newHarness(t)
	r := h.run(goalTimeout, []string{"PRIMA_JUDGE=", "PRIMA_JUDGE_BASE_URL="}, primaBin, "goal", "x", "--verify", "y")
	if r.code != 2 {
		t.Fatalf("prima goal on the local judge: exit %d, want 2:\n%s", r.code, r)
	}
	mustContain(t, "the refusal", r.out+r.err, "PRIMA_JUDGE")
}

// A verifier that says holds 0.74 is below the 0.75 an unflagged pass
// needs: the goal stops verification_failed with exit 1, although every
// action ran once and the planner chose DONE.
func TestGoalLowConfidenceVerificationFails(t *testing.T) {
	h := newHarness(t)
	dec := newFakeDecider(t, 0.74)
	h.primaOK("browser", "open")
	app.Reset()
	r := h.runGoal(dec, writeGoalFile(t, ""), 7)
	dec.check(t)
	if r.code != 1 {
		t.Fatalf("prima goal run with holds 0.74: exit %d, want 1:\n%s--- daemon.log\n%s", r.code, r, h.daemonLog())
	}
	mustContain(t, "goal envelope", r.out, "ok: false", "stop: verification_failed",
		"holds 0.74, contradicted 0.03", "### Goal", "### Verify\n"+goalClaim)
	if strings.Contains(section(r.out, "Result"), "code:") {
		t.Errorf("a verification that ran and did not hold carries a code, as verify's failed verdict does not:\n%s", r.out)
	}
	typed := checkOnce(t, settledActions(t, len(goalActions)))
	forms := secretForms(goalEmail, goalPassword, typed["name"], typed["recipient"])
	noLeak(t, "the failed goal's stdout", r.out, forms)
	noLeak(t, "the failed goal's stderr", r.err, forms)
	for path, text := range homeFiles(t, h.home) {
		noLeak(t, path, text, forms)
	}
}

// A page the observation cannot show whole within its budget is not
// planned on in part: the goal stops with incomplete_observation before
// any request, and its envelope still carries Changes.
func TestGoalFailsClosedOnAPageItCannotSeeWhole(t *testing.T) {
	h := newHarness(t)
	dec := newFakeDecider(t, 0.9)
	h.primaOK("browser", "open", app.URL+"/big?n=5000")
	src := fmt.Sprintf("goal: Edit row 2\nverify: %s\n", goalClaim)
	path := filepath.Join(t.TempDir(), "big.goal.yaml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	r := h.runGoal(dec, path, 7)
	if r.code != 1 {
		t.Fatalf("goal on a 2,000-row page: exit %d, want 1:\n%s", r.code, r)
	}
	mustContain(t, "goal envelope", r.out, "ok: false", "code: usage", "stop: incomplete_observation", "### Changes")
	if n := len(dec.requests()); n != 0 {
		t.Errorf("the decider was asked %d times about a page it was not shown whole", n)
	}
}

// A budget the caller sets stops the run by its name: --max-actions 2 lets
// the goal type the email and the password, and the sign-in it decides on
// next is not dispatched (action_limit, exit 1, the page never clicked). A
// budget over the hard maximum is a usage error naming the range and the
// flag, before anything runs; so is one from PRIMA_GOAL_ACTIONS.
func TestGoalBudgetFlagsStopTheRunByName(t *testing.T) {
	h := newHarness(t)
	dec := newFakeDecider(t, 0.92)
	h.primaOK("browser", "open")
	app.Reset()
	env := append(dec.env(), "GOAL_EMAIL="+goalEmail, "GOAL_PASSWORD="+goalPassword)
	file := writeGoalFile(t, "")
	r := h.run(goalTimeout, env, primaBin, "goal", "run", "--seed", "7", "--max-actions", "2", file)
	if r.code != 1 {
		t.Fatalf("a goal with --max-actions 2: exit %d, want 1:\n%s", r.code, r)
	}
	mustContain(t, "the stopped goal", r.out, "code: budget", "stop: action_limit", "2 actions dispatched, the budget's limit", "2 actions")
	for _, a := range settledActions(t, 2) {
		if a.Kind == "click" || a.Kind == "submit" {
			t.Errorf("the page logged %s on %s: the goal dispatched past its budget of 2 actions", a.Kind, a.ID)
		}
	}
	for _, c := range []struct {
		env  []string
		args []string
		says []string
	}{
		{env, []string{"--max-actions", "99"}, []string{"action budget 99: use 1 to 48", "--max-actions"}},
		{env, []string{"--max-time", "1h"}, []string{"time budget 1h0m0s: use at most 5m0s", "--max-time"}},
		{append(env, "PRIMA_GOAL_REQUESTS=100"), nil, []string{"request budget 100: use 1 to 64", "prima.json's goal"}},
	} {
		args := append(append([]string{"goal", "run"}, c.args...), file)
		r := h.run(goalTimeout, c.env, primaBin, args...)
		if r.code != 2 {
			t.Errorf("prima %s: exit %d, want 2 (usage):\n%s", strings.Join(args, " "), r.code, r)
			continue
		}
		mustContain(t, "prima "+strings.Join(args, " "), r.err, c.says...)
	}
}
