// Package steps runs the commands made of several steps on one instance:
// do's instructions through the literal, widget and model tiers,
// research's map that do reads, and goal's page.
package steps

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/ladder"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/exec"
	"github.com/prima-dev/prima/prima/instruct"
	"github.com/prima-dev/prima/prima/own"
	"github.com/prima-dev/prima/prima/pwline"
	"github.com/prima-dev/prima/prima/wire"
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

// DoOptions configure one do run.
type DoOptions struct {
	Planner *Planner // nil: literal instructions only
	// ResearchAfter is the visit of a state from which a stored research
	// map (tier 1) is preferred; 0 never.
	ResearchAfter int
}

// doPage is what a do run asks of the browser: to run one instruction on
// the page as a view shows it, the view the next step reads, and the
// dialog that blocks the page.
type doPage interface {
	// Step runs instructions[i] on the page as view shows it; statuses
	// are the steps' so far.
	Step(ctx context.Context, view *engine.View, instructions, statuses []string, i int) stepResult
	// Next is the view the step after reads its refs from: the step's
	// view after (nil when it took none, then view), on the tab now
	// selected unless a dialog blocks the page.
	Next(ctx context.Context, view, after *engine.View, blocked bool) *engine.View
	// Blocking describes the dialog open on the page; "" when none.
	Blocking() string
}

// doRun is what a do run's steps did, for its envelope.
type doRun struct {
	steps      []envelope.Step
	events     []string
	used       string
	proven     int
	err        error // the first step's that failed
	blocked    bool  // a dialog the last steps raised is open
	redirected string
	typed      []ariadiff.Change // contenteditable changes the tree cannot show
	own        *own.Attribution
	last       *engine.View // the view the run ended on, with refs for the next command
	// upTo is the view the run's Changes are read up to: the last
	// step's after-view, whose changes the tracker attributed. last may be
	// a later look (a snapshot for refs), and on a page that changes on
	// its own what changed since that after-view is nobody's known work.
	upTo *engine.View
	// unread: the last step ran and the page was not read after it, so
	// its Changes are not known.
	unread string
}

// runSteps performs the instructions in order, each on the page as the
// view before it shows it, and stops at the first that fails: the ones
// after it are reported as not run. While a step's dialog is open, only
// an instruction that answers it runs.
func runSteps(ctx context.Context, p doPage, first *engine.View, instructions []string, rec *doRecord) doRun {
	run := doRun{last: first, upTo: first}
	var statuses []string
	notRun := func(i int, text, why string) {
		run.steps = append(run.steps, envelope.Step{N: i + 1, Instruction: text, Status: StepFail, Proof: why})
		rec.add(stepRecord{N: i + 1, Instruction: text, Status: StepFail, Error: why, Planner: "none"}, nil, nil, nil)
	}
	for i, text := range instructions {
		if run.err == nil && run.blocked {
			if d := p.Blocking(); d != "" && !answersDialog(text) {
				run.err = &exec.DialogOpenError{Dialog: d}
				notRun(i, text, "not run: "+run.err.Error())
				continue
			}
			run.blocked = false
		}
		if run.err != nil {
			notRun(i, text, fmt.Sprintf("not run: step %d failed", i))
			continue
		}
		view := run.last
		r := p.Step(ctx, view, instructions, statuses, i)
		statuses = append(statuses, r.status)
		run.steps = append(run.steps, envelope.Step{N: i + 1, Instruction: text, Status: r.status, Proof: r.proof})
		run.events = append(run.events, r.events...)
		if r.used != "" {
			run.used = r.used
		}
		run.err = r.err
		if r.status == StepOK {
			run.proven++
		}
		run.blocked = run.blocked || r.blocked
		if r.typed != nil {
			run.typed = append(run.typed, *r.typed)
		}
		run.own = run.own.Add(r.own)
		if r.after != nil {
			run.redirected = r.redirected
		}
		run.unread = r.unread
		rec.add(stepRecord{N: i + 1, Instruction: text, Status: r.status, Ref: r.ref, Used: r.used, Proof: r.proof, Error: errText(r.err), Planner: r.planner}, view, r.after, r.changes)
		run.last = p.Next(ctx, view, r.after, run.blocked)
		run.upTo = run.last
		if r.after != nil && run.last != nil && run.last.Doc == r.after.Doc {
			run.upTo = r.after
		}
	}
	return run
}

// Do performs exactly the listed instructions, in order, each on an
// element it resolved from the page as it is at that step, and proves
// each one with the change it caused (runSteps).
func Do(ctx context.Context, in *exec.Instance, instructions []string, opts DoOptions) *envelope.Envelope {
	env := &envelope.Envelope{Command: "do " + exec.QuoteArgs(instructions)}
	if len(instructions) == 0 {
		in.Fail(env, &wire.UsageError{Msg: "do needs at least one instruction"}, nil)
		return env
	}
	var page playwright.Page
	var first *engine.View
	last, shown := in.Engine().Last()
	if d := in.Obs.Dialog(); d != nil && answersDialog(instructions[0]) && last != nil && shown == d.Page {
		// The page is blocked until the dialog is answered, which is
		// what the first instruction does: start from the view prima
		// took before the dialog opened.
		page, first = d.Page, last
	} else {
		var ok bool
		if page, first, ok = in.Begin(ctx, env, true); !ok {
			return env
		}
	}
	rec := &doRecord{redact: func(s string) string { return in.Engine().Masks().Text(exec.SecretsOf(ctx).Redact(s)) }, dir: filepath.Join(in.ArtifactsDir, "do-"+time.Now().UTC().Format("20060102T150405.000000000"))}
	run := runSteps(ctx, &liveDo{in: in, page: page, opts: opts}, first, instructions, rec)
	env.Steps, env.Events, env.Used = run.steps, run.events, run.used
	env.Proven = &envelope.Proven{N: run.proven, M: len(instructions)}
	if planner := opts.Planner; planner != nil && planner.calls > 0 {
		env.Extra = append(env.Extra, envelope.KV{Key: "model calls", Value: fmt.Sprintf("%d, actions %d", planner.calls, planner.actions)})
	}
	in.FillPage(env, first, run.upTo)
	env.Page.Redirected = run.redirected
	all := engine.Diff(first, run.upTo)
	for i := len(run.typed) - 1; i >= 0; i-- {
		if !engine.HasTyped(all, run.typed[i]) {
			all = append([]ariadiff.Change{run.typed[i]}, all...)
		}
	}
	env.Changes = exec.Changes(own.Mark(all, run.own))
	if run.blocked {
		env.Changes.Groups = append(env.Changes.Groups, exec.BlockedChanges().Groups...)
	}
	if run.unread != "" {
		// Never `no change` for a page nobody looked at after the
		// last step.
		env.Changes.Groups = append(env.Changes.Groups, exec.NotObserved(run.unread).Groups...)
	}
	if a, ok := rec.flush(); ok {
		env.Artifacts = append(env.Artifacts, a)
	} else if rec.err != nil {
		env.Extra = append(env.Extra, envelope.KV{Key: "note", Value: "step records not written: " + rec.err.Error()})
	}
	if run.err != nil {
		in.Fail(env, run.err, run.last)
		return env
	}
	env.OK = true
	if !run.blocked {
		lines, more, _ := in.Engine().NewRefs(ctx, page, first, run.last, all)
		env.NewRefs, env.MoreRefs = exec.NewRefs(lines), more
	}
	return env
}

// liveDo is a do run's browser: the instance, on the tab the run is on.
type liveDo struct {
	in   *exec.Instance
	page playwright.Page
	opts DoOptions
}

func (d *liveDo) Step(ctx context.Context, view *engine.View, instructions, statuses []string, i int) stepResult {
	text, planner := instructions[i], d.opts.Planner
	if _, perr := instruct.Parse(text); perr != nil && !isInstructionError(perr) && planner != nil && planner.Chat != nil {
		r := modelStep(ctx, d.in, d.page, view, instructions, statuses, i+1, planner, d.opts.ResearchAfter)
		r.planner = "model"
		return r
	}
	r := literalStep(ctx, d.in, d.page, view, text, d.opts.ResearchAfter)
	r.planner = "literal"
	return r
}

func (d *liveDo) Next(ctx context.Context, view, after *engine.View, blocked bool) *engine.View {
	if after != nil {
		view = d.in.Engine().WithRefs(ctx, d.page, after)
	}
	if cur, err := d.in.CurrentPage(); err == nil && cur != d.page && !blocked {
		// The step selected, opened or closed a tab: the next steps act
		// on the tab now selected.
		if v, err := d.in.Engine().Observe(ctx, cur, true); err == nil {
			d.page, view = cur, v
		}
	}
	return view
}

func (d *liveDo) Blocking() string {
	if dl := d.in.Obs.Dialog(); dl != nil {
		return dl.Describe()
	}
	return ""
}

// stepResult is what one instruction did.
type stepResult struct {
	status, proof, used, ref string
	err                      error
	after                    *engine.View
	changes                  []ariadiff.Change
	events                   []string
	blocked                  bool   // a dialog the step raised is open
	redirected               string // where the server redirected the step's navigation from
	typed                    *ariadiff.Change
	own                      *own.Attribution // who changed the page while the step ran
	planner                  string           // who read the instruction: literal or model
	unread                   string           // why the page was not read after the step ran
}

// literalStep reads an instruction with the literal grammar, resolves its
// target uniquely in the current view, and acts through the act path.
func literalStep(ctx context.Context, in *exec.Instance, page playwright.Page, view *engine.View, text string, researchAfter int) stepResult {
	intent, err := instruct.Parse(text)
	if err != nil {
		msg := err.Error()
		if !isInstructionError(err) {
			msg += "; no model is configured to read it (set PRIMA_MODEL)"
		}
		return stepResult{status: StepFail, proof: msg, err: err}
	}
	switch intent.Verb {
	case "tab", "closetab":
		return tabStep(ctx, in, intent)
	case "wait", "waitgone":
		return waitStep(ctx, in, page, view, intent)
	case "accept", "dismiss":
		e := in.AnswerDialog(ctx, intent.Verb == "accept", intent.Value)
		last, _ := in.Engine().Last()
		return envelopeStep(e, last)
	}
	if intent.Verb == "select" && len(intent.Values) <= 1 {
		// A custom select (a combobox, a listbox that keeps its own value)
		// is picked as a user picks it; a native one by selectOption.
		if b, err := locate(ctx, in, page, view, intent.Verb, intent.Target, researchAfter); err == nil {
			native, err := in.Engine().Evaluate(ctx, b.h, nativeSelectJS)
			var standIn string // the hidden <select> the target named, when the widget in its place is picked from
			if err == nil && native == true {
				if w, code, ok := standInWidget(ctx, in, page, b.h); ok {
					standIn = b.t.What()
					b.h.Dispose()
					b.h, b.t, b.ref, native = w, engine.Target{Code: code}, "", false
				}
			}
			if err == nil && native == false {
				value, err := exec.SecretsOf(ctx).Fill(intent.Value)
				if err != nil {
					b.h.Dispose()
					return stepResult{status: StepFail, proof: err.Error(), err: err}
				}
				res := widgetSelect(ctx, in, page, view, b, value)
				var notes []string
				if b.matched != "" {
					notes = append(notes, b.matched)
				}
				if standIn != "" {
					notes = append(notes, standIn+" is a <select> the page hides from the user; prima picked from the widget it draws in its place, as a user does")
				}
				if res.status == StepOK && len(notes) > 0 {
					res.proof += " (" + strings.Join(notes, "; ") + ")"
				}
				return res
			}
			b.h.Dispose()
		}
	}
	if intent.Verb == "expand" || intent.Verb == "collapse" {
		// Only a click that makes it so: one on a disclosure already
		// expanded would collapse it, and the other way round.
		if c, err := instruct.Resolve(view.Tree, intent.Verb, intent.Target); err == nil {
			if e, ok := view.Refs()[c.Ref]; ok && e.Node != nil && e.Node.Has("expanded") == (intent.Verb == "expand") {
				state := map[bool]string{true: "expanded", false: "not expanded"}[intent.Verb == "expand"]
				return stepResult{status: StepOK, ref: c.Ref, after: view, proof: fmt.Sprintf("%s is %s already; nothing was clicked", ariadiff.Head(c.Role, c.Name), state)}
			}
		}
	}
	var target engine.Target
	var via, ref, matched string
	var items []string  // for a click through markup on an item of a list: the other items' texts
	disclosure := false // an expand or collapse of an element that says whether it is expanded
	action, opts := verbAction(intent.Verb)
	o := in.Act(ctx, page, view, func(ctx context.Context) (*engine.Action, error) {
		value, err := exec.SecretsOf(ctx).Fill(intent.Value)
		if err != nil {
			return nil, err
		}
		opts.Value = value
		switch intent.Verb {
		case "go":
			u, err := wire.ResolveURL(view.URL, intent.Value, false)
			if err != nil {
				return nil, err
			}
			return engine.Goto(page, u, engine.NavOpts{})(ctx)
		case "back", "forward", "reload":
			return engine.History(page, map[string]string{"back": "goBack", "forward": "goForward", "reload": "reload"}[intent.Verb], engine.NavOpts{})
		case "press":
			if intent.Target.Text == "" {
				return in.PrepPage(ctx, page, view, pwline.Line{Method: "keyboard.press", Value: value})
			}
		case "upload":
			for _, f := range intent.Values {
				opts.Values = append(opts.Values, exec.CallerPath(ctx, f))
			}
			if err := exec.CheckFiles(opts.Values); err != nil {
				return nil, err
			}
		}
		b, err := locate(ctx, in, page, view, intent.Verb, intent.Target, researchAfter)
		if err != nil {
			return nil, err
		}
		ref, matched, via, target = b.ref, b.matched, b.via(), b.t
		if kind := map[string]string{"check": "box", "uncheck": "box", "fill": "field", "clear": "field"}[intent.Verb]; kind != "" {
			// A web component named as a whole is checked or filled as a
			// hand does it: through the one box or field it draws.
			if c, code, ok := innerControl(ctx, in, page, b.h, kind); ok {
				b.h.Dispose()
				b.h, b.t = c, engine.Target{Code: code}
				target = b.t
			}
		}
		if intent.Verb == "click" && b.tier == ladder.Markup {
			items = listItems(ctx, in.Engine(), b.h)
		}
		if intent.Verb == "expand" || intent.Verb == "collapse" {
			v, _ := in.Engine().Evaluate(ctx, b.h, disclosesJS)
			disclosure = v == true
		}
		if intent.Verb == "fill" || intent.Verb == "type" || intent.Verb == "clear" {
			// A field the page hides behind an editor it draws in its
			// place: what a user types into is the editor's document.
			si, err := in.Engine().StandIn(ctx, b.h)
			if err != nil {
				b.h.Dispose()
				return nil, err
			}
			if si != nil {
				si.Widget.Dispose()
				code, _, lerr := browser.LocatorOf(ctx, in.Engine().Within, page, si.Doc)
				if lerr == nil && (si.Editable || intent.Verb != "type") {
					hidden := b.t.What()
					b.h.Dispose()
					target = engine.Target{Code: code}
					var a *engine.Action
					if si.Editable {
						a, err = in.Engine().OnElement(ctx, si.Doc, target, action, opts)
					} else {
						a, err = in.Engine().IntoDocument(ctx, si.Doc, nil, target, action, opts)
					}
					if a != nil {
						n := "the field (" + hidden + ") is hidden from the user; prima typed into the editor the page draws in its place"
						if !si.Editable {
							n = "the field (" + hidden + ") is hidden from the user"
						}
						if a.Note != "" {
							n += "; " + a.Note
						}
						a.Note = n
					}
					return a, err
				}
				si.Doc.Dispose()
			}
		}
		if intent.Verb == "drag" {
			to, err := locate(ctx, in, page, view, instruct.Drop, intent.To, 0)
			if err != nil {
				return nil, err
			}
			return in.Engine().Drag(ctx, page, b.h, to.h, b.t.What(), to.t.What(), b.t.Code, to.t.Code, engine.DragOpts{})
		}
		return in.Engine().OnElement(ctx, b.h, b.t, action, opts)
	})
	res := stepResult{used: o.Used, ref: ref, err: o.Err, after: o.After, changes: o.Changes, own: o.Own, events: browser.Texts(o.Events), blocked: o.Blocked, redirected: o.Redirected, typed: o.Typed}
	if o.Ran {
		res.unread = o.Unread
	}
	if res.err != nil {
		res.status, res.proof = StepFail, res.err.Error()
		return res
	}
	res.status = StepOK
	switch {
	case o.Blocked:
		res.proof = "opened a dialog; the page waits for its answer"
		for _, e := range o.Events {
			if e.Kind == browser.EventDialog {
				res.proof = e.Text
			}
		}
	default:
		res.proof = proof(intent.Verb, target, view.URL, o.After.URL, res.changes)
		if res.proof == "" && (target.Role == "" || target.Name == "") && (intent.Verb == "fill" || intent.Verb == "type" || intent.Verb == "clear" || intent.Verb == "select") {
			// Found through markup, or unnamed (a text beside it names
			// it), the field has no head in the tree: its change is the
			// one with the values read from the element.
			res.proof = fieldProof(o.Typed, o.Value, res.changes)
		}
		if res.proof == "" && target.Role == "" && (intent.Verb == "check" || intent.Verb == "uncheck") {
			// Found through markup (a component's box drawn in its shadow
			// root), the box has no head in the tree: its change is the
			// one box that turned as asked.
			res.proof = boxProof(intent.Verb+"ed", res.changes)
		}
		if res.proof == "" && (intent.Verb == "fill" || intent.Verb == "select") && o.Value != nil && o.Value[0] == o.Value[1] {
			// The field held the value already, and holds it (read from the
			// element after the fill or the select's check): nothing to
			// change, and nothing wrong.
			res.proof = fmt.Sprintf("%s holds %q, as it did before", target.What(), o.Value[1])
		}
		if res.proof == "" {
			// A dialog answered, a tab opened, a download: outside the
			// tree, still the effect. Console errors and requests still in
			// flight prove nothing.
			for _, e := range o.Events {
				if e.Kind == browser.EventDialog || e.Kind == browser.EventTab || e.Kind == browser.EventDownload {
					res.proof = e.Text
					break
				}
			}
		}
	}
	if disclosure && !o.Blocked {
		// An element that says whether it is expanded is expanded (or
		// collapsed) only when it says so now: a click that selected a
		// tree's item instead did something else than asked.
		want, other := "expanded", "collapsed"
		if intent.Verb == "collapse" {
			want, other = other, want
		}
		if p := disclosed(target, want, res.changes); p != "" {
			res.proof = p
		} else {
			res.err = &engine.ValueMismatchError{Field: target.What(), Want: want, Got: other}
			res.status, res.proof = StepFail, res.err.Error()
			return res
		}
	}
	if res.proof == "" {
		res.status, res.proof = StepUnproven, "no observed change"
		for _, c := range res.changes {
			if c.Own {
				res.proof = "no observed change from this step, only the page's own: " + string(c.Kind) + ": " + c.Text
				break
			}
		}
		for _, e := range o.Events {
			if e.Kind == browser.EventBusy {
				res.proof = "no observed change yet (" + e.Text + ")"
			}
		}
	}
	if intent.Verb == "click" && !o.Blocked {
		other, what := "", ""
		if e, ok := view.Refs()[ref]; ok && ref != "" {
			other, what = otherSelected(view, e, res.changes), ariadiff.Head(e.Role, e.Name)
		} else if len(items) > 0 {
			other, what = selectedOther(intent.Target.Text, items, res.changes), fmt.Sprintf("%q", intent.Target.Text)
		}
		if other != "" {
			res.err = &exec.SelectedOtherError{Target: what, Selected: other}
			res.status, res.proof = StepFail, res.err.Error()
			return res
		}
	}
	var notes []string
	for _, n := range []string{matched, o.Note} {
		if n != "" {
			notes = append(notes, n)
		}
	}
	if via != "" {
		notes = append(notes, via)
	}
	if intent.Stop {
		notes = append(notes, fmt.Sprintf("the closing full stop ended the instruction, so %q was typed without it: quote the value to type it", intent.Value))
	}
	if len(notes) > 0 {
		res.proof += " (" + strings.Join(notes, "; ") + ")"
	}
	return res
}

// tabStep is do's `switch to tab N` and `close tab [N]`.
func tabStep(ctx context.Context, in *exec.Instance, intent instruct.Intent) stepResult {
	n := 0
	if intent.Value != "" {
		v, err := strconv.Atoi(intent.Value)
		if err != nil {
			return stepResult{status: StepFail, proof: "a tab is named by its number", err: &wire.UsageError{Msg: "a tab is named by its number (prima tab list)"}}
		}
		n = v
	}
	op := "select"
	if intent.Verb == "closetab" {
		op = "close"
	}
	return envelopeStep(in.Tabs(ctx, op, n, ""), nil)
}

// envelopeStep turns a command's envelope into a do step.
func envelopeStep(e *envelope.Envelope, after *engine.View) stepResult {
	r := stepResult{used: e.Used, events: e.Events, after: after}
	if !e.OK {
		r.status, r.proof = StepFail, e.Failure.Error
		r.err = &exec.StepError{Msg: e.Failure.Error, Code: e.Code}
		return r
	}
	r.status = StepOK
	switch {
	case len(e.Events) > 0:
		r.proof = e.Events[0]
	case e.Changes != nil && len(e.Changes.Groups) > 0:
		g := e.Changes.Groups[0]
		r.proof = g.Kind + ": " + g.Items[0].String()
	default:
		r.status, r.proof = StepUnproven, "no observed change"
	}
	return r
}

// waitStep is do's `wait for TEXT` and `wait until TEXT is gone`.
func waitStep(ctx context.Context, in *exec.Instance, page playwright.Page, view *engine.View, intent instruct.Intent) stepResult {
	o := in.Act(ctx, page, view, exec.PrepWait(ctx, page, intent.Value, intent.Verb == "waitgone", 0))
	r := stepResult{err: o.Err, after: o.After, changes: o.Changes, events: browser.Texts(o.Events), blocked: o.Blocked}
	if o.Ran {
		r.unread = o.Unread
	}
	if o.Err != nil {
		r.status, r.proof = StepFail, o.Err.Error()
		return r
	}
	r.status, r.proof = StepOK, fmt.Sprintf("the text %q is visible", intent.Value)
	if intent.Verb == "waitgone" {
		r.proof = fmt.Sprintf("the text %q is gone", intent.Value)
	}
	return r
}

// isInstructionError: a do instruction that is not one action.
func isInstructionError(err error) bool {
	var c *instruct.CompoundError
	return errors.As(err, &c)
}

// answersDialog reports whether an instruction accepts or dismisses a
// dialog, the one thing that can run while a dialog blocks the page.
func answersDialog(text string) bool {
	intent, err := instruct.Parse(text)
	return err == nil && (intent.Verb == "accept" || intent.Verb == "dismiss")
}

// verbAction maps a do verb to the action it performs and its options.
func verbAction(verb string) (pwline.Action, engine.Opts) {
	switch verb {
	case "rightclick":
		return pwline.Actions[pwline.Click], engine.Opts{Button: "right"}
	case "expand", "collapse":
		return pwline.Actions[pwline.Click], engine.Opts{}
	}
	return pwline.Actions[pwline.Verb(verb)], engine.Opts{}
}

// bound is a do target bound to its element, and how it was found.
type bound struct {
	h            playwright.ElementHandle
	t            engine.Target
	ref, matched string
	tier         ladder.Tier
}

// via is the step's note on the tier that found the target; the default
// tier (refs) goes without saying.
func (b bound) via() string {
	switch b.tier {
	case ladder.ResearchMap:
		return "via research map"
	case ladder.Markup:
		return "via markup"
	}
	return ""
}

// locate finds the one element a target names, asking the perception
// ladder where to start and where to go when a tier cannot see it: the
// research map of a well-visited state, the refs of the snapshot, the
// visible markup when the tree lacks it. It never substitutes: an
// ambiguous or missing target is an error.
func locate(ctx context.Context, in *exec.Instance, page playwright.Page, view *engine.View, verb string, target instruct.Target, researchAfter int) (bound, error) {
	id := view.State().ID()
	visits := in.Visits(id)
	m, haveMap := (*UIMap)(nil), false
	// Read the map only when the ladder could start there: a file read
	// per step otherwise.
	if ladder.Start(visits, researchAfter, true) == ladder.ResearchMap && in.ResearchDir != "" {
		m, haveMap = loadMap(in.ResearchDir, id)
	}
	tier := ladder.Start(visits, researchAfter, haveMap)
	click := verb == "click"
	if tier == ladder.ResearchMap {
		if loc, e, ok := mapTarget(page, m, verb, target); ok {
			h, err := exec.BindLocator(loc, e.Code)
			return bound{h: h, t: engine.Target{Role: e.Role, Name: e.Name, Code: e.Code}, tier: tier}, err
		}
		tier, _ = ladder.Next(tier, ladder.NotInTree, click)
	}
	cand, err := instruct.Resolve(view.Tree, verb, target)
	var re *instruct.ResolveError
	if errors.As(err, &re) && !re.Ambiguous {
		if next, ok := ladder.Next(tier, ladder.NotInTree, click); ok && next == ladder.Markup {
			loc, found, merr := markupTarget(ctx, in, page, target, verb)
			if errors.Is(merr, errNoMarkup) && target.Word != "" {
				loc, found, merr = markupTarget(ctx, in, page, instruct.Target{Text: target.Text + " " + target.Word}, verb)
			}
			switch {
			case merr == nil:
				h, err := exec.BindLocator(loc, found.Code)
				return bound{h: h, t: found, tier: next}, err
			case !errors.Is(merr, errNoMarkup):
				var ma *exec.MarkupAmbiguousError
				if errors.As(merr, &ma) {
					ma.Refs = refsShowing(view.Tree, ma.Text)
				}
				return bound{}, merr
			}
		}
	}
	if errors.As(err, &re) && re.Ambiguous {
		// Of several that fit, the one a user sees is meant (a native
		// select the page hides behind its widget names its options as
		// the widget's face does).
		if c, ok := onlySeen(ctx, in, page, view, re.Candidates); ok {
			cand, err = c, nil
		}
	}
	if err != nil {
		return bound{}, err
	}
	r, _ := refs.Parse(cand.Ref)
	entry := view.Refs()[cand.Ref]
	res, err := browser.ResolveRef(ctx, in.Engine().Within, page, view.Tree, r, entry.Role, entry.Name)
	if err != nil {
		return bound{}, err
	}
	return bound{h: res.Handle, t: engine.Target{Role: entry.Role, Name: entry.Name, Code: res.Code}, ref: cand.Ref, matched: cand.Note(), tier: tier}, nil
}

// onlySeen is the one candidate a user sees, when all the others are
// hidden from the user.
func onlySeen(ctx context.Context, in *exec.Instance, page playwright.Page, view *engine.View, cands []instruct.Candidate) (instruct.Candidate, bool) {
	var seen []instruct.Candidate
	for _, c := range cands {
		r, err := refs.Parse(c.Ref)
		if err != nil {
			return instruct.Candidate{}, false
		}
		entry := view.Refs()[c.Ref]
		res, err := browser.ResolveRef(ctx, in.Engine().Within, page, view.Tree, r, entry.Role, entry.Name)
		if err != nil {
			return instruct.Candidate{}, false
		}
		ok, err := in.Engine().Seen(ctx, res.Handle)
		res.Handle.Dispose()
		if err != nil {
			return instruct.Candidate{}, false
		}
		if ok {
			seen = append(seen, c)
		}
	}
	if len(seen) != 1 {
		return instruct.Candidate{}, false
	}
	return seen[0], true
}

// markupTarget finds, outside the accessibility tree, the one visible
// element whose text, label, placeholder or title is exactly the target's
// text. Several visible ones are ambiguous, listed by their locators.
func markupTarget(ctx context.Context, in *exec.Instance, page playwright.Page, t instruct.Target, verb string) (playwright.Locator, engine.Target, error) {
	loc, found, err := markupWays(ctx, in, page, t, verb, true)
	if errors.Is(err, errNoMarkup) {
		// Rule 10: the exact name, case aside ("start date" is the field
		// labelled Start date), as written first.
		return markupWays(ctx, in, page, t, verb, false)
	}
	return loc, found, err
}

// markupWays is markupTarget's search, the text exactly as written
// (exact) or whole, case aside.
func markupWays(ctx context.Context, in *exec.Instance, page playwright.Page, t instruct.Target, verb string, exact bool) (playwright.Locator, engine.Target, error) {
	type how struct{ sel, code, role string }
	text := how{"internal:text=" + pwline.TextQuote(t.Text, true), "page.getByText(" + pwline.JSQuote(t.Text) + ", { exact: true })", ""}
	if !exact {
		re := "/^\\s*" + pwline.RegexQuote(t.Text) + "\\s*$/i"
		text.sel, text.code = "internal:text="+re, "page.getByText("+re+")"
	}
	var ways []how
	if verb == "check" || verb == "uncheck" {
		// What a user checks is the box a text names, even one the tree
		// lists without a ref because its label covers it (a web
		// component's checkbox): never the text itself.
		for _, role := range []string{"checkbox", "radio", "switch"} {
			ways = append(ways, how{"internal:role=" + role + "[name=" + pwline.AttrQuote(t.Text, true) + "]",
				"page.getByRole(" + pwline.JSQuote(role) + ", { name: " + pwline.JSQuote(t.Text) + ", exact: true })", role})
		}
	}
	if exact {
		ways = append(ways, []how{
			{"internal:label=" + pwline.TextQuote(t.Text, true), "page.getByLabel(" + pwline.JSQuote(t.Text) + ", { exact: true })", ""},
			{"internal:attr=[placeholder=" + pwline.AttrQuote(t.Text, true) + "]", "page.getByPlaceholder(" + pwline.JSQuote(t.Text) + ", { exact: true })", ""},
			{"internal:attr=[title=" + pwline.AttrQuote(t.Text, true) + "]", "page.getByTitle(" + pwline.JSQuote(t.Text) + ", { exact: true })", ""},
		}...)
	} else {
		re := "/^\\s*" + pwline.RegexQuote(t.Text) + "\\s*$/i"
		ways = append(ways, how{"internal:label=" + re, "page.getByLabel(" + re + ")", ""})
	}
	// What a user fills or checks is the field a text labels (an editor
	// named by aria-labelledby), never the label's own text; what a user
	// clicks is first the text itself.
	if verb == "fill" || verb == "type" || verb == "clear" || verb == "check" || verb == "uncheck" {
		ways = append(ways, text)
	} else {
		ways = append([]how{text}, ways...)
	}
	for _, c := range ways {
		// Hidden copies of the text (a closed panel, a display:none
		// message) are not what a user could act on (rule 14); `used:`
		// says so only when a hidden copy exists, to stay replayable.
		loc := page.Locator(c.sel + " >> visible=true")
		n, err := loc.Count()
		if err != nil || n == 0 {
			continue
		}
		code := c.code
		if all, err := page.Locator(c.sel).Count(); err != nil || all != n {
			code += ".filter({ visible: true })"
		}
		if n > 1 {
			return nil, engine.Target{}, &exec.MarkupAmbiguousError{Text: t.Text, Code: code, Count: n}
		}
		if c == text && (verb == "fill" || verb == "type" || verb == "clear" || verb == "select") {
			// A text is no field: what a user fills is the field it
			// labels from beside it, if it labels one.
			if fl, code, ok := fieldBeside(ctx, in, page, loc); ok {
				return fl, engine.Target{Code: code}, nil
			}
		}
		found := engine.Target{Code: code}
		if c.role != "" {
			found.Role, found.Name = c.role, t.Text
		}
		return loc, found, nil
	}
	return nil, engine.Target{}, errNoMarkup
}

// disclosesJS tells whether an element says whether it is expanded.
//
//go:embed js/discloses.js
var disclosesJS string

// fieldBesideJS finds the one field a text labels from beside it.
//
//go:embed js/field_beside.js
var fieldBesideJS string

// innerControlJS finds the one box or field a web component keeps in its
// shadow root.
//
//go:embed js/inner_control.js
var innerControlJS string

// innerControl is the one box (kind "box") or field ("field") the
// component h draws in its shadow root, when h is no control itself: a
// handle and its locator's code.
func innerControl(ctx context.Context, in *exec.Instance, page playwright.Page, h playwright.ElementHandle, kind string) (playwright.ElementHandle, string, bool) {
	v, err := in.Engine().EvaluateHandle(ctx, h, innerControlJS, kind)
	if err != nil {
		return nil, "", false
	}
	c := v.AsElement()
	if c == nil {
		v.Dispose()
		return nil, "", false
	}
	code, _, err := browser.LocatorOf(ctx, in.Engine().Within, page, c)
	if err != nil {
		c.Dispose()
		return nil, "", false
	}
	return c, code, true
}

// fieldBeside is the field the text at loc labels from beside it (no tie,
// a toolbar between them at most), as a locator and its code.
func fieldBeside(ctx context.Context, in *exec.Instance, page playwright.Page, loc playwright.Locator) (playwright.Locator, string, bool) {
	h, err := loc.ElementHandle()
	if err != nil {
		return nil, "", false
	}
	defer h.Dispose()
	v, err := in.Engine().EvaluateHandle(ctx, h, fieldBesideJS)
	if err != nil {
		return nil, "", false
	}
	f := v.AsElement()
	if f == nil {
		v.Dispose()
		return nil, "", false
	}
	defer f.Dispose()
	code, sel, err := browser.LocatorOf(ctx, in.Engine().Within, page, f)
	if err != nil {
		return nil, "", false
	}
	return page.Locator(sel), code, true
}

// standInWidget is the widget a user opens in place of the hidden field h
// (a custom select over its native one), as a handle and its locator.
func standInWidget(ctx context.Context, in *exec.Instance, page playwright.Page, h playwright.ElementHandle) (playwright.ElementHandle, string, bool) {
	si, err := in.Engine().StandIn(ctx, h)
	if err != nil || si == nil {
		return nil, "", false
	}
	si.Doc.Dispose()
	code, _, err := browser.LocatorOf(ctx, in.Engine().Within, page, si.Widget)
	if err != nil {
		si.Widget.Dispose()
		return nil, "", false
	}
	return si.Widget, code, true
}

// errNoMarkup: no visible element shows the text either.
var errNoMarkup = errors.New("no visible element shows the text")

// refsShowing lists the snapshot's nodes whose name or text is exactly
// text, as `role "name" [ref=eN]`.
func refsShowing(t *ariadiff.Tree, text string) []string {
	var out []string
	t.Root.Walk(func(n *ariadiff.Node, _ int) bool {
		if r := n.Ref(); r != "" && (n.Name == text || (n.HasValue && strings.TrimSpace(n.Value) == text)) {
			out = append(out, fmt.Sprintf("%s %q [ref=%s]", n.Role, text, r))
		}
		return true
	})
	return out
}

// proof picks the diff entry that shows the instruction took effect: for a
// fill, the value typed into that very field; for a check, that box
// toggled; for a click, the page's answer (a message, a state change, a
// navigation). An entry about another element never proves a fill.
// disclosed is the change that shows target turned to state (expanded,
// collapsed), "" when none does.
func disclosed(target engine.Target, state string, cs []ariadiff.Change) string {
	for _, c := range cs {
		to := turnedTo(c)
		if !c.Own && c.Kind == ariadiff.Changed && to == state && target.Role != "" && c.Of.Is(target.Role, target.Name) {
			return c.String()
		}
	}
	return ""
}

// turnedTo is what a changed value or state holds now, for a named
// element and for one no name tells apart.
func turnedTo(c ariadiff.Change) string {
	if c.Of != nil && c.Of.To != "" {
		return c.Of.To
	}
	return c.To
}

// boxProof is the one box the page did not turn on its own that turned
// to state (checked, unchecked); "" when none or several did.
func boxProof(state string, cs []ariadiff.Change) string {
	found := ""
	for _, c := range cs {
		to := turnedTo(c)
		if c.Own || c.Kind != ariadiff.Toggled || to != state {
			continue
		}
		if found != "" {
			return ""
		}
		found = c.String()
	}
	return found
}

func proof(verb string, target engine.Target, fromURL, toURL string, cs []ariadiff.Change) string {
	cs = slices.DeleteFunc(slices.Clone(cs), func(c ariadiff.Change) bool { return c.Own })
	about := func(kinds ...ariadiff.Kind) string {
		for _, c := range cs {
			for _, k := range kinds {
				if c.Kind == k && target.Role != "" && c.Of.Is(target.Role, target.Name) {
					return c.String()
				}
			}
		}
		return ""
	}
	switch verb {
	case "fill", "type", "clear":
		// A combobox's typed text is its value, which the diff calls
		// selected.
		return about(ariadiff.Typed, ariadiff.Selected)
	case "select":
		return about(ariadiff.Selected, ariadiff.Typed)
	case "check", "uncheck":
		return about(ariadiff.Toggled)
	}
	if fromURL != toURL {
		return fmt.Sprintf("navigated: %s -> %s", engine.PathOf(fromURL), engine.PathOf(toURL))
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

// listRoles are the items of a widget list: a click on one should select it.
var listRoles = map[string]bool{"option": true, "menuitem": true, "menuitemradio": true, "menuitemcheckbox": true, "treeitem": true, "listitem": true, "gridcell": true, "tab": true, "radio": true}

// otherSelected is the name of another item of the target's list that a
// value change now names (a widget that selected the first or the focused
// item, not the one clicked): such a change is no proof of the click.
func otherSelected(view *engine.View, target refs.Entry, cs []ariadiff.Change) string {
	if !listRoles[target.Role] || target.Name == "" {
		return ""
	}
	var names []string
	for _, e := range view.Refs() {
		if e.Role == target.Role {
			names = append(names, e.Name)
		}
	}
	return selectedOther(target.Name, names, cs)
}

// selectedOther is the item of names (the items of the clicked one's
// list) other than the clicked one, name, that a value change now names.
func selectedOther(name string, names []string, cs []ariadiff.Change) string {
	siblings := map[string]string{}
	for _, n := range names {
		if n != "" && !strings.EqualFold(n, name) {
			siblings[strings.ToLower(n)] = n
		}
	}
	for _, c := range cs {
		if c.To == "" || (c.Kind != ariadiff.Selected && c.Kind != ariadiff.Typed && c.Kind != ariadiff.Changed) {
			continue
		}
		to := c.To
		if strings.EqualFold(to, name) {
			return ""
		}
		if name, ok := siblings[strings.ToLower(to)]; ok {
			return name
		}
	}
	return ""
}

// listItemsJS gives the texts of the other items of the list an element
// is an item of (an option of a listbox, a menu's item, a list's li), or
// null when it is none.
//
//go:embed js/list_items.js
var listItemsJS string

// listItems reads listItemsJS on h: nil when h is no item of a list.
func listItems(ctx context.Context, e *engine.Engine, h playwright.ElementHandle) []string {
	v, err := e.Evaluate(ctx, h, listItemsJS)
	if err != nil {
		return nil
	}
	l, _ := v.([]any)
	var out []string
	for _, x := range l {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// fieldProof is the change of a field acted on through markup: its own
// text change (a contenteditable), else the one value change in the diff
// from and to the values the element itself held.
func fieldProof(typed *ariadiff.Change, value *[2]string, cs []ariadiff.Change) string {
	if typed != nil {
		return typed.String()
	}
	if value == nil || value[0] == value[1] {
		return ""
	}
	from, to := ariadiff.ShownPair(value[0], value[1])
	found := ""
	for _, c := range cs {
		if c.Of != nil && ariadiff.LiveRegion(c.Of.Role) {
			continue // a status echoing the value is no second field
		}
		if (c.Kind == ariadiff.Typed || c.Kind == ariadiff.Changed || c.Kind == ariadiff.Selected) && c.From == from && c.To == to {
			if found != "" {
				return "" // two fields changed alike: neither proves this one
			}
			found = c.String()
		}
	}
	return found
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
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

func (r *doRecord) add(s stepRecord, before, after *engine.View, cs []ariadiff.Change) {
	if r.files == nil {
		r.files = map[string]string{}
	}
	if before != nil {
		s.Before = fmt.Sprintf("step-%d-before.aria", s.N)
		r.files[s.Before] = before.String()
	}
	if after != nil {
		s.After = fmt.Sprintf("step-%d-after.aria", s.N)
		r.files[s.After] = after.String()
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
