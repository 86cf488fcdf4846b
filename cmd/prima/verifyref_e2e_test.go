package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeDecisions is a local decision server in TypeSafe's wire format: a
// choice question about already verified claims is answered with option
// "0" at 0.9 when the claim under consideration is about the Save control,
// else with UNDECIDED at 0.9; a yes/no question gets 0.5 (never approved).
type fakeDecisions struct {
	mu       sync.Mutex
	requests []string
}

func (f *fakeDecisions) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.requests = append(f.requests, string(body))
	f.mu.Unlock()
	var req struct {
		State     map[string]string `json:"state"`
		Questions map[string]struct {
			Type     string            `json:"type"`
			Criteria map[string]string `json:"criteria"`
		} `json:"questions"`
	}
	json.Unmarshal(body, &req)
	answers := map[string]any{}
	for id, q := range req.Questions {
		if q.Type == "noul" {
			answers[id] = map[string]any{"type": "noul", "noul": 0.5}
			continue
		}
		probs := map[string]float64{}
		rest := 0.1 / float64(len(q.Criteria)-1)
		for k := range q.Criteria {
			probs[k] = rest
		}
		pick := "0"
		if !strings.Contains(req.State["claim"], "Save") {
			for k, v := range q.Criteria {
				if v == "UNDECIDED" {
					pick = k
				}
			}
		}
		probs[pick] = 0.9
		answers[id] = map[string]any{"type": "choice", "choice": pick, "confidence": 0.9, "probabilities": probs}
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"model": "jev-1.13.0", "answers": answers, "usage": map[string]int{"input_tokens": 100, "output_tokens": 2}})
}

func TestVerifyByReferenceStoresNothing(t *testing.T) {
	h := newHarness(t)
	f := &fakeDecisions{}
	srv := httptest.NewServer(f)
	defer srv.Close()
	judgeEnv := []string{"PRIMA_JUDGE=typesafe", "PRIMA_JUDGE_BASE_URL=" + srv.URL, "TYPESAFE_API_KEY=test-key"}
	verify := func(claim string) result {
		return h.run(60*time.Second, judgeEnv, primaBin, "verify", claim)
	}
	h.primaOK("browser", "open", app.URL+"/profile")
	for _, c := range []string{"the Save button is disabled", `the Name field is empty`} {
		if r := verify(c); r.code != 0 || !strings.Contains(r.out, "result: passed") {
			t.Fatalf("verify %q: %s", c, r)
		}
	}
	for i := 0; i < 2; i++ {
		r := verify("the Save control still cannot be pressed")
		if r.code != 0 || !strings.Contains(r.out, `verified by reference: the same as the claim "the Save button is disabled"`) || strings.Contains(r.out, "assertions:") {
			t.Fatalf("by reference (round %d): %s", i, r)
		}
	}
	// The match was not stored: the last question still offers exactly the
	// two claims proved by assertions (plus UNDECIDED).
	f.mu.Lock()
	last := f.requests[len(f.requests)-1]
	f.mu.Unlock()
	var req struct {
		Questions map[string]struct {
			Criteria map[string]string `json:"criteria"`
		} `json:"questions"`
	}
	json.Unmarshal([]byte(last), &req)
	for _, q := range req.Questions {
		if len(q.Criteria) != 3 {
			t.Errorf("the judge was offered %d options, want 2 verified claims + UNDECIDED: %v", len(q.Criteria), q.Criteria)
		}
	}
	if !strings.Contains(last, `"model":"jev-latest"`) {
		t.Errorf("request: %s", last)
	}
}

// A claim an assertion can express is asserted every time, even when a
// claim the judge takes for the same one passed before: the page may have
// changed since (a state id leaves values out). A claim no assertion can
// express is matched only against claims proved on the page exactly as it
// is now, text and values included.
func TestVerifyNeverPassesARememberedClaimThePageNoLongerHolds(t *testing.T) {
	h := newHarness(t)
	srv := httptest.NewServer(&fakeDecisions{})
	defer srv.Close()
	judgeEnv := []string{"PRIMA_JUDGE=typesafe", "PRIMA_JUDGE_BASE_URL=" + srv.URL, "TYPESAFE_API_KEY=test-key"}
	verify := func(claim string) result {
		return h.run(60*time.Second, judgeEnv, primaBin, "verify", claim)
	}
	h.primaOK("browser", "open", app.URL+"/profile")
	if r := verify("the Save button is disabled"); r.code != 0 || !strings.Contains(r.out, "result: passed") {
		t.Fatalf("before the fill: %s", r)
	}
	if r := verify("the Save control still cannot be pressed"); r.code != 0 || !strings.Contains(r.out, "verified by reference") {
		t.Fatalf("an inexpressible claim on the unchanged page: %s", r)
	}
	h.primaOK("do", "fill Name with Ada")
	r := verify("the Save button is disabled")
	if r.code != 1 || !strings.Contains(r.out, "result: failed") || strings.Contains(r.out, "by reference") {
		t.Errorf("after the fill enabled Save, the claim must be asserted and fail:\n%s", r)
	}
	r = verify("the Save control still cannot be pressed")
	if strings.Contains(r.out, "by reference") || r.code != 3 {
		t.Errorf("after the page changed, no remembered claim may pass an inexpressible one (want exit 3):\n%s", r)
	}
}

// A claim only the judge can weigh, on the big table's page (4,000 rows), sends the
// judge the page capped to what the claim names, and says what was cut:
// the whole page (its full snapshot is over a megabyte) would spend the
// user's model budget on every question.
func TestTheJudgeIsSentACappedPageOnABigTable(t *testing.T) {
	h := newHarness(t)
	f := &fakeDecisions{}
	srv := httptest.NewServer(f)
	defer srv.Close()
	judgeEnv := []string{"PRIMA_JUDGE=typesafe", "PRIMA_JUDGE_BASE_URL=" + srv.URL, "TYPESAFE_API_KEY=test-key"}
	// 10,000 rows: on a loaded machine opening and reading them has taken
	// longer than the default 30 s; the harness allows 90.
	h.primaOK("browser", "open", app.URL+"/big?n=10000", "--timeout", "80s")
	whole := len(h.primaOK("snapshot", "--full", "--timeout", "80s"))
	r := h.run(90*time.Second, judgeEnv, primaBin, "verify", "the orders of row 3500 look healthy", "--timeout", "80s")
	if !strings.Contains(r.out, "inexpressible") {
		t.Fatalf("verify went to no judge: %s", r)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.requests) == 0 {
		t.Fatalf("the judge got no request: %s", r)
	}
	var req struct {
		State map[string]string `json:"state"`
	}
	last := f.requests[len(f.requests)-1]
	if err := json.Unmarshal([]byte(last), &req); err != nil {
		t.Fatal(err)
	}
	page := req.State["page"]
	t.Logf("the whole page's snapshot: %d bytes; the judge's request: %d bytes, its page %d bytes; cut: %s", whole, len(last), len(page), req.State["cut"])
	if len(page) > 12000 || len(last) > 16000 {
		t.Errorf("the judge was sent %d bytes, its page %d: not capped", len(last), len(page))
	}
	if !strings.Contains(req.State["cut"], "lines kept") || !strings.Contains(page, `"3500"`) {
		t.Errorf("the cut is not said, or the row the claim names was cut: cut %q", req.State["cut"])
	}
	if whole < 10*len(last) {
		t.Errorf("the page (%d bytes) is not the big one this test is about", whole)
	}
}

// judge.direct = false keeps every page on the machine at the direct
// sites: verify's claim no assertion can express is reported
// inexpressible with no judgement, and the decision server, which would
// see the page, is never called.
func TestVerifyWithTheDirectJudgeOffSendsNoPage(t *testing.T) {
	h := newHarness(t)
	f := &fakeDecisions{}
	srv := httptest.NewServer(f)
	defer srv.Close()
	if err := os.WriteFile(filepath.Join(h.cwd, "prima.json"), []byte(`{"judge": {"direct": false}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	judgeEnv := []string{"PRIMA_JUDGE=typesafe", "PRIMA_JUDGE_BASE_URL=" + srv.URL, "TYPESAFE_API_KEY=test-key"}
	h.primaOK("browser", "open", app.URL+"/profile")
	r := h.run(60*time.Second, judgeEnv, primaBin, "verify", "the page feels calm and friendly")
	if r.code != 3 || !strings.Contains(r.out, "result: inexpressible") || !strings.Contains(r.out, "judge.direct is false") {
		t.Errorf("verify with the direct judge off: want exit 3, inexpressible, saying the judge is off; got %s", r)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.requests) > 0 {
		t.Errorf("the decision server got %d requests with judge.direct false; the first: %s", len(f.requests), f.requests[0])
	}
}
