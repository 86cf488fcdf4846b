package exec

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/assertion"
	"github.com/prima-dev/prima/prima/claim"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/export"
	"github.com/prima-dev/prima/prima/judge"
)

// Verdicts.
const (
	Passed        = "passed"
	Failed        = "failed"
	Inexpressible = "inexpressible"
)

// Look is the start of a command that reads the page without acting:
// the page as it is now, with the envelope's Page section and, beside the
// command's own section, the changes since prima last looked; exported
// for research.
func (in *Instance) Look(ctx context.Context, env *envelope.Envelope) (playwright.Page, *engine.View, bool) {
	prev, _ := in.eng.Last()
	page, view, ok := in.Begin(ctx, env, true)
	if !ok {
		return nil, nil, false
	}
	in.FillPage(env, prev, view)
	env.Changes = &envelope.Changes{}
	if prev != nil && prev != view {
		env.Changes = Changes(engine.Diff(prev, view))
	}
	return page, view, true
}

// Verify checks a claim about the page with assertions the page can
// answer. It separates failed (an assertion ran and did not hold) from
// inexpressible (no assertion could express the claim). A claim an
// assertion can express is always asserted (it takes milliseconds); only
// a claim none can express is matched, by the judge, against the claims
// assertions proved on this very page (text and values included), and a
// match is reported by reference and remembered by nothing.
func (in *Instance) Verify(ctx context.Context, text string, j *judge.Judge) *envelope.Envelope {
	env := &envelope.Envelope{Command: "verify " + text}
	page, view, ok := in.Look(ctx, env)
	if !ok {
		return env
	}
	known := in.provenOn(view)

	assertions, err := claim.Parse(text)
	var ie *claim.InexpressibleError
	if errors.As(err, &ie) && len(known) > 0 && j != nil {
		d := j.Decide(ctx, "Which already verified claim means the same as the claim under consideration?", known, map[string]string{"claim": text})
		if d.Approved {
			env.OK = true
			env.Verdict = &envelope.Verdict{Result: Passed, Reason: fmt.Sprintf("verified by reference: the same as the claim %q, verified on the page as it is now (judge %.2f); no assertion can express this claim", d.Value, d.Probability)}
			return env
		}
	}
	if errors.As(err, &ie) {
		env.Verdict = &envelope.Verdict{Result: Inexpressible, Reason: ie.Reason}
		env.Code = envelope.CodeInexpressible
		switch {
		case j.Modelless():
			env.Verdict.Judgement = "none: no decision model is configured (PRIMA_JUDGE=typesafe or openrouter, with its key); the offline scorer judges no claim"
		case !j.Direct:
			// judge.direct = false: no page leaves the machine for it.
			env.Verdict.Judgement = "none: the judge is not used here (judge.direct is false in prima.json)"
		default:
			q := "The page shows that this claim is true: " + text
			d := j.Decide(ctx, q, nil, judge.PageState(PageText(view), q))
			env.Verdict.Judgement = judgement(d)
		}
		return env
	}
	if err != nil {
		env.Failure = Failure(err)
		return env
	}
	var failedOne *assertion.Check
	var checks []export.Check
	for _, a := range assertions {
		c := assertion.Run(assertion.Live(ctx, in.eng.Within, page), view, a)
		checks = append(checks, export.Check{Kind: a.Kind, Locator: c.Locator, Text: a.Text, Exact: a.Exact, State: a.State})
		env.Verdict = verdictWith(env.Verdict, c)
		if !c.Held && failedOne == nil {
			failedOne = &c
		}
	}
	if failedOne != nil {
		env.Verdict.Result, env.Verdict.Reason = Failed, failedOne.Reason
		return env
	}
	env.Verdict.Result = Passed
	env.OK = true
	in.pending = append(in.pending, export.Step{Kind: export.Verify, URLBefore: view.URL, URLAfter: view.URL, OK: true, Checks: checks})
	if known := in.provenOn(view); !slices.Contains(known, text) {
		in.verified = append(known, text)
	}
	in.verifiedOn = view
	return env
}

// maxVerified bounds the claims remembered for one page.
const maxVerified = 64

// provenOn is the claims assertions proved on the page view shows, the
// same URL, title and ref-free tree (text and values included); a page
// that shows anything else forgets them.
func (in *Instance) provenOn(view *engine.View) []string {
	on := in.verifiedOn
	if on == nil || on != view && (on.URL != view.URL || on.Title != view.Title || len(engine.Diff(on, view)) > 0) {
		in.verified, in.verifiedOn = nil, nil
		return nil
	}
	if len(in.verified) > maxVerified {
		in.verified = in.verified[len(in.verified)-maxVerified:]
	}
	return in.verified
}

func verdictWith(v *envelope.Verdict, c assertion.Check) *envelope.Verdict {
	if v == nil {
		v = &envelope.Verdict{}
	}
	mark := "held"
	if !c.Held {
		mark = "did not hold"
	}
	v.Assertions = append(v.Assertions, c.Line+"   // "+mark)
	return v
}

func judgement(d judge.Decision) string {
	if d.Reason != "" && d.Value == "" {
		return "none: " + d.Reason
	}
	verdict := "the claim looks true"
	if d.Value == "no" {
		verdict = "the claim looks false"
	}
	if !d.Approved {
		return fmt.Sprintf("%s, not confidently (P(yes) %.2f; %s)", verdict, d.Probability, d.Reason)
	}
	return fmt.Sprintf("%s (P(yes) %.2f)", verdict, d.Probability)
}
