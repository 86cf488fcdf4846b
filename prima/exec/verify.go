package exec

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/claim"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/export"
	"github.com/prima-dev/prima/prima/instruct"
	"github.com/prima-dev/prima/prima/judge"
	"github.com/prima-dev/prima/prima/pwline"
	"github.com/prima-dev/prima/refs"
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

// check is one assertion as it ran: its Playwright line and whether it held.
type check struct {
	line    string
	held    bool
	reason  string // why it did not hold, with what the page showed
	locator string // the locator the line asserts on; "" for title and URL
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
		if j.Modelless() {
			env.Verdict.Judgement = "none: no decision model is configured (PRIMA_JUDGE=typesafe or openrouter, with its key); the offline scorer judges no claim"
		} else {
			q := "The page shows that this claim is true: " + text
			d := j.Consult(ctx, q, nil, judge.PageState(PageText(view), q))
			env.Verdict.Judgement = judgement(d)
		}
		return env
	}
	if err != nil {
		env.Failure = Failure(err)
		return env
	}
	var failedOne *check
	var checks []export.Check
	for _, a := range assertions {
		c := assert(livePage{Page: page, ctx: ctx, within: in.eng.Within}, view, a)
		checks = append(checks, export.Check{Kind: a.Kind, Locator: c.locator, Text: a.Text, Exact: a.Exact, State: a.State})
		env.Verdict = verdictWith(env.Verdict, c)
		if !c.held && failedOne == nil {
			failedOne = &c
		}
	}
	if failedOne != nil {
		env.Verdict.Result, env.Verdict.Reason = Failed, failedOne.reason
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

func verdictWith(v *envelope.Verdict, c check) *envelope.Verdict {
	if v == nil {
		v = &envelope.Verdict{}
	}
	mark := "held"
	if !c.held {
		mark = "did not hold"
	}
	v.Assertions = append(v.Assertions, c.line+"   // "+mark)
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

// checkPage is what an assertion reads of the page: its title and URL,
// the visible text that matches a pattern in its frames, and the element
// a ref of a view names.
type checkPage interface {
	Title() (string, error)
	URL() string
	// TextMatches counts the visible elements whose text holds pattern
	// and prints the locator of the frame where they are.
	TextMatches(pattern string) (n int, code string, err error)
	// Element binds the element ref names in view, with its locator.
	Element(view *engine.View, ref string) (checkElement, string, error)
}

// checkElement is what an assertion reads of one element.
type checkElement interface {
	IsVisible() (bool, error)
	IsEnabled() (bool, error)
	IsChecked() (bool, error)
	IsFocused() (bool, error)
	InputValue() (string, error)
}

// livePage is a browser page as assertions read it: a ref is resolved
// within the command's time (ctx).
type livePage struct {
	playwright.Page
	ctx    context.Context
	within browser.Within
}

func (p livePage) TextMatches(pattern string) (int, string, error) {
	return textMatches(p.Page, pattern)
}

func (p livePage) Element(view *engine.View, ref string) (checkElement, string, error) {
	entry := view.Refs()[ref]
	r, _ := refs.Parse(ref)
	res, err := browser.ResolveRef(p.ctx, p.within, p.Page, view.Tree, r, entry.Role, entry.Name)
	if err != nil {
		return nil, "", err
	}
	return liveElement{res.Handle}, res.Code, nil
}

// liveElement is an element handle as assertions read it.
type liveElement struct{ h playwright.ElementHandle }

func (e liveElement) IsVisible() (bool, error)    { return e.h.IsVisible() }
func (e liveElement) IsEnabled() (bool, error)    { return e.h.IsEnabled() }
func (e liveElement) IsChecked() (bool, error)    { return e.h.IsChecked() }
func (e liveElement) InputValue() (string, error) { return e.h.InputValue() }
func (e liveElement) IsFocused() (bool, error) {
	v, err := e.h.Evaluate(isFocusedJS)
	b, _ := v.(bool)
	return b, err
}

// assert runs one assertion against the page as view shows it.
func assert(p checkPage, view *engine.View, a claim.Assertion) check {
	switch a.Kind {
	case claim.TextVisible, claim.TextHidden:
		// Whole words only (rule 10), in every frame.
		n, code, err := p.TextMatches(a.Pattern())
		if err != nil {
			return check{line: code, reason: err.Error()}
		}
		if a.Kind == claim.TextVisible {
			return check{line: "await expect(" + code + ".first()).toBeVisible();", held: n > 0, reason: fmt.Sprintf("no visible text %q on the page", a.Text), locator: code}
		}
		return check{line: "await expect(" + code + ").toHaveCount(0);", held: n == 0, reason: fmt.Sprintf("%d visible matches of %q", n, a.Text), locator: code}
	case claim.Title:
		title, _ := p.Title()
		held := title == a.Text
		line := "await expect(page).toHaveTitle(" + pwline.JSQuote(a.Text) + ");"
		if !a.Exact {
			held = strings.Contains(strings.ToLower(title), strings.ToLower(a.Text))
			line = "await expect(page).toHaveTitle(new RegExp(" + pwline.JSQuote(pwline.RegexQuote(a.Text)) + ", 'i'));"
		}
		return check{line: line, held: held, reason: fmt.Sprintf("the title is %q", title)}
	case claim.URL:
		u := p.URL()
		held := u == a.Text
		line := "await expect(page).toHaveURL(" + pwline.JSQuote(a.Text) + ");"
		if !a.Exact {
			held = strings.Contains(u, a.Text)
			line = "await expect(page).toHaveURL(new RegExp(" + pwline.JSQuote(pwline.RegexQuote(a.Text)) + "));"
		}
		return check{line: line, held: held, reason: fmt.Sprintf("the URL is %s", u)}
	}
	cand, err := instruct.Resolve(view.Tree, a.ResolveVerb(), a.Target)
	var re *instruct.ResolveError
	if errors.As(err, &re) && !re.Ambiguous && a.Kind == claim.ElementHidden {
		return check{line: fmt.Sprintf("// %s is not in the accessibility tree", a.Target), held: true}
	}
	if err != nil {
		return check{line: fmt.Sprintf("// %s: %s", a.Target, err), reason: err.Error()}
	}
	el, code, err := p.Element(view, cand.Ref)
	if err != nil {
		return check{line: fmt.Sprintf("// %s: %s", a.Target, err), reason: err.Error()}
	}
	c := assertOn(el, code, view.Refs()[cand.Ref].Node, a)
	c.locator = code
	return c
}

// assertOn checks an element assertion on the element its target
// resolved to, whose locator is code.
func assertOn(el checkElement, code string, node *ariadiff.Node, a claim.Assertion) check {
	expect := "await expect(" + code + ")"
	switch a.Kind {
	case claim.ElementVisible, claim.ElementHidden:
		vis, err := el.IsVisible()
		if a.Kind == claim.ElementVisible {
			return check{line: expect + ".toBeVisible();", held: err == nil && vis, reason: "it is hidden"}
		}
		return check{line: expect + ".toBeHidden();", held: err == nil && !vis, reason: "it is visible"}
	case claim.Value:
		v, err := el.InputValue()
		if err != nil {
			return check{line: expect + ".toHaveValue(…);", reason: err.Error()}
		}
		if a.Exact {
			return check{line: expect + ".toHaveValue(" + pwline.JSQuote(a.Text) + ");", held: v == a.Text, reason: fmt.Sprintf("its value is %q", v)}
		}
		return check{line: expect + ".toHaveValue(new RegExp(" + pwline.JSQuote(pwline.RegexQuote(a.Text)) + "));", held: strings.Contains(v, a.Text), reason: fmt.Sprintf("its value is %q", v)}
	}
	return stateCheck(expect, a.State, el, node)
}

// textMatches counts the visible elements whose text holds pattern as
// whole words, in the main frame and in every frame, and prints the
// Playwright locator of the frame where they are (the main one first).
func textMatches(page playwright.Page, pattern string) (int, string, error) {
	sel := "internal:text=/" + pattern + "/iu >> visible=true"
	code := "getByText(/" + pattern + "/iu).filter({ visible: true })"
	total, where := 0, ""
	for _, f := range page.Frames() {
		loc := f.Locator(sel)
		n, err := loc.Count()
		if err != nil {
			if f == page.MainFrame() {
				return 0, "page." + code, err
			}
			continue // a frame that went away
		}
		if n > 0 && where == "" {
			where = "page"
			if f != page.MainFrame() {
				if h, err := loc.First().ElementHandle(); err == nil {
					if _, scope, err := browser.FrameScope(h); err == nil {
						where = scope
					}
				}
			}
		}
		total += n
	}
	if where == "" {
		where = "page"
	}
	return total, where + "." + code, nil
}

// stateCheck asserts one interactive state, reading it from the element
// (enabled, checked, focused) or from the ref snapshot's groups (pressed,
// expanded, selected), which is what the page exposes to assistive tech.
func stateCheck(expect, state string, el checkElement, n *ariadiff.Node) check {
	has := func(g string) bool { return n != nil && n.Has(g) }
	attr := func(name string, want bool) (string, bool) {
		line := fmt.Sprintf("%s.toHaveAttribute('aria-%s', '%t');", expect, name, want)
		return line, has(name) == want
	}
	var line string
	var held bool
	switch state {
	case "enabled", "disabled":
		en, err := el.IsEnabled()
		held = err == nil && en == (state == "enabled")
		line = expect + ".toBeEnabled();"
		if state == "disabled" {
			line = expect + ".toBeDisabled();"
		}
	case "checked", "unchecked":
		c, err := el.IsChecked()
		held = err == nil && c == (state == "checked")
		line = expect + ".toBeChecked();"
		if state == "unchecked" {
			line = expect + ".not.toBeChecked();"
		}
	case "focused":
		f, err := el.IsFocused()
		held, line = err == nil && f, expect+".toBeFocused();"
	case "expanded", "collapsed":
		line, held = attr("expanded", state == "expanded")
	case "pressed", "unpressed":
		line, held = attr("pressed", state == "pressed")
	case "selected", "unselected":
		line, held = attr("selected", state == "selected")
	default:
		return check{line: "// unknown state " + state, reason: "unknown state " + state}
	}
	return check{line: line, held: held, reason: fmt.Sprintf("it is not %s", state)}
}

//go:embed js/is_focused.js
var isFocusedJS string
