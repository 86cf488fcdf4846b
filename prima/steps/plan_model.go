package steps

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/ladder"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/exec"
	"github.com/prima-dev/prima/prima/judge"
	"github.com/prima-dev/prima/prima/own"
	"github.com/prima-dev/prima/prima/planner"
	"github.com/prima-dev/prima/prima/pwline"
	"github.com/prima-dev/prima/refs"
)

// Planner is the model side of do: a chat model for instructions the
// literal grammar cannot read, an optional vision model for tier 4, and
// the budgets of one run.
type Planner struct {
	Chat          *planner.Client
	Vision        *planner.Client
	Judge         *judge.Judge // offered to the model as a tool when set
	MaxModelCalls int
	MaxActions    int

	calls, actions int
}

// injection is one context the model was given: its number and the view
// whose refs it holds. A ref not in the current injection is dead.
type injection struct {
	n     int
	view  *engine.View
	tier  ladder.Tier // the research map, refs, or markup once the model asked twice on this page
	asked bool        // context was called on this page already
	// m is the state's research map when the injection shows it (tier 1):
	// its refs (m1, m2, …) name the map's locators, which outlive the
	// page's re-renders as refs do not.
	m *UIMap
}

func newInjection(n int, v *engine.View) *injection {
	return &injection{n: n, view: v, tier: ladder.AriaRefs}
}

// inject is the context the model gets of view: the state's research map
// when the ladder starts there (a well-visited state with a stored map),
// else its refs.
func (r *modelRun) inject(n int, v *engine.View) *injection {
	inj := newInjection(n, v)
	id := v.State().ID()
	if r.researchAfter <= 0 || ladder.Start(r.in.Visits(id), r.researchAfter, true) != ladder.ResearchMap {
		return inj
	}
	if m, ok := loadMap(r.in.ResearchDir, id); ok {
		inj.tier, inj.m = ladder.ResearchMap, m
	}
	return inj
}

// modelRun is the state of one instruction under the model.
type modelRun struct {
	in       *exec.Instance
	page     playwright.Page
	p        *Planner
	k        int // 1-based number of the current instruction
	texts    []string
	inj      *injection
	changes  []ariadiff.Change
	own      *own.Attribution
	proof    string
	used     string
	refused  []string
	finished bool
	failed   error
	events   []string
	blocked  bool
	from     *engine.View
	// researchAfter is the visit of a state from which its research map
	// is the first context (0: never).
	researchAfter int
	viaMap        bool // the proving action named a research map's element
}

// modelStep lets the model perform instruction k (1-based) and nothing
// else: every tool call is checked in code before anything runs.
func modelStep(ctx context.Context, in *exec.Instance, page playwright.Page, view *engine.View, texts []string, statuses []string, k int, p *Planner, researchAfter int) stepResult {
	r := &modelRun{in: in, page: page, p: p, k: k, texts: texts, from: view, researchAfter: researchAfter}
	r.inj = r.inject(1, view)
	secrets := exec.SecretsOf(ctx)
	conv := p.Chat.Start(secrets.Redact(r.brief(statuses)), p.Judge != nil)
	for !r.finished && r.failed == nil {
		if p.calls >= p.MaxModelCalls {
			r.failed = &exec.BudgetError{Spent: "model call", N: p.MaxModelCalls}
			break
		}
		p.calls++
		calls, err := conv.Next(ctx)
		if err != nil {
			r.failed = &exec.ModelError{Err: err}
			break
		}
		if len(calls) == 0 {
			// The model stopped talking without done: judge by what was seen.
			r.finished = true
			break
		}
		for _, tc := range calls {
			result := r.call(ctx, tc.Name, tc.Args)
			conv.Answer(tc.ID, r.in.Engine().Masks().Text(secrets.Redact(result)))
		}
	}
	res := stepResult{used: r.used, after: r.inj.view, changes: r.changes, events: r.events, blocked: r.blocked, own: r.own}
	note := ""
	if len(r.refused) > 0 {
		note = "; refused: " + strings.Join(r.refused, "; ")
	}
	switch {
	case r.failed != nil:
		res.status, res.proof = StepFail, r.failed.Error()+note
		res.err = fmt.Errorf("instruction %d: %w", k, r.failed)
	case r.proof != "" && r.viaMap:
		res.status, res.proof = StepOK, r.proof+" (via research map)"+note
	case r.proof != "":
		res.status, res.proof = StepOK, r.proof+note
	default:
		res.status, res.proof = StepUnproven, "no observed change"+note
	}
	return res
}

// brief is the first user message: the instructions with their states,
// the current one marked, and the page with refs.
func (r *modelRun) brief(statuses []string) string {
	var b strings.Builder
	b.WriteString("Instructions:\n")
	for i, t := range r.texts {
		mark := "later"
		switch {
		case i+1 == r.k:
			mark = "CURRENT"
		case i < len(statuses) && statuses[i] != "":
			mark = "done: " + statuses[i]
		}
		fmt.Fprintf(&b, "%d. [%s] %s\n", i+1, mark, t)
	}
	fmt.Fprintf(&b, "\nPerform instruction %d only, then call done for it.\n\n", r.k)
	b.WriteString(r.contextText("context #1"))
	return b.String()
}

func (r *modelRun) contextText(label string) string {
	v := r.inj.view
	if m := r.inj.m; m != nil {
		return fmt.Sprintf("Page (%s, the research map of a well-visited state: its controls by section; url %s; title %q). "+
			"Refs below (m1, m2, …) replace every ref you held; call context for the whole page with its refs:\n%s", label, v.URL, v.Title, mapRefs(m))
	}
	return fmt.Sprintf("Page (%s; url %s; title %q). Refs below replace every ref you held:\n%s", label, v.URL, v.Title, v.Tree.Compact(ariadiff.CompactOptions{}))
}

// mapRefs lists a research map's elements by section, each with its map
// ref.
func mapRefs(m *UIMap) string {
	var b strings.Builder
	section := ""
	for i, e := range m.Elements {
		if e.Section != section {
			section = e.Section
			fmt.Fprintf(&b, "%s:\n", section)
		}
		fmt.Fprintf(&b, "  - %s [ref=m%d]\n", ariadiff.Head(e.Role, e.Name), i+1)
	}
	return b.String()
}

// mapEntry is the research map element a map ref (m3) names in the
// current injection.
func (r *modelRun) mapEntry(ref string) (MapEntry, bool) {
	var i int
	if r.inj.m == nil || !strings.HasPrefix(ref, "m") {
		return MapEntry{}, false
	}
	if _, err := fmt.Sscanf(ref, "m%d", &i); err != nil || fmt.Sprintf("m%d", i) != ref || i < 1 || i > len(r.inj.m.Elements) {
		return MapEntry{}, false
	}
	return r.inj.m.Elements[i-1], true
}

func (r *modelRun) refuse(name string, a planner.Args, why string) string {
	target := a.Ref
	if target == "" {
		target = a.Selector
	}
	r.refused = append(r.refused, fmt.Sprintf("%s %s for instruction %d: %s", name, target, a.Instruction, why))
	return "refused, nothing was done: " + why
}

// call checks one tool call against the scope and runs it.
func (r *modelRun) call(ctx context.Context, name, raw string) string {
	a, err := planner.ParseArgs(raw)
	if err != nil {
		return r.refuse(name, a, err.Error())
	}
	switch name {
	case "context":
		return r.context(ctx)
	case "judge":
		return r.ask(ctx, a)
	case "done":
		if a.Instruction != r.k {
			return r.refuse(name, a, fmt.Sprintf("instruction %d is not the current one (%d)", a.Instruction, r.k))
		}
		r.finished = true
		if a.Status == "failed" && r.proof == "" {
			r.failed = &exec.ModelError{GaveUp: a.Proof}
		}
		return "noted"
	}
	verb, ok := map[string]string{"clickRef": "click", "hoverRef": "hover", "fillRef": "fill", "selectRef": "select", "checkRef": "check", "pressKey": "press", "visualClick": "click"}[name]
	if !ok {
		return r.refuse(name, a, "no such tool")
	}
	if a.Instruction < 1 || a.Instruction > len(r.texts) {
		return r.refuse(name, a, fmt.Sprintf("there is no instruction %d", a.Instruction))
	}
	if a.Instruction != r.k {
		return r.refuse(name, a, fmt.Sprintf("instruction %d is not the current one (%d)", a.Instruction, r.k))
	}
	if r.proof != "" {
		return r.refuse(name, a, fmt.Sprintf("instruction %d is already proven (%s); no further action on it", r.k, r.proof))
	}
	if r.p.actions >= r.p.MaxActions {
		r.failed = &exec.BudgetError{Spent: "action", N: r.p.MaxActions}
		return r.refuse(name, a, r.failed.Error())
	}
	if name == "checkRef" && a.Checked != nil && !*a.Checked {
		verb = "uncheck"
	}
	if verb == "fill" || verb == "select" {
		if a.Value == "" || !strings.Contains(strings.ToLower(r.texts[r.k-1]), strings.ToLower(a.Value)) {
			return r.refuse(name, a, fmt.Sprintf("the value %q is not stated in instruction %d; prima types only values the instruction gives", a.Value, r.k))
		}
	}
	if name == "pressKey" {
		a.Value = a.Key
	}
	var handle playwright.ElementHandle
	var loc playwright.Locator
	var code string
	var target engine.Target // the role and name its Changes are told by, when a ref named it
	switch {
	case name == "visualClick":
		if next, ok := ladder.Next(r.inj.tier, ladder.NeedsAppearance, true); !ok || next != ladder.Vision {
			return r.refuse(name, a, "vision is the last tier, for a click on what only its looks identify")
		}
		if r.p.Vision == nil {
			return r.refuse(name, a, "no vision model is configured (set PRIMA_VISION_MODEL)")
		}
		h, c, err := r.locateByVision(ctx, a.Description)
		if err != nil {
			return "failed: " + err.Error()
		}
		handle, code = h, c
	case a.Ref != "" && r.inj.m != nil:
		e, ok := r.mapEntry(a.Ref)
		if !ok {
			return r.refuse(name, a, fmt.Sprintf("ref %s is not in the current context (#%d, the research map): name one of its refs (m1, m2, …), or call context for the page with its refs", a.Ref, r.inj.n))
		}
		loc := r.page.Locator(e.Selector)
		if n, err := loc.Count(); err != nil || n != 1 {
			return fmt.Sprintf("failed: the map's locator for %s (%s) matches %d elements now, not one; call context for the page with its refs", a.Ref, ariadiff.Head(e.Role, e.Name), n)
		}
		h, err := exec.BindLocator(loc, e.Code)
		if err != nil {
			return "failed: " + err.Error() + "; call context for the page with its refs"
		}
		handle, code, target = h, e.Code, engine.Target{Role: e.Role, Name: e.Name}
	case a.Ref != "":
		e, ok := r.inj.view.Refs()[a.Ref]
		if !ok {
			return r.refuse(name, a, fmt.Sprintf("ref %s is dead: it is not in the current context (#%d); refs from an earlier context are void; call context for fresh refs", a.Ref, r.inj.n))
		}
		ref, err := refs.Parse(a.Ref)
		if err != nil {
			return r.refuse(name, a, err.Error())
		}
		res, err := browser.ResolveRef(ctx, r.in.Engine().Within, r.page, r.inj.view.Tree, ref, e.Role, e.Name)
		if err != nil {
			return "failed: " + err.Error() + "; call context for fresh refs"
		}
		handle, code, target = res.Handle, res.Code, engine.Target{Role: e.Role, Name: e.Name}
	case a.Selector != "":
		if r.inj.tier != ladder.Markup {
			return r.refuse(name, a, "a selector is allowed only from markup that context returned; call context twice on this page to get it")
		}
		loc = r.page.Locator(a.Selector)
		n, err := loc.Count()
		if err != nil || n != 1 {
			return r.refuse(name, a, fmt.Sprintf("selector %s matches %d elements, not exactly one", a.Selector, n))
		}
		code = "page.locator(" + pwline.JSQuote(a.Selector) + ")"
	case name == "pressKey":
	default:
		return r.refuse(name, a, "name a ref from the current context")
	}
	value, ferr := exec.SecretsOf(ctx).Fill(a.Value)
	if ferr != nil {
		return r.refuse(name, a, ferr.Error())
	}
	r.p.actions++
	act := pwline.Actions[pwline.Verb(verb)]
	before := r.inj.view
	o := r.in.Act(ctx, r.page, before, func(context.Context) (*engine.Action, error) {
		switch {
		case handle != nil:
			return r.in.Engine().OnElement(ctx, handle, engine.Target{Code: code}, act, engine.Opts{Value: value})
		case loc != nil:
			return r.in.PrepLocator(ctx, loc, a.Selector, code, act, engine.Opts{Value: value})
		}
		return &engine.Action{
			Line: pwline.Line{Method: "keyboard.press", Value: a.Key},
			Run:  func(context.Context) error { return r.page.Keyboard().Press(a.Key) },
		}, nil
	})
	if o.Used != "" {
		r.used = o.Used
	}
	r.events = append(r.events, browser.Texts(o.Events)...)
	err = o.Err
	if o.Blocked {
		r.blocked = true
		r.proof = "opened a dialog; the page waits for its answer"
		r.finished = true
		return "done. A dialog opened and blocks the page; the instruction ends here."
	}
	if o.After == nil {
		r.failed = errors.New("the page could not be read after the action")
		if err != nil {
			r.failed = fmt.Errorf("the page could not be read after the action: %w", err)
		}
		return "failed: " + r.failed.Error()
	}
	after := r.in.Engine().WithRefs(ctx, r.page, o.After)
	cs := o.Changes
	r.changes = append(r.changes, cs...)
	r.own = r.own.Add(o.Own)
	if err == nil {
		r.proof = proof(verb, target, before.URL, after.URL, cs)
		r.viaMap = r.proof != "" && r.inj.m != nil && a.Ref != ""
	}
	var out strings.Builder
	if err != nil {
		fmt.Fprintf(&out, "failed: %v\n", err)
	} else {
		out.WriteString("done.\n")
	}
	if len(cs) == 0 {
		out.WriteString("observed: no change\n")
	} else {
		out.WriteString("observed:\n")
		for _, c := range cs {
			fmt.Fprintf(&out, "  %s\n", c)
		}
	}
	changed := before.State() != after.State()
	if changed {
		r.inj = r.inject(r.inj.n+1, after)
		out.WriteString("\nThe page changed. " + r.contextText(fmt.Sprintf("context #%d", r.inj.n)))
	} else {
		r.inj.view = after
	}
	return out.String()
}

// ask puts the model's question to the judge with a state prima
// assembles itself: the instructions, the page capped, the steps so far.
// The model supplies only the question.
func (r *modelRun) ask(ctx context.Context, a planner.Args) string {
	if r.p.Judge == nil {
		return "refused: the judge tool is not enabled"
	}
	// The page capped for the question, as verify and a semantic go send
	// it: the lines it names kept, what was cut said (and traced).
	ps := judge.PageState(exec.PageText(r.inj.view), a.Question)
	state := map[string]any{"instructions": r.texts, "current": r.k, "page": ps["page"], "observed": exec.ChangeTexts(r.changes)}
	if cut := ps["cut"]; cut != "" {
		state["cut"] = cut
	}
	d := r.p.Judge.Consult(ctx, a.Question, a.Options, state)
	if d.Approved {
		return fmt.Sprintf("approved: %s (%.2f)", d.Value, d.Probability)
	}
	return fmt.Sprintf("not approved: %s", d.Reason)
}

// context descends the ladder: fresh refs first, capped markup when asked
// again on the same page.
func (r *modelRun) context(ctx context.Context) string {
	if next, ok := ladder.Next(r.inj.tier, ladder.ContextRepeat, false); r.inj.asked && ok {
		r.inj.tier = next
	}
	if r.inj.asked && r.inj.tier == ladder.Markup {
		m, err := exec.CompactMarkup(ctx, r.in.Engine(), r.page, 12000)
		if err != nil {
			return "failed: " + err.Error()
		}
		return "Markup of the page (capped; tier 3). Controls the accessibility tree does not show appear here; act on them with a selector from this markup:\n" + m
	}
	v, err := r.in.Engine().Snap(ctx, r.page)
	if err != nil {
		return "failed: " + err.Error()
	}
	// From the map too, the page with refs comes first (the new injection
	// is refs), and a repeat call descends to markup.
	r.inj = newInjection(r.inj.n+1, v)
	r.inj.asked = true
	return r.contextText(fmt.Sprintf("context #%d", r.inj.n))
}

// pointJS names the element under a point, for vision clicks.
//
//go:embed js/element_at_point.js
var pointJS string

// locateByVision asks the vision model where the described element is,
// binds the element under that point, and derives its unique locator so
// `used:` names what was clicked.
func (r *modelRun) locateByVision(ctx context.Context, description string) (playwright.ElementHandle, string, error) {
	png, err := r.page.Screenshot()
	if err != nil {
		return nil, "", err
	}
	size := r.page.ViewportSize()
	w, h := 1280, 720
	if size != nil {
		w, h = size.Width, size.Height
	}
	x, y, err := r.p.Vision.Locate(ctx, png, w, h, description)
	if err != nil {
		return nil, "", err
	}
	js, err := r.in.Engine().EvaluateHandle(ctx, r.page, pointJS, []float64{x, y})
	if err != nil {
		return nil, "", err
	}
	el := js.AsElement()
	if el == nil {
		return nil, "", fmt.Errorf("no element at (%v, %v)", x, y)
	}
	info, err := browser.ReadInfo(ctx, r.in.Engine().Within, el)
	if err != nil {
		return nil, "", err
	}
	for _, c := range browser.Candidates("", "", info) {
		l := r.page.Locator(c.Selector)
		n, i, err := browser.MatchOf(ctx, r.in.Engine().Within, l, el)
		if errors.Is(err, browser.ErrDeadline) {
			return nil, "", err
		}
		if n == 1 && i == 0 {
			return el, "page." + c.Code, nil
		}
	}
	return nil, "", fmt.Errorf("the element at (%v, %v) (<%s> %q) has no unique locator", x, y, info.Tag, info.Text)
}
