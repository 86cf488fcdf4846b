package goal

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/brianvoe/gofakeit/v7"
	"github.com/prima-dev/prima/internal/golden"
	"github.com/prima-dev/prima/prima/judge"
)

// Option counts on the fake app's pages.
const (
	loginOps   = 4  // CLICK TYPE DONE BLOCKED
	loginClick = 2  // Sign in, NONE
	loginType  = 3  // Email, Password, NONE
	values     = 19 // email, password, the 16 generators every field is offered, BLOCKED
	doneOps    = 3  // CLICK DONE BLOCKED
)

// Option indices.
const (
	opCLICK, opTYPE, opBLOCKEDLogin, opDONEFinal = 0, 1, 3, 1
	genFirstName, genFullName, genEmail          = 2, 4, 6 // in the value head with 2 supplied bindings
)

var blockedAtLogin = wire(choice("operation", loginOps, opBLOCKEDLogin, 0.9, 0.05))

// caseResult is what a table case pins.
type caseResult struct {
	stop     Stop
	actions  int
	requests int
}

func resultOf(r Result) caseResult { return caseResult{r.Stop, len(r.Actions), r.Requests} }

// TestGates pins the floor 0.3 and the lead 0.1 on every head, and their
// abstention texts (golden).
func TestGates(t *testing.T) {
	cases := []struct {
		name   string
		script []reply
		want   caseResult
	}{
		{"operation confidence 0.30 passes", []reply{wire(choice("operation", loginOps, opBLOCKEDLogin, 0.6, 0.1).conf(0.30))}, caseResult{StopBlocked, 0, 1}},
		{"operation confidence 0.29 abstains", []reply{wire(choice("operation", loginOps, opBLOCKEDLogin, 0.6, 0.1).conf(0.29))}, caseResult{StopOperationAbstention, 0, 1}},
		{"operation lead 0.10 passes", []reply{wire(choice("operation", loginOps, opBLOCKEDLogin, 0.5, 0.4))}, caseResult{StopBlocked, 0, 1}},
		{"operation lead 0.09 abstains", []reply{wire(choice("operation", loginOps, opBLOCKEDLogin, 0.5, 0.41))}, caseResult{StopOperationAbstention, 0, 1}},
		{"seed example: CLICK 0.41 TYPE 0.33 abstains", []reply{wire(answer{id: "operation", choice: 0, probs: []float64{0.41, 0.33, 0.09, 0.17}})}, caseResult{StopOperationAbstention, 0, 1}},
		{"click target lead 0.10 passes", []reply{wire(choice("operation", loginOps, opCLICK, 0.9, 0.05), choice("click", loginClick, 0, 0.55, 0.45)), blockedAtLogin}, caseResult{StopBlocked, 1, 2}},
		{"click target lead 0.08 abstains", []reply{wire(choice("operation", loginOps, opCLICK, 0.9, 0.05), choice("click", loginClick, 0, 0.54, 0.46))}, caseResult{StopTargetAbstention, 0, 1}},
		{"click target confidence 0.29 abstains", []reply{wire(choice("operation", loginOps, opCLICK, 0.9, 0.05), choice("click", loginClick, 0, 0.9, 0.1).conf(0.29))}, caseResult{StopTargetAbstention, 0, 1}},
		{"click target NONE abstains", []reply{wire(choice("operation", loginOps, opCLICK, 0.9, 0.05), choice("click", loginClick, 1, 0.9, 0.1))}, caseResult{StopTargetAbstention, 0, 1}},
		{"type target confidence 0.30 passes", []reply{wire(choice("operation", loginOps, opTYPE, 0.9, 0.05), choice("type", loginType, 0, 0.8, 0.1).conf(0.3)), wire(choice("value", values, 0, 0.9, 0.05)), blockedAtLogin}, caseResult{StopBlocked, 1, 3}},
		{"type target lead 0.09 abstains", []reply{wire(choice("operation", loginOps, opTYPE, 0.9, 0.05), choice("type", loginType, 0, 0.46, 0.37))}, caseResult{StopTargetAbstention, 0, 1}},
		{"value confidence 0.30 passes", []reply{wire(choice("operation", loginOps, opTYPE, 0.9, 0.05), choice("type", loginType, 0, 0.9, 0.05)), wire(choice("value", values, 0, 0.5, 0.2).conf(0.3)), blockedAtLogin}, caseResult{StopBlocked, 1, 3}},
		{"value confidence 0.29 abstains", []reply{wire(choice("operation", loginOps, opTYPE, 0.9, 0.05), choice("type", loginType, 0, 0.9, 0.05)), wire(choice("value", values, 0, 0.5, 0.2).conf(0.29))}, caseResult{StopValueAbstention, 0, 2}},
		{"value lead 0.10 passes", []reply{wire(choice("operation", loginOps, opTYPE, 0.9, 0.05), choice("type", loginType, 0, 0.9, 0.05)), wire(choice("value", values, 0, 0.5, 0.4)), blockedAtLogin}, caseResult{StopBlocked, 1, 3}},
		{"value lead 0.09 abstains", []reply{wire(choice("operation", loginOps, opTYPE, 0.9, 0.05), choice("type", loginType, 0, 0.9, 0.05)), wire(choice("value", values, 0, 0.5, 0.41))}, caseResult{StopValueAbstention, 0, 2}},
		{"value BLOCKED", []reply{wire(choice("operation", loginOps, opTYPE, 0.9, 0.05), choice("type", loginType, 1, 0.9, 0.05)), wire(choice("value", values, values-1, 0.8, 0.1))}, caseResult{StopValueBlocked, 0, 2}},
	}
	var text strings.Builder
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newServer(t, c.script...)
			res := runGoal(t, f, newPage(), Spec{Goal: "Sign in with {{email}} and {{password}}", Verify: "Signed in", Data: scenarioData(), Seed: 1}, nil)
			if got := resultOf(res); got != c.want {
				t.Errorf("got %+v, want %+v (%s)", got, c.want, res.Reason)
			}
			fmt.Fprintf(&text, "%s\n\t%s: %s\n", c.name, res.Stop, res.Reason)
		})
	}
	golden.CheckString(t, filepath.Join("testdata", "golden", "gates.txt"), text.String())
}

// TestOnlyTheSelectedHeadIsValidated: a malformed target head for an
// operation not chosen does not fail the step; a malformed chosen one does.
func TestOnlyTheSelectedHeadIsValidated(t *testing.T) {
	broken := answer{id: "type", choice: 0, probs: []float64{0.2, 0.1, 0.1}} // sums to 0.4
	f := newServer(t, wire(choice("operation", loginOps, opCLICK, 0.9, 0.05), choice("click", loginClick, 0, 0.9, 0.1), broken), blockedAtLogin)
	if got := resultOf(runGoal(t, f, newPage(), Spec{Goal: "Sign in", Verify: "x"}, nil)); got != (caseResult{StopBlocked, 1, 2}) {
		t.Errorf("unused broken head: %+v", got)
	}
	f = newServer(t, wire(choice("operation", loginOps, opTYPE, 0.9, 0.05), choice("click", loginClick, 0, 0.9, 0.1), broken))
	res := runGoal(t, f, newPage(), Spec{Goal: "Sign in", Verify: "x"}, nil)
	if resultOf(res) != (caseResult{StopProviderMalformed, 0, 1}) || !strings.Contains(res.Reason, "probabilities sum to 0.400") {
		t.Errorf("chosen broken head: %+v %s", resultOf(res), res.Reason)
	}
}

func TestBudgets(t *testing.T) {
	typeEmail := []reply{wire(choice("operation", loginOps, opTYPE, 0.9, 0.05), choice("type", loginType, 0, 0.9, 0.05)), wire(choice("value", values, 0, 0.9, 0.05))}
	typePassword := []reply{wire(choice("operation", loginOps, opTYPE, 0.9, 0.05), choice("type", 2, 0, 0.9, 0.1)), wire(choice("value", values, 1, 0.9, 0.05))}
	clickSignIn := wire(choice("operation", 3, opCLICK, 0.9, 0.05), choice("click", loginClick, 0, 0.9, 0.1))
	cases := []struct {
		name   string
		budget Budget
		script []reply
		want   caseResult
		reason string
	}{
		{"one request: the value request is refused", Budget{Requests: 1}, typeEmail[:1], caseResult{StopRequestLimit, 0, 1}, "1 requests made, the budget's limit"},
		{"two actions: the third is not dispatched", Budget{Actions: 2}, append(append(append([]reply{}, typeEmail...), typePassword...), clickSignIn), caseResult{StopActionLimit, 2, 5},
			`2 actions dispatched, the budget's limit; the next would have been: click button "Sign in" on /login`},
		{"150 ms: a slow provider times out", Budget{Time: 150 * time.Millisecond}, []reply{{body: blockedAtLogin.body, delay: 3 * time.Second}}, caseResult{StopTimeout, 0, 1}, "the goal's time budget of 150ms ran out"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newServer(t, c.script...)
			page := newPage()
			res := runGoal(t, f, page, Spec{Goal: "Sign in with {{email}} and {{password}}", Verify: "x", Data: scenarioData(), Budget: c.budget}, nil)
			if resultOf(res) != c.want || res.Reason != c.reason {
				t.Errorf("got %+v %q, want %+v %q", resultOf(res), res.Reason, c.want, c.reason)
			}
			if len(page.actions()) != c.want.actions {
				t.Errorf("page saw %v", page.actions())
			}
		})
	}
	t.Run("a timed-out request leaves the usage unknown", func(t *testing.T) {
		f := newServer(t, reply{body: blockedAtLogin.body, delay: 3 * time.Second})
		res := runGoal(t, f, newPage(), Spec{Goal: "g", Verify: "v", Budget: Budget{Time: 100 * time.Millisecond}}, nil)
		if res.Usage.Known {
			t.Errorf("usage %+v is known", res.Usage)
		}
	})
	for _, b := range []Budget{{Requests: MaxRequests + 1}, {Actions: MaxActions + 1}, {Time: MaxTime + time.Second}, {Requests: -1}} {
		r := &Runner{Page: newPage()}
		if _, err := r.Run(context.Background(), Spec{Goal: "g", Budget: b}); err == nil {
			t.Errorf("budget %+v over its maximum ran", b)
		}
	}
	if err := (Budget{Requests: MaxRequests, Actions: MaxActions, Time: MaxTime}).Check(); err != nil {
		t.Errorf("the hard maxima themselves are refused: %v", err)
	}
	if err := (Budget{Actions: MaxActions + 1}).Check(); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("use 1 to %d", MaxActions)) {
		t.Errorf("an action budget over the maximum: %v, want the range named", err)
	}
	if d := (Budget{}).Deadline(); d != DefaultTime+30*time.Second {
		t.Errorf("the default deadline is %v", d)
	}
	if d := (Budget{Time: 45 * time.Second}).Deadline(); d != 75*time.Second {
		t.Errorf("a 45 s budget's deadline is %v", d)
	}
}

var clickSignInAtLogin = wire(choice("operation", loginOps, opCLICK, 0.9, 0.05), choice("click", loginClick, 0, 0.9, 0.1))

func TestFreshness(t *testing.T) {
	t.Run("a page that changed after the decision is re-observed and decided again", func(t *testing.T) {
		f := newServer(t, clickSignInAtLogin, clickSignInAtLogin, blockedAtLogin)
		page := newPage()
		page.churn = 1
		path := filepath.Join(t.TempDir(), RecordFile)
		rec, _ := OpenRecord(path)
		res := runGoal(t, f, page, Spec{Goal: "g", Verify: "v"}, rec)
		rec.Close()
		if resultOf(res) != (caseResult{StopBlocked, 1, 3}) || len(page.actions()) != 1 {
			t.Errorf("got %+v, page %v", resultOf(res), page.actions())
		}
		b, _ := os.ReadFile(path)
		if !bytes.Contains(b, []byte(`"kind":"discard","data":{"in_a_row":1,"why":"the page /login changed"}`)) {
			t.Errorf("no discard in the record:\n%s", b)
		}
	})
	t.Run("a page that keeps changing stops stale_observation", func(t *testing.T) {
		f := newServer(t, clickSignInAtLogin, clickSignInAtLogin, clickSignInAtLogin, clickSignInAtLogin)
		page := newPage()
		page.churn = 100
		res := runGoal(t, f, page, Spec{Goal: "g", Verify: "v"}, nil)
		if resultOf(res) != (caseResult{StopStaleObservation, 0, 4}) || page.acts != 0 {
			t.Errorf("got %+v %s, acts %d", resultOf(res), res.Reason, page.acts)
		}
		if res.Reason != "the page changed before dispatch 4 times in a row; last: the page /login changed" {
			t.Errorf("reason %q", res.Reason)
		}
	})
}

func TestNoProgress(t *testing.T) {
	clickHelp := wire(choice("operation", loginOps, opCLICK, 0.9, 0.05), choice("click", 3, 1, 0.9, 0.05))
	f := newServer(t, clickHelp, clickHelp, clickHelp)
	page := newPage()
	page.deadButton = true
	res := runGoal(t, f, page, Spec{Goal: "g", Verify: "v"}, nil)
	if resultOf(res) != (caseResult{StopNoProgress, 3, 3}) || res.Reason != "the same state of /login (page, text and field bindings) came up 4 times" {
		t.Errorf("got %+v %q", resultOf(res), res.Reason)
	}
}

func TestTakeBack(t *testing.T) {
	t.Run("a target stale before dispatch is taken back and not counted", func(t *testing.T) {
		f := newServer(t, clickSignInAtLogin, clickSignInAtLogin, blockedAtLogin)
		page := newPage()
		page.staleActs = 1
		res := runGoal(t, f, page, Spec{Goal: "g", Verify: "v"}, nil)
		if resultOf(res) != (caseResult{StopBlocked, 1, 3}) || page.acts != 2 || len(page.actions()) != 1 {
			t.Errorf("got %+v, Act called %d times, page saw %v", resultOf(res), page.acts, page.actions())
		}
	})
	t.Run("the retry types the value it had drawn", func(t *testing.T) {
		typeName := []reply{wire(choice("operation", loginOps, opTYPE, 0.9, 0.05), choice("type", 4, 0, 0.9, 0.05)), wire(choice("value", values, genFullName, 0.9, 0.05))}
		blocked := wire(choice("operation", loginOps, opBLOCKEDLogin, 0.9, 0.05))
		f := newServer(t, append(append(typeName, typeName...), blocked)...)
		page := newPage()
		page.state, page.staleActs = pageProfile, 1
		res := runGoal(t, f, page, Spec{Goal: "Fill the profile", Verify: "v", Data: scenarioData(), Seed: 7}, nil)
		if resultOf(res) != (caseResult{StopBlocked, 1, 5}) {
			t.Fatalf("got %+v %s", resultOf(res), res.Reason)
		}
		want := catalog[genFullName-2].make(gofakeit.New(7)) // the first draw of seed 7
		if page.values["e4"] != want || len(res.Generated) != 1 || res.Generated[0].ID != "full_name_1" {
			t.Errorf("typed %q as %+v, want the first draw %q as full_name_1", page.values["e4"], res.Generated, want)
		}
	})
}

func TestDispatchFailures(t *testing.T) {
	t.Run("an uncertain dispatch stops and is never replayed", func(t *testing.T) {
		f := newServer(t, clickSignInAtLogin) // a second request would fail the test
		page := newPage()
		page.uncertain = true
		res := runGoal(t, f, page, Spec{Goal: "g", Verify: "v"}, nil)
		if resultOf(res) != (caseResult{StopActionUncertain, 1, 1}) || page.acts != 1 || !res.Actions[0].Uncertain {
			t.Errorf("got %+v, Act called %d times, actions %+v", resultOf(res), page.acts, res.Actions)
		}
		if res.Reason != `click button "Sign in" on /login: dispatched, then failed: element detached; not replayed` {
			t.Errorf("reason %q", res.Reason)
		}
	})
	t.Run("an observation that fails stops page_error", func(t *testing.T) {
		page := newPage()
		page.observeErr = errors.New("browser gone")
		res := runGoal(t, newServer(t), page, Spec{Goal: "g", Verify: "v"}, nil)
		if resultOf(res) != (caseResult{StopPageError, 0, 0}) {
			t.Errorf("got %+v", resultOf(res))
		}
	})
	t.Run("the caller's cancellation stops canceled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		f := newServer(t)
		m := f.model(t)
		res, err := (&Runner{Page: newPage(), Decider: m, Verifier: m}).Run(ctx, Spec{Goal: "g", Verify: "v"})
		if err != nil || res.Stop != StopCanceled || len(f.requests()) != 0 {
			t.Errorf("got %v %+v", err, resultOf(res))
		}
	})
}

func TestValueSources(t *testing.T) {
	profileType := func(n, pick int) reply {
		return wire(choice("operation", loginOps, opTYPE, 0.9, 0.05), choice("type", n, pick, 0.9, 0.05))
	}
	blocked := wire(choice("operation", loginOps, opBLOCKEDLogin, 0.9, 0.05))
	t.Run("a remembered generated value is reused for a confirmation field", func(t *testing.T) {
		f := newServer(t,
			profileType(5, 1), wire(choice("value", values, genEmail, 0.9, 0.05)), // new email into Recipient email
			profileType(4, 2), wire(choice("value", values+1, 2, 0.9, 0.05)), // {{email_1}} into Confirm
			blocked)
		page := newPage()
		page.state = pageProfile
		page.extraFields = []Field{{Candidate: Candidate{ID: "e10", Role: "textbox", Name: "Confirm recipient email"}, Constraint: Constraint{Type: "email"}}}
		res := runGoal(t, f, page, Spec{Goal: "g", Verify: "v", Data: scenarioData(), Seed: 3}, nil)
		if resultOf(res) != (caseResult{StopBlocked, 2, 5}) {
			t.Fatalf("got %+v %s", resultOf(res), res.Reason)
		}
		if page.values["e5"] == "" || page.values["e5"] != page.values["e10"] || len(res.Generated) != 1 {
			t.Errorf("e5 %q e10 %q generated %+v", page.values["e5"], page.values["e10"], res.Generated)
		}
		if res.Actions[1].Binding != "{{email_1}}" || res.Actions[1].Generator != "" || res.Actions[0].Generator != "internet.email" {
			t.Errorf("actions %+v", res.Actions)
		}
		// The second value question offers the remembered binding by ID and generator.
		if !bytes.Contains(f.requests()[3], []byte(`{{email_1}} (generated with internet.email, first typed into textbox \"Recipient email\" on /profile)`)) {
			t.Errorf("value request:\n%s", f.requests()[3])
		}
	})
	t.Run("without generation a field and a supplied binding are chosen together", func(t *testing.T) {
		f := newServer(t, wire(choice("operation", loginOps, opTYPE, 0.9, 0.05), choice("type", 5, 0, 0.9, 0.05)), blockedAtLogin)
		page := newPage()
		res := runGoal(t, f, page, Spec{Goal: "g", Verify: "v", Data: scenarioData(), NoGenerate: true}, nil)
		if resultOf(res) != (caseResult{StopBlocked, 1, 2}) || page.values["e1"] != rawEmail {
			t.Errorf("got %+v, e1 %q", resultOf(res), page.values["e1"])
		}
		if !bytes.Contains(f.requests()[0], []byte(`"0":"{{email}} into textbox \"Email\"`)) || bytes.Contains(f.requests()[0], []byte("faker")) {
			t.Errorf("request:\n%s", f.requests()[0])
		}
	})
	t.Run("without generation or data TYPE is not offered", func(t *testing.T) {
		f := newServer(t, wire(choice("operation", 3, 2, 0.9, 0.05)))
		res := runGoal(t, f, newPage(), Spec{Goal: "g", Verify: "v", NoGenerate: true}, nil)
		if res.Stop != StopBlocked || bytes.Contains(f.requests()[0], []byte("TYPE")) {
			t.Errorf("got %+v; request:\n%s", resultOf(res), f.requests()[0])
		}
	})
}

func TestConstraintMismatchStopsBeforeTyping(t *testing.T) {
	cases := []struct {
		name   string
		field  int // in Name, Recipient email, Code, NONE
		value  int
		reason string
	}{
		{"a generated email over maxlength 5", 2, genEmail, `{{email_1}} (generated with internet.email) does not fit textbox "Code" on /profile: longer than maxlength 5; nothing was typed`},
		{"a generated first name into type=email", 1, genFirstName, `{{first_name_1}} (generated with person.first_name) does not fit textbox "Recipient email" on /profile: not an email address (type=email); nothing was typed`},
		{"a supplied password into type=email", 1, 1, `{{password}} (supplied) does not fit textbox "Recipient email" on /profile: not an email address (type=email); nothing was typed`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newServer(t, wire(choice("operation", loginOps, opTYPE, 0.9, 0.05), choice("type", 4, c.field, 0.9, 0.05)), wire(choice("value", values, c.value, 0.9, 0.05)))
			page := newPage()
			page.state = pageProfile
			res := runGoal(t, f, page, Spec{Goal: "g", Verify: "v", Data: scenarioData(), Seed: 5}, nil)
			if resultOf(res) != (caseResult{StopValueMismatch, 0, 2}) || res.Reason != c.reason || page.acts != 0 {
				t.Errorf("got %+v %q, Act called %d times", resultOf(res), res.Reason, page.acts)
			}
		})
	}
}

func TestFakerIsReproducible(t *testing.T) {
	typed := func(seed uint64) string {
		f := newServer(t, wire(choice("operation", loginOps, opTYPE, 0.9, 0.05), choice("type", 4, 0, 0.9, 0.05)), wire(choice("value", values, genFullName, 0.9, 0.05)), wire(choice("operation", loginOps, opBLOCKEDLogin, 0.9, 0.05)))
		page := newPage()
		page.state = pageProfile
		res := runGoal(t, f, page, Spec{Goal: "g", Verify: "v", Data: scenarioData(), Seed: seed}, nil)
		if res.Seed != seed || len(page.actions()) != 1 {
			t.Fatalf("seed %d ran %+v", res.Seed, resultOf(res))
		}
		return page.values["e4"]
	}
	a, b, c := typed(11), typed(11), typed(12)
	if a == "" || a != b || a == c {
		t.Errorf("seed 11 typed %q then %q; seed 12 typed %q", a, b, c)
	}
	// A zero seed is replaced by a random one, which the result reports.
	f := newServer(t, blockedAtLogin)
	if res := runGoal(t, f, newPage(), Spec{Goal: "g", Verify: "v"}, nil); res.Seed == 0 {
		t.Error("seed 0 was kept")
	}
}

func TestVerification(t *testing.T) {
	done := wire(choice("operation", doneOps, opDONEFinal, 0.9, 0.05))
	cases := []struct {
		holds, contradicted float64
		stop                Stop
		flagged             bool
	}{
		{0.75, 0.49, StopPassed, false},
		{0.74, 0.10, StopVerificationFailed, true},
		{0.75, 0.50, StopVerificationFailed, false},
		{0.60, 0.10, StopVerificationFailed, true},
		{0.59, 0.10, StopVerificationFailed, false},
		{0.99, 0.01, StopPassed, false},
	}
	var text strings.Builder
	for _, c := range cases {
		t.Run(fmt.Sprintf("holds %.2f contradicted %.2f", c.holds, c.contradicted), func(t *testing.T) {
			f := newServer(t, done, wire(noul("holds", c.holds), noul("contradicted", c.contradicted)))
			page := newPage()
			page.state = pageDone
			res := runGoal(t, f, page, Spec{Goal: "g", Verify: `The page displays "Profile saved".`}, nil)
			if res.Stop != c.stop || res.OK != (c.stop == StopPassed) || res.Verdict == nil || res.Verdict.Flagged != c.flagged || res.Requests != 2 {
				t.Errorf("got %+v ok %v verdict %+v", resultOf(res), res.OK, res.Verdict)
			}
			fmt.Fprintf(&text, "holds %.2f contradicted %.2f\n\t%s: %s\n", c.holds, c.contradicted, res.Stop, res.Reason)
		})
	}
	golden.CheckString(t, filepath.Join("testdata", "golden", "verification.txt"), text.String())

	t.Run("the verifier sees the claim's names and the redacted page", func(t *testing.T) {
		f := newServer(t, wire(choice("operation", loginOps, 2, 0.9, 0.05)), wire(noul("holds", 0.9), noul("contradicted", 0.1)))
		page := newPage()
		page.state = pageProfile
		res := runGoal(t, f, page, Spec{Goal: "g", Verify: "The page shows Signed in as {{email}}", Data: scenarioData()}, nil)
		if res.Stop != StopPassed || len(f.requests()) != 2 {
			t.Fatalf("got %+v %s", resultOf(res), res.Reason)
		}
		body := f.requests()[1]
		if !bytes.Contains(body, []byte(`"claim":"The page shows Signed in as {{email}}"`)) || !bytes.Contains(body, []byte(`Signed in as {{email}}\n`)) || bytes.Contains(body, []byte(rawEmail)) {
			t.Errorf("verify request:\n%s", body)
		}
	})
	t.Run("a page that changes during verification voids the verdict", func(t *testing.T) {
		f := newServer(t, done, wire(noul("holds", 0.9), noul("contradicted", 0.1)))
		page := newPage()
		page.state, page.verifyObserve = pageDone, 3
		res := runGoal(t, f, page, Spec{Goal: "g", Verify: "v"}, nil)
		if res.Stop != StopStaleObservation || res.OK || res.Verdict != nil {
			t.Errorf("got %+v %s", resultOf(res), res.Reason)
		}
	})
	t.Run("DONE without a claim is not a pass", func(t *testing.T) {
		f := newServer(t, done)
		page := newPage()
		page.state = pageDone
		res := runGoal(t, f, page, Spec{Goal: "g"}, nil)
		if res.Stop != StopUnverified || res.OK || res.Requests != 1 {
			t.Errorf("got %+v", resultOf(res))
		}
	})
}

func TestProviderErrorsStopAfterOneAttempt(t *testing.T) {
	cases := []struct {
		reply  reply
		stop   Stop
		reason string
	}{
		{reply{status: 401}, StopProviderAuth, "plan request: HTTP 401: authentication refused (check OPENROUTER_API_KEY)"},
		{reply{status: 402}, StopProviderCredits, "plan request: HTTP 402: out of credits"},
		{reply{status: 429}, StopProviderRateLimit, "plan request: HTTP 429: rate limited"},
		{reply{status: 503}, StopProviderError, "plan request: HTTP 503: server error"},
		{reply{body: `{"answers":{}}`}, StopProviderMalformed, `operation on /login: malformed body: no answer for "operation"`},
		{reply{body: `not json`}, StopProviderMalformed, "plan request: malformed body: not JSON: invalid character 'o' in literal null (expecting 'u')"},
	}
	for _, c := range cases {
		t.Run(string(c.stop), func(t *testing.T) {
			f := newServer(t, c.reply)
			res := runGoal(t, f, newPage(), Spec{Goal: "g", Verify: "v"}, nil)
			if res.Stop != c.stop || res.Reason != c.reason || len(f.requests()) != 1 || res.Requests != 1 {
				t.Errorf("got %s %q, server saw %d", res.Stop, res.Reason, len(f.requests()))
			}
		})
	}
}

func TestObservationBounds(t *testing.T) {
	t.Run("incomplete", func(t *testing.T) {
		page := newPage()
		page.incomplete = true
		f := newServer(t)
		if res := runGoal(t, f, page, Spec{Goal: "g", Verify: "v"}, nil); resultOf(res) != (caseResult{StopIncompleteObservation, 0, 0}) {
			t.Errorf("got %+v", resultOf(res))
		}
	})
	t.Run("longer than MaxDigest", func(t *testing.T) {
		page := newPage()
		page.hugeDigest = true
		f := newServer(t)
		if res := runGoal(t, f, page, Spec{Goal: "g", Verify: "v"}, nil); resultOf(res) != (caseResult{StopIncompleteObservation, 0, 0}) {
			t.Errorf("got %+v", resultOf(res))
		}
	})
	t.Run("more than 255 options is not sent", func(t *testing.T) {
		page := newPage()
		page.manyFields = 300
		f := newServer(t)
		res := runGoal(t, f, page, Spec{Goal: "g", Verify: "v"}, nil)
		if resultOf(res) != (caseResult{StopRequestTooLarge, 0, 0}) || len(f.requests()) != 0 || !strings.Contains(res.Reason, `question "type" has 303 options`) {
			t.Errorf("got %+v %q", resultOf(res), res.Reason)
		}
	})
}

func TestNewModelRefusesTheLocalJudge(t *testing.T) {
	_, err := NewModel(judge.Local{})
	if err == nil {
		t.Fatal("the local judge was accepted")
	}
	for _, want := range []string{"PRIMA_JUDGE=typesafe", "TYPESAFE_API_KEY", "PRIMA_JUDGE=openrouter", "OPENROUTER_API_KEY", "PRIMA_JUDGE_BASE_URL"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("refusal %q does not name %s", err, want)
		}
	}
	if _, err := NewModel(nil); err == nil {
		t.Error("no provider was accepted")
	}
}

func TestSpecCheck(t *testing.T) {
	cases := []struct {
		spec Spec
		want string
	}{
		{Spec{Goal: " "}, "goal: missing or blank; state the outcome to reach"},
		{Spec{Goal: "Sign in as {{user}}"}, "goal uses {{user}}, which data does not declare"},
		{Spec{Goal: "g", Verify: "Shows {{ email }}", Data: scenarioData()}, "verify: {{ email }} is not a binding: write {{name}} with letters, digits and _ only"},
		{Spec{Goal: "g", Data: map[string]string{"qty": "2"}}, "data.qty: a value needs at least 3 characters so that it can be redacted; write a shorter one into the goal itself"},
		{Spec{Goal: "g", Data: map[string]string{"1x": "abc"}}, `data: binding name "1x": use letters, digits and _ only, not starting with a digit`},
	}
	for _, c := range cases {
		if err := c.spec.Check(); err == nil || err.Error() != c.want {
			t.Errorf("Check(%+v) = %v, want %q", c.spec, err, c.want)
		}
	}
	if err := signupSpec().Check(); err != nil {
		t.Errorf("the sign-up spec: %v", err)
	}
	if !reflect.DeepEqual(resultOf(Result{}), caseResult{}) {
		t.Error("zero result")
	}
}
