package prima

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/instruct"
	"github.com/prima-dev/prima/prima/pwline"
	"github.com/prima-dev/prima/refs"
)

// Step statuses, as `### Steps` prints them.
const (
	StepOK       = "ok"
	StepUnproven = "unproven"
	StepFail     = "FAIL"
)

// stepRecord is one line of steps.jsonl, the do run's record.
type stepRecord struct {
	N           int    `json:"n"`
	Instruction string `json:"instruction"`
	Status      string `json:"status"`
	Ref         string `json:"ref,omitempty"`
	Used        string `json:"used,omitempty"`
	Proof       string `json:"proof,omitempty"`
	Error       string `json:"error,omitempty"`
	Before      string `json:"before,omitempty"` // snapshot file names beside steps.jsonl
	After       string `json:"after,omitempty"`
	Diff        string `json:"diff,omitempty"`
	Planner     string `json:"planner"`
}

// Do performs exactly the listed instructions, in order, each on an
// element it resolved from the page as it is at that step, and proves
// each one with the change it caused. It stops at the first instruction
// that fails; the ones after it are reported as not run.
// DoOptions configure one do run.
type DoOptions struct {
	Planner *Planner // nil: literal instructions only
	// ResearchAfter is the visit of a state from which a stored research
	// map (tier 1) is preferred; 0 never.
	ResearchAfter int
}

func (in *Instance) Do(ctx context.Context, instructions []string, opts DoOptions) *envelope.Envelope {
	planner := opts.Planner
	env := &envelope.Envelope{Command: "do " + quoteArgs(instructions)}
	if len(instructions) == 0 {
		env.Failure = &envelope.Failure{Error: "do needs at least one instruction"}
		return env
	}
	page, err := in.currentPage()
	if err != nil {
		env.Failure = &envelope.Failure{Error: err.Error()}
		return env
	}
	first, err := in.view(ctx, page)
	if err != nil {
		env.Failure = failure(err)
		return env
	}
	in.states.observe(first.state().ID())
	rec := &doRecord{redact: in.Secrets.Redact, dir: filepath.Join(in.ArtifactsDir, "do-"+time.Now().UTC().Format("20060102T150405.000000000"))}
	view := first
	proven := 0
	var statuses []string
	var failErr error
	for i, text := range instructions {
		step := envelope.Step{N: i + 1, Instruction: text}
		if failErr != nil {
			step.Status, step.Proof = StepFail, fmt.Sprintf("not run: step %d failed", i)
			env.Steps = append(env.Steps, step)
			rec.add(stepRecord{N: i + 1, Instruction: text, Status: StepFail, Error: step.Proof, Planner: "none"}, nil, nil, nil)
			continue
		}
		plannerName := "literal"
		var r stepResult
		if _, perr := instruct.Parse(text); perr != nil && planner != nil && planner.Chat != nil {
			plannerName = "model"
			r = in.modelStep(ctx, page, view, instructions, statuses, i+1, planner)
		} else {
			r = in.literalStep(ctx, page, view, text, opts.ResearchAfter)
		}
		statuses = append(statuses, r.status)
		step.Status, step.Proof = r.status, r.proof
		env.Steps = append(env.Steps, step)
		if r.used != "" {
			env.Used = r.used
		}
		if r.err != nil {
			failErr = r.err
		}
		if r.status == StepOK {
			proven++
		}
		rec.add(stepRecord{N: i + 1, Instruction: text, Status: r.status, Ref: r.ref, Used: r.used, Proof: r.proof, Error: errText(r.err), Planner: plannerName}, view, r.after, r.changes)
		if r.after != nil {
			view = r.after
		}
	}
	env.Proven = &envelope.Proven{N: proven, M: len(instructions)}
	if planner != nil && planner.calls > 0 {
		env.Extra = append(env.Extra, envelope.KV{Key: "model calls", Value: fmt.Sprintf("%d, actions %d", planner.calls, planner.actions)})
	}
	in.fillPage(env, first, view)
	env.Changes = changes(diffViews(first, view))
	if a, ok := rec.flush(); ok {
		env.Artifacts = append(env.Artifacts, a)
	} else if rec.err != nil {
		env.Extra = append(env.Extra, envelope.KV{Key: "note", Value: "step records not written: " + rec.err.Error()})
	}
	if failErr != nil {
		env.Failure = failure(failErr)
		env.CurrentPage = view.Tree.Compact(ariadiff.CompactOptions{})
		return env
	}
	env.OK = true
	return env
}

// stepResult is what one instruction did.
type stepResult struct {
	status, proof, used, ref string
	tier                     string // set when a tier other than refs served the step
	err                      error
	after                    *pageView
	changes                  []ariadiff.Change
}

// literalStep reads an instruction with the literal grammar, resolves its
// target uniquely in the current view, acts, and finds the proof.
func (in *Instance) literalStep(ctx context.Context, page playwright.Page, view *pageView, text string, researchAfter int) stepResult {
	intent, err := instruct.Parse(text)
	if err != nil {
		return stepResult{status: StepFail, proof: err.Error() + "; no model is configured to read it (set PRIMA_MODEL)", err: err}
	}
	t := timeoutMS(ctx)
	in.net.start(view.URL)
	var res stepResult
	var head string
	switch {
	case intent.Verb == "go":
		u, err := resolveTarget(view.URL, intent.Value, false)
		if err == nil {
			res.used = "await page.goto(" + pwline.JSQuote(u.String()) + ");"
			_, err = page.Goto(u.String(), playwright.PageGotoOptions{Timeout: playwright.Float(t)})
		}
		res.err = err
	case intent.Verb == "press" && intent.Target.Text == "":
		res.used = "await page.keyboard.press(" + pwline.JSQuote(intent.Value) + ");"
		res.err = page.Keyboard().Press(intent.Value)
	case in.useMap(view, researchAfter):
		// Tier 1: a well-visited state with a stored map.
		m, _ := loadMap(in.ResearchDir, view.state().ID())
		if loc, e, ok := mapTarget(page, m, intent.Verb, intent.Target); ok {
			action := Actions[intent.Verb]
			res.used = "await " + e.Code + action.code(intent.Value) + ";"
			res.tier = "research map"
			head = ariadiff.Head(e.Role, e.Name)
			value, ferr := in.Secrets.Fill(intent.Value)
			if ferr != nil {
				res.err = ferr
				break
			}
			res.err = action.onLocator(loc, value, t)
			break
		}
		fallthrough
	default:
		cand, err := instruct.Resolve(view.Tree, intent.Verb, intent.Target)
		var re *instruct.ResolveError
		if errors.As(err, &re) && !re.Ambiguous {
			// Tier 3: the target is not in the accessibility tree; look
			// for it in the page's markup by its exact text or label.
			loc, code, ok := markupTarget(page, intent.Target)
			if !ok && intent.Target.Word != "" {
				loc, code, ok = markupTarget(page, instruct.Target{Text: intent.Target.Text + " " + intent.Target.Word})
			}
			if ok {
				action := Actions[intent.Verb]
				res.used = "await " + code + action.code(intent.Value) + ";"
				res.tier = "markup"
				value, ferr := in.Secrets.Fill(intent.Value)
				if ferr != nil {
					res.err = ferr
					break
				}
				res.err = action.onLocator(loc, value, t)
				break
			}
		}
		if err != nil {
			res.err = err
			break
		}
		res.ref = cand.Ref
		r, _ := refs.Parse(cand.Ref)
		entry := view.refs()[cand.Ref]
		head = ariadiff.Head(entry.Role, entry.Name)
		resolved, err := resolveRef(page, view.Tree, r, entry.Role, entry.Name)
		if err != nil {
			res.err = err
			break
		}
		action := Actions[intent.Verb]
		res.used = "await " + resolved.code + action.code(intent.Value) + ";"
		value, ferr := in.Secrets.Fill(intent.Value)
		if ferr != nil {
			res.err = ferr
			break
		}
		res.err = action.onHandle(resolved.handle, value, t)
	}
	in.net.settle(time.Second)
	if page.URL() != view.URL {
		page.WaitForLoadState(playwright.PageWaitForLoadStateOptions{State: playwright.LoadStateDomcontentloaded, Timeout: playwright.Float(t)})
	}
	in.net.stop()
	after, err := in.snap(ctx, page)
	if err != nil {
		page.WaitForLoadState(playwright.PageWaitForLoadStateOptions{State: playwright.LoadStateDomcontentloaded, Timeout: playwright.Float(t)})
		after, err = in.snap(ctx, page)
	}
	if err == nil {
		res.after = after
		res.changes = diffViews(view, after)
	} else if res.err == nil {
		res.err = fmt.Errorf("the action ran, but the page could not be read afterwards: %w", err)
	}
	if res.err != nil {
		res.status, res.proof = StepFail, res.err.Error()
		return res
	}
	res.proof = proof(intent.Verb, head, view.URL, after.URL, res.changes)
	res.status = StepOK
	if res.proof == "" {
		res.status, res.proof = StepUnproven, "no observed change"
	}
	if res.tier != "" {
		res.proof += " (via " + res.tier + ")"
	}
	return res
}

// useMap reports whether tier 1 applies: the state has been visited at
// least researchAfter times and has a stored map.
func (in *Instance) useMap(view *pageView, researchAfter int) bool {
	if researchAfter <= 0 || in.ResearchDir == "" {
		return false
	}
	id := view.state().ID()
	if in.states.count(id) < researchAfter {
		return false
	}
	_, ok := loadMap(in.ResearchDir, id)
	return ok
}

// markupTarget finds, outside the accessibility tree, the one element
// whose text, label, placeholder or title is exactly the target's text.
func markupTarget(page playwright.Page, t instruct.Target) (playwright.Locator, string, bool) {
	for _, c := range []struct{ sel, code string }{
		{"internal:text=" + pwline.TextQuote(t.Text, true), "page.getByText(" + pwline.JSQuote(t.Text) + ", { exact: true })"},
		{"internal:label=" + pwline.TextQuote(t.Text, true), "page.getByLabel(" + pwline.JSQuote(t.Text) + ", { exact: true })"},
		{"internal:attr=[placeholder=" + pwline.AttrQuote(t.Text, true) + "]", "page.getByPlaceholder(" + pwline.JSQuote(t.Text) + ", { exact: true })"},
		{"internal:attr=[title=" + pwline.AttrQuote(t.Text, true) + "]", "page.getByTitle(" + pwline.JSQuote(t.Text) + ", { exact: true })"},
	} {
		loc := page.Locator(c.sel)
		if n, err := loc.Count(); err == nil && n == 1 {
			return loc, c.code, true
		}
	}
	return nil, "", false
}

// proof picks the diff entry that shows the instruction took effect: for a
// fill, the value typed into that very field; for a check, that box
// toggled; for a click, the page's answer (a message, a state change, a
// navigation). An entry about another element never proves a fill.
func proof(verb, head, fromURL, toURL string, cs []ariadiff.Change) string {
	about := func(kinds ...ariadiff.Kind) string {
		for _, c := range cs {
			for _, k := range kinds {
				if c.Kind == k && head != "" && strings.HasPrefix(c.Text, head+":") {
					return c.String()
				}
			}
		}
		return ""
	}
	switch verb {
	case "fill", "type", "clear":
		return about(ariadiff.Typed)
	case "select":
		return about(ariadiff.Selected, ariadiff.Typed)
	case "check", "uncheck":
		return about(ariadiff.Toggled)
	}
	if fromURL != toURL {
		return fmt.Sprintf("navigated: %s -> %s", pathOf(fromURL), pathOf(toURL))
	}
	if p := about(ariadiff.Toggled, ariadiff.Changed, ariadiff.Selected); p != "" {
		return p
	}
	for _, k := range []ariadiff.Kind{ariadiff.Added, ariadiff.Renamed, ariadiff.Changed, ariadiff.Toggled, ariadiff.Removed, ariadiff.Typed, ariadiff.Selected} {
		for _, c := range cs {
			if c.Kind == k {
				return c.String()
			}
		}
	}
	return ""
}

func pathOf(raw string) string {
	if i := strings.Index(raw, "://"); i >= 0 {
		if j := strings.Index(raw[i+3:], "/"); j >= 0 {
			return raw[i+3+j:]
		}
	}
	return raw
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func quoteArgs(args []string) string {
	var out []string
	for _, a := range args {
		out = append(out, fmt.Sprintf("%q", a))
	}
	return strings.Join(out, " ")
}

// doRecord writes a do run's per-step artifacts: the before and after
// snapshot of each step, its diff, and steps.jsonl naming them.
type doRecord struct {
	redact func(string) string // secrets out of every file
	dir    string
	lines  []stepRecord
	files  map[string]string
	err    error
}

func (r *doRecord) add(s stepRecord, before, after *pageView, cs []ariadiff.Change) {
	if r.files == nil {
		r.files = map[string]string{}
	}
	if before != nil {
		s.Before = fmt.Sprintf("step-%d-before.aria", s.N)
		r.files[s.Before] = before.Text
	}
	if after != nil {
		s.After = fmt.Sprintf("step-%d-after.aria", s.N)
		r.files[s.After] = after.Text
		var b strings.Builder
		for _, c := range cs {
			b.WriteString(c.String())
			b.WriteByte('\n')
		}
		s.Diff = fmt.Sprintf("step-%d.diff", s.N)
		r.files[s.Diff] = b.String()
	}
	r.lines = append(r.lines, s)
}

func (r *doRecord) flush() (envelope.Artifact, bool) {
	if err := os.MkdirAll(r.dir, 0o700); err != nil {
		r.err = err
		return envelope.Artifact{}, false
	}
	for name, content := range r.files {
		if err := os.WriteFile(filepath.Join(r.dir, name), []byte(r.redact(content)), 0o600); err != nil {
			r.err = err
			return envelope.Artifact{}, false
		}
	}
	var b strings.Builder
	for _, l := range r.lines {
		j, _ := json.Marshal(l)
		b.Write(j)
		b.WriteByte('\n')
	}
	path := filepath.Join(r.dir, "steps.jsonl")
	if err := os.WriteFile(path, []byte(r.redact(b.String())), 0o600); err != nil {
		r.err = err
		return envelope.Artifact{}, false
	}
	return envelope.Artifact{Name: "steps.jsonl", Path: path}, true
}
