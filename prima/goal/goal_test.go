package goal

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/internal/golden"
)

// signupScript is the recorded sign-up run: type {{email}} and {{password}},
// sign in, type a generated name and a generated email, save, DONE, verify.
func signupScript(t *testing.T) []reply {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "replies", "signup.json"))
	if err != nil {
		t.Fatal(err)
	}
	var bodies []json.RawMessage
	if err := json.Unmarshal(b, &bodies); err != nil {
		t.Fatal(err)
	}
	out := make([]reply, len(bodies))
	for i, body := range bodies {
		out[i] = reply{body: string(body)}
	}
	return out
}

func signupSpec() Spec {
	return Spec{
		Goal:   "Sign in with {{email}} and {{password}}, fill the profile with a new name and recipient email, and save it.",
		Verify: `The page displays the confirmation message "Profile saved".`,
		Data:   scenarioData(),
		Seed:   42,
	}
}

func TestSignupReachesAVerifiedPass(t *testing.T) {
	f := newServer(t, signupScript(t)...)
	page := newPage()
	res := runGoal(t, f, page, signupSpec(), nil)

	if !res.OK || res.Stop != StopPassed || res.Reason != "verified: holds 0.91, contradicted 0.06" {
		t.Fatalf("result: ok %v stop %s reason %q", res.OK, res.Stop, res.Reason)
	}
	wantLog := []string{"type e1", "type e2", "click e3", "type e4", "type e5", "click e7"}
	if got := page.actions(); !reflect.DeepEqual(got, wantLog) {
		t.Errorf("page saw %v, want each action once: %v", got, wantLog)
	}
	if res.Requests != 12 || len(res.Actions) != 6 || len(f.requests()) != 12 {
		t.Errorf("requests %d (server saw %d), actions %d; want 12, 12, 6", res.Requests, len(f.requests()), len(res.Actions))
	}
	wantGen := []Generated{
		{ID: "full_name_1", Generator: "person.full_name", Field: `textbox "Name"`, Page: "/profile"},
		{ID: "email_1", Generator: "internet.email", Field: `textbox "Recipient email"`, Page: "/profile"},
	}
	if !reflect.DeepEqual(res.Generated, wantGen) {
		t.Errorf("generated = %+v", res.Generated)
	}
	if res.Verdict == nil || !res.Verdict.Passed || res.Verdict.Flagged {
		t.Errorf("verdict = %+v", res.Verdict)
	}
	if res.Usage.InputTokens == 0 || !res.Usage.Known {
		t.Errorf("usage = %+v", res.Usage)
	}
	res.Seconds = 0 // the only field that varies between runs
	out, _ := json.MarshalIndent(res, "", "  ")
	golden.Check(t, filepath.Join("testdata", "golden", "signup_result.json"), append(out, '\n'))
	// What the model sees first: the whole request, pinned.
	var first bytes.Buffer
	json.Indent(&first, f.requests()[0], "", "  ")
	golden.Check(t, filepath.Join("testdata", "golden", "signup_request_1.json"), append(first.Bytes(), '\n'))
	// After sign-in the page echoes the address: the model sees the name.
	var profile bytes.Buffer
	json.Indent(&profile, f.requests()[5], "", "  ")
	golden.Check(t, filepath.Join("testdata", "golden", "signup_request_6.json"), append(profile.Bytes(), '\n'))
}

// typedValues is every raw value the page received.
func typedValues(p *fakePage) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, v := range p.values {
		out = append(out, v)
	}
	return out
}

func TestNoBoundValueLeavesTheGoal(t *testing.T) {
	home := t.TempDir()
	t.Setenv("PRIMA_HOME", home)
	f := newServer(t, signupScript(t)...)
	page := newPage()
	rec, err := OpenRecord(filepath.Join(os.Getenv("PRIMA_HOME"), "artifacts", "run-1", RecordFile))
	if err != nil {
		t.Fatal(err)
	}
	res := runGoal(t, f, page, signupSpec(), rec)
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if !res.OK || res.RecordError != "" {
		t.Fatalf("run: %s %s %s", res.Stop, res.Reason, res.RecordError)
	}
	raw := typedValues(page)
	if len(raw) != 4 {
		t.Fatalf("page holds %d values, want 4 (2 supplied, 2 generated)", len(raw))
	}
	result, _ := json.Marshal(res)
	texts := map[string][]byte{"result": result}
	for i, b := range f.requests() {
		texts["request "+string(rune('A'+i))] = b
	}
	files := 0
	filepath.WalkDir(home, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		texts[path] = b
		files++
		return nil
	})
	if files == 0 {
		t.Fatal("nothing was written under PRIMA_HOME")
	}
	for where, text := range texts {
		lower := strings.ToLower(string(text))
		for _, v := range raw {
			for _, form := range []string{v, strings.ReplaceAll(v, "@", "%40")} {
				if strings.Contains(lower, strings.ToLower(form)) {
					t.Errorf("%s contains the raw value %q", where, form)
				}
			}
		}
	}
	// The echoes were replaced by the name, not dropped.
	if !bytes.Contains(f.requests()[5], []byte(`Signed in as {{email}}`)) || !bytes.Contains(f.requests()[5], []byte(`welcome={{email}}`)) {
		t.Errorf("the profile request does not show the echoed address as {{email}}:\n%s", f.requests()[5])
	}
	rec2, _ := os.ReadFile(filepath.Join(home, "artifacts", "run-1", RecordFile))
	for _, want := range []string{`"kind":"dispatch"`, `"binding":"{{email_1}}"`, `"generator":"internet.email"`, `"used":"await page.locator('#e2').fill('{{password}}');"`} {
		if !bytes.Contains(rec2, []byte(want)) {
			t.Errorf("the record lacks %s", want)
		}
	}
}

// The record writes each dispatch before its outcome, and lines in order.
func TestRecordWritesDispatchBeforeOutcome(t *testing.T) {
	f := newServer(t, signupScript(t)...)
	path := filepath.Join(t.TempDir(), RecordFile)
	rec, err := OpenRecord(path)
	if err != nil {
		t.Fatal(err)
	}
	page := newPage()
	var kindsAtAct []int
	page.onAct = func(Action) {
		b, _ := os.ReadFile(path)
		kindsAtAct = append(kindsAtAct, bytes.Count(b, []byte(`"kind":"dispatch"`)))
	}
	runGoal(t, f, page, signupSpec(), rec)
	rec.Close()
	for i, n := range kindsAtAct {
		if n != i+1 {
			t.Errorf("at action %d the record held %d dispatch lines, want %d", i+1, n, i+1)
		}
	}
	b, _ := os.ReadFile(path)
	var kinds []string
	for _, l := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
		var v struct{ Kind string }
		if err := json.Unmarshal(l, &v); err != nil {
			t.Fatalf("record line is not JSON: %s", l)
		}
		kinds = append(kinds, v.Kind)
	}
	if kinds[0] != "start" || kinds[len(kinds)-1] != "stop" || kinds[len(kinds)-2] != "verify" {
		t.Errorf("record kinds = %v", kinds)
	}
}

// Every stop fails with a code of the one list every command shares; only
// a pass, and a verification that ran and did not hold (as verify's failed
// verdict), carry none.
func TestEveryStopHasACodeOfTheOneList(t *testing.T) {
	for _, s := range []Stop{StopRequestLimit, StopActionLimit, StopTimeout, StopCanceled, StopOperationAbstention,
		StopTargetAbstention, StopBlocked, StopValueBlocked, StopValueAbstention, StopValueMismatch, StopStaleObservation,
		StopNoProgress, StopIncompleteObservation, StopUnverified, StopActionUncertain, StopActionFailed, StopPageError,
		StopRequestTooLarge, StopProviderAuth, StopProviderCredits, StopProviderRateLimit, StopProviderError, StopProviderMalformed} {
		if c := s.Code(); !envelope.IsCode(string(c)) {
			t.Errorf("stop %s: code %q is not one of envelope.Codes", s, c)
		}
	}
	for _, s := range []Stop{StopPassed, StopVerificationFailed} {
		if c := s.Code(); c != "" {
			t.Errorf("stop %s: code %q, want none", s, c)
		}
	}
	if StopActionLimit.Code() != envelope.CodeBudget || StopProviderAuth.Code() != envelope.CodeModel {
		t.Errorf("a spent budget is %q, a refused key %q", StopActionLimit.Code(), StopProviderAuth.Code())
	}
}
