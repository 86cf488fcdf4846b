package steps

import (
	"context"
	_ "embed"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/outline"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/exec"
	"github.com/prima-dev/prima/prima/goal"
	"github.com/prima-dev/prima/prima/wire"
	"github.com/prima-dev/prima/refs"
)

// Goal runs a goal on the instance: the goal runner decides, this
// instance observes (from its full AI snapshot) and acts (pw on the refs
// the runner chose, through the one act-and-observe path, so every goal
// action carries its proof). The envelope is ok only on an unflagged
// verified pass.
func Goal(ctx context.Context, in *exec.Instance, spec goal.Spec, model *goal.Model) *envelope.Envelope {
	env := &envelope.Envelope{Command: "goal " + exec.QuoteIfSpaced(spec.Goal)}
	start, err := in.CurrentPage()
	if err != nil {
		in.Fail(env, err, nil)
		return env
	}
	// The goal's Changes run from the page before its first decision to
	// the page after its last action, like any acting command's.
	before, _ := in.Engine().Observe(ctx, start, false)
	// Every bound value is a secret of this command (Instance.Command gives
	// each command its own map): whatever prints it (envelopes, the
	// journal, network.jsonl) shows its {{name}}.
	ctx = exec.WithSecrets(ctx)
	for k, v := range spec.Data {
		exec.SecretsOf(ctx)[k] = v
	}

	dir := filepath.Join(in.ArtifactsDir, "goal-"+time.Now().UTC().Format("20060102T150405.000000000"))
	var rec *goal.Recorder
	if err := os.MkdirAll(dir, 0o700); err == nil {
		rec, _ = goal.OpenRecord(filepath.Join(dir, goal.RecordFile))
	}
	r := goal.Runner{Page: &goalPage{in: in}, Decider: model, Verifier: model, Record: rec}
	res, err := r.Run(ctx, spec)
	if rec != nil {
		rec.Close()
		env.Artifacts = append(env.Artifacts, envelope.Artifact{Name: goal.RecordFile, Path: filepath.Join(dir, goal.RecordFile)})
	}
	if err != nil {
		in.Fail(env, &wire.UsageError{Msg: err.Error()}, nil)
		return env
	}
	env.Goal = &envelope.Goal{Goal: res.Goal, Verify: res.Verify, Stop: string(res.Stop)}
	if res.Verdict != nil {
		env.Goal.Verify = strings.TrimSpace(res.Verify + "\nverifier: " + res.Verdict.String())
	}
	env.Answer = goalReport(res)
	env.OK = res.OK
	if !res.OK {
		env.Code = res.Stop.Code()
		env.Failure = &envelope.Failure{Error: res.Reason}
	}
	if page, err := in.CurrentPage(); err == nil {
		after, err := in.Engine().Observe(ctx, page, false)
		switch {
		case err == nil && before != nil:
			in.FillPage(env, before, after)
			// The goal typed what it typed: its value changes stay typed.
			env.Changes = exec.Changes(engine.TypedOnly(engine.Diff(before, after), true, engine.Target{}))
		case err == nil:
			in.FillPage(env, nil, after)
			env.Changes = exec.NotObserved("prima has no view of the page from before the goal")
		default:
			env.Changes = exec.NotObserved("the page could not be read after the goal: " + err.Error())
		}
	}
	return env
}

// goalReport is the body of the goal's Answer: the stop, the counts, and
// each dispatched action with its used: line and proof.
func goalReport(res goal.Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "stop: %s", res.Stop)
	if res.Reason != "" {
		fmt.Fprintf(&b, " — %s", res.Reason)
	}
	fmt.Fprintf(&b, "\ncounts: %d requests, %d actions, %.1f s (seed %d)\n", res.Requests, len(res.Actions), res.Seconds, res.Seed)
	for _, a := range res.Actions {
		mark := ""
		if a.Uncertain {
			mark = " (uncertain: it failed after input reached the page; not replayed)"
		}
		fmt.Fprintf(&b, "\n%d. %s%s\n", a.Step, a.Description, mark)
		if a.Generator != "" {
			fmt.Fprintf(&b, "   generated: %s by %s\n", a.Binding, a.Generator)
		}
		if a.Used != "" {
			fmt.Fprintf(&b, "   used: %s\n", a.Used)
		}
		if a.Proof != "" {
			fmt.Fprintf(&b, "   proof: %s\n", strings.ReplaceAll(strings.TrimSpace(a.Proof), "\n", "\n   "))
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// GoalObservationBudget is what one goal observation may show of the
// page's text.
const GoalObservationBudget = 24 << 10

// goalPage is the goal runner's view of an instance.
type goalPage struct{ in *exec.Instance }

// clickRoles and fillRoles are what the runner is offered to click and to
// type into.
var (
	clickRoles    = map[string]bool{"button": true, "link": true, "checkbox": true, "radio": true, "tab": true, "menuitem": true, "option": true, "switch": true, "menuitemcheckbox": true, "menuitemradio": true}
	fillRoles     = map[string]bool{"textbox": true, "searchbox": true, "spinbutton": true, "combobox": true}
	contexts      = map[string]bool{"form": true, "dialog": true, "alertdialog": true, "region": true, "group": true, "listitem": true, "row": true}
	goalLandmarks = map[string]string{"banner": "header", "navigation": "nav", "main": "main", "contentinfo": "footer", "dialog": "dialog", "alertdialog": "dialog", "complementary": "aside", "search": "search"}
)

// constraintJS reads a field's native constraints and its value; the value
// goes no further than the occupant function.
//
//go:embed js/constraint.js
var constraintJS string

// Observe settles on the page as it is and describes it from one full AI
// snapshot: the candidates by ref, role, name, context and location, the
// fields with their constraints, the page's compact text without values.
func (g *goalPage) Observe(ctx context.Context, occupant func(string) string) (goal.Observation, error) {
	in := g.in
	page, err := in.UsablePage()
	if err != nil {
		return goal.Observation{}, err
	}
	v, err := in.Engine().Snap(ctx, page)
	if err != nil {
		return goal.Observation{}, err
	}
	in.CountVisit(v.State().ID())
	obs := goal.Observation{URL: v.URL, Title: v.Title, Version: v.URL + " " + v.State().ID(), Complete: true}
	type frame struct {
		depth    int
		context  string
		location string
	}
	var stack []frame
	heading := ""
	v.Tree.Root.Walk(func(n *ariadiff.Node, depth int) bool {
		for len(stack) > 0 && stack[len(stack)-1].depth >= depth {
			stack = stack[:len(stack)-1]
		}
		ctxName, loc := "", ""
		if len(stack) > 0 {
			ctxName, loc = stack[len(stack)-1].context, stack[len(stack)-1].location
		}
		if n.Role == "heading" {
			heading = ariadiff.Head(n.Role, n.Name)
		}
		if ctxName == "" && heading != "" {
			ctxName = heading
		}
		if ref := n.Ref(); ref != "" {
			c := goal.Candidate{ID: ref, Role: n.Role, Name: n.Name, Context: ctxName, Location: loc, Disabled: n.Has("disabled")}
			switch {
			case fillRoles[n.Role] && (n.Role != "combobox" || n.HasValue):
				f := goal.Field{Candidate: c}
				f.Constraint, f.Occupant = g.field(ctx, page, ref, occupant)
				obs.Fills = append(obs.Fills, f)
			case clickRoles[n.Role] && !c.Disabled:
				obs.Clicks = append(obs.Clicks, c)
			}
		}
		next := frame{depth: depth, context: ctxName, location: loc}
		if contexts[n.Role] && n.Name != "" {
			next.context = ariadiff.Head(n.Role, n.Name)
		}
		if l, ok := goalLandmarks[n.Role]; ok && loc == "" {
			next.location = l
		}
		stack = append(stack, next)
		return true
	})
	// The page's text without refs and without field values: occupancy
	// says what a field holds, so a typed value is never echoed to the model.
	t := v.Tree.Clone()
	t.StripRefs()
	t.Root.Walk(func(n *ariadiff.Node, _ int) bool {
		if fillRoles[n.Role] {
			n.Value, n.HasValue = "", false
		}
		return true
	})
	// The page's text within a budget; a page it cannot show whole is an
	// incomplete observation (the runner fails closed, never plans on a
	// part it was not shown).
	out, _ := outline.Of(t, outline.Options{Budget: GoalObservationBudget})
	obs.Digest = out.Text
	obs.Complete = out.Collapsed == 0
	return obs, nil
}

// field reads one field's constraints, and what occupant makes of its
// value; the value itself goes no further.
func (g *goalPage) field(ctx context.Context, page playwright.Page, ref string, occupant func(string) string) (goal.Constraint, string) {
	r, err := refs.Parse(ref)
	if err != nil {
		return goal.Constraint{}, ""
	}
	var v any
	err = g.in.Engine().Within(ctx, func() (err error) {
		v, err = page.Locator(r.Selector()).Evaluate(constraintJS, nil, playwright.LocatorEvaluateOptions{Timeout: playwright.Float(2000)})
		return err
	})
	m, _ := v.(map[string]any)
	if err != nil || m == nil {
		return goal.Constraint{}, ""
	}
	str := func(k string) string { x, _ := m[k].(string); return x }
	num := func(k string) int {
		switch x := m[k].(type) {
		case int:
			return x
		case float64:
			return int(x)
		}
		return 0
	}
	req, _ := m["required"].(bool)
	c := goal.Constraint{Type: str("type"), MaxLength: num("max"), MinLength: num("min"), Pattern: str("pattern"),
		Min: str("minAttr"), Max: str("maxAttr"), Required: req, Autocomplete: str("autocomplete")}
	return c, occupant(str("value"))
}

// Act runs one click or type through pw on the ref the runner chose, so
// it is resolved, checked and proven like any pw action.
func (g *goalPage) Act(ctx context.Context, a goal.Action) (goal.Outcome, error) {
	in := g.in
	req := wire.PwRequest{Action: "click", Ref: a.Target}
	if a.Kind == goal.Type {
		name := strings.Trim(a.Binding, "{}")
		if name != "" && len(a.Value) >= exec.MinSecret {
			exec.SecretsOf(ctx)[name] = a.Value
		}
		req.Action, req.Values = "fill", []string{a.Value}
	}
	env := in.Pw(ctx, req)
	exec.SecretsOf(ctx).RedactEnvelope(env)
	in.Engine().Masks().Envelope(env)
	out := goal.Outcome{Used: env.Used, Proof: proofOf(env)}
	if env.OK {
		return out, nil
	}
	switch env.Code {
	case envelope.CodeStaleRef, envelope.CodeNotFound:
		out.Stale = true
	case envelope.CodeAmbiguous, envelope.CodeNotActionable, envelope.CodeUsage, envelope.CodeDialogOpen, envelope.CodeBrowserGone:
	default:
		out.Dispatched = true
	}
	msg := string(env.Code)
	if env.Failure != nil {
		msg += ": " + env.Failure.Error
	}
	return out, fmt.Errorf("%s", msg)
}

// proofOf is an action envelope's proof in one line per change.
func proofOf(env *envelope.Envelope) string {
	if env.Changes == nil {
		return ""
	}
	if len(env.Changes.Groups) == 0 {
		return "no change"
	}
	var lines []string
	for _, g := range env.Changes.Groups {
		for _, it := range g.Items {
			lines = append(lines, g.Kind+": "+it.String())
		}
	}
	if env.Changes.More > 0 {
		lines = append(lines, "+"+strconv.Itoa(env.Changes.More)+" more")
	}
	return strings.Join(lines, "\n")
}
