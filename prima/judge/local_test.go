package judge

import (
	"context"
	"math"
	"testing"
)

var navControls = []string{`link "Team settings" [e12]`, `button "Workflows" [e5]`, `button "New agent" [e6]`}

func TestLocalChoice(t *testing.T) {
	cases := []struct {
		name     string
		question string
		options  []string
		approved bool
		value    string // when approved
	}{
		{"a literal target approves its link", "Which listed control leads to Team settings?", navControls, true, `link "Team settings" [e12]`},
		{"case, articles and plurals do not matter", "Which listed control leads to the team setting page?", navControls, true, `link "Team settings" [e12]`},
		{"quoted text matches a name exactly", `Which button says "New agent"?`, navControls, true, `button "New agent" [e6]`},
		{"a role named with the target", "Which control opens the Workflows button?", navControls, true, `button "Workflows" [e5]`},
		{"options without roles", "Which listed control leads to Billing?", []string{"Billing", "Settings", "Help"}, true, "Billing"},
		{"an unrelated target is refused", "Which listed control leads to Billing reports?", navControls, false, ""},
		{"a partial match is refused", "Which listed control leads to Team members?", navControls, false, ""},
		{"two literal matches are refused", "Which listed control leads to Team settings?", []string{`link "Team settings" [e12]`, `tab "Team settings" [e40]`, `button "Workflows" [e5]`}, false, ""},
		{"a disabled literal match is refused", "Which control opens Copy link?", []string{`button "Copy link" [disabled] [e7]`, `button "Root" [e8]`}, false, ""},
		{"a question with no target is refused", "Which one?", navControls, false, ""},
		{"the only control, when it is the target, is approved", "Which listed control leads to Dashboard?", []string{`link "Dashboard" [e3]`}, true, `link "Dashboard" [e3]`},
		{"the only control, when it is not the target, is refused", "Which listed control leads to Billing?", []string{`link "Dashboard" [e3]`}, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			j := &Judge{Provider: Local{}, Direct: true}
			d := j.Decide(context.Background(), c.question, c.options, nil)
			if d.Approved != c.approved || (c.approved && d.Value != c.value) {
				t.Fatalf("Decide = %+v, want approved %v %q", d, c.approved, c.value)
			}
			sum := 0.0
			for _, s := range d.Candidates {
				sum += s.Probability
			}
			if math.Abs(sum-1) > 1e-9 || len(d.Candidates) != len(c.options)+1 {
				t.Errorf("candidates %+v sum to %v", d.Candidates, sum)
			}
			if !c.approved {
				for _, s := range d.Candidates {
					if !isUndecided(s.Option) && s.Probability > Threshold {
						t.Errorf("rejected, yet %q has %.2f", s.Option, s.Probability)
					}
				}
			}
		})
	}
}

func TestLocalUnrelatedTargetHasLowConfidence(t *testing.T) {
	d := (&Judge{Provider: Local{}, Direct: true}).Decide(context.Background(), "Which listed control leads to Billing reports?", navControls, nil)
	if d.Approved || d.Value != Undecided || d.Reason == "" {
		t.Fatalf("Decide = %+v, want UNDECIDED", d)
	}
	for _, s := range d.Candidates[1:] {
		if s.Probability > 0.1 {
			t.Errorf("%q got %.2f for an unrelated target", s.Option, s.Probability)
		}
	}
}

func TestLocalYesNo(t *testing.T) {
	page := map[string]any{"page": "- heading \"Team settings\" [level=1]\n- link \"Workflows\"", "claim": "Billing reports"}
	cases := []struct {
		name     string
		question string
		state    any
		p        float64
	}{
		{"a phrase the page shows", "The page now shows Team settings.", page, 0.9},
		{"a quoted phrase the page shows", `The page shows "team settings"`, page, 0.9},
		{"only the page is searched when the state has one", "The page now shows Billing reports.", page, 0.5},
		{"a phrase anywhere in a state without a page", "The page contains Billing reports.", map[string]any{"steps": []any{"opened Billing reports"}}, 0.9},
		{"words out of order are not a containment", "The page shows settings Team.", page, 0.5},
		{"a claim it cannot compute", "The run is moving toward the goal.", page, 0.5},
		{"an inexpressible claim", "The page shows that this claim is true.", page, 0.5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := (&Judge{Provider: Local{}}).Consult(context.Background(), c.question, nil, c.state)
			if d.Probability != c.p || d.Approved != (c.p > Threshold) {
				t.Errorf("Consult = %+v, want P(yes) %v", d, c.p)
			}
		})
	}
}
