package exec

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
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/judge"
	"github.com/prima-dev/prima/prima/pwline"
	"github.com/prima-dev/prima/prima/wire"
	"github.com/prima-dev/prima/refs"
)

// MaxChanges caps `### Changes`; the rest is counted as `+N more`.
const MaxChanges = 30

// Pw performs one direct action, with no AI and no healing, and returns
// the envelope that proves what it changed.
func (in *Instance) Pw(ctx context.Context, req wire.PwRequest) *envelope.Envelope {
	req.Ref = strings.TrimSpace(req.Ref)
	parts := []string{req.Action, req.Ref}
	for _, v := range req.Values {
		parts = append(parts, quoteIfSpaced(v))
	}
	if req.Button != "" {
		parts = append(parts, "--button", req.Button)
	}
	if len(req.Modifiers) > 0 {
		parts = append(parts, "--modifiers", strings.Join(req.Modifiers, ","))
	}
	if req.Count != 0 {
		parts = append(parts, "--count", fmt.Sprint(req.Count))
	}
	command := "pw " + strings.TrimSpace(strings.Join(nonEmpty(parts...), " "))
	if req.Line != "" {
		command = "pw " + req.Line
	}
	env := &envelope.Envelope{Command: command}
	action, line, err := req.Parse()
	if err == nil {
		for i := range req.Values {
			if req.Values[i], err = requestOf(ctx).secrets.Fill(req.Values[i]); err != nil {
				break
			}
		}
	}
	if err != nil {
		in.failWith(env, err, nil)
		return env
	}
	// A ref target is resolved against the last view with refs (bind); a
	// Playwright line may name refs anywhere in it.
	page, before, ok := in.begin(ctx, env, line != nil)
	if !ok {
		return env
	}
	o := in.act(ctx, page, before, func(t float64) (*engine.Action, error) {
		if line != nil {
			return in.prepLine(requestOf(ctx), page, before, *line, action, t)
		}
		opts := engine.Opts{Button: req.Button, Modifiers: req.Modifiers, Count: req.Count}
		switch action.Name {
		case "select":
			opts.Values = req.Values
		case "upload":
			for _, f := range req.Values {
				opts.Values = append(opts.Values, requestOf(ctx).path(f))
			}
			if err := checkFiles(opts.Values); err != nil {
				return nil, err
			}
		case "drag":
		default:
			if len(req.Values) == 1 {
				opts.Value = req.Values[0]
			}
		}
		h, what, code, err := in.bind(page, before, req.Ref, t)
		if err != nil {
			return nil, err
		}
		if action.Name == "drag" {
			h2, what2, code2, err := in.bind(page, before, strings.TrimSpace(req.Values[0]), t)
			if err != nil {
				return nil, err
			}
			return in.eng.Drag(page, h, h2, what, what2, code, code2)
		}
		return in.eng.OnElement(h, what, code, action, opts)
	})
	in.fill(ctx, env, o)
	if o.Note != "" {
		env.Extra = append(env.Extra, envelope.KV{Key: "note", Value: o.Note})
	}
	return env
}

// bind resolves a pw target, a ref or a selector, to its one element,
// how to name it in a message, and its unique locator's code.
func (in *Instance) bind(page playwright.Page, before *engine.View, target string, t float64) (playwright.ElementHandle, string, string, error) {
	if refs.Is(target) {
		r, _ := refs.Parse(target)
		if before.RefFree {
			before = in.eng.RefsOf(page, t, false)
			if _, ok := before.Refs()[r.String()]; !ok {
				// Not in prima's last view with refs: a newer snapshot
				// (playwright-cli's) may have given it.
				before = in.eng.RefsOf(page, t, true)
			}
		}
		entry, ok := before.Refs()[r.String()]
		if !ok {
			// Fail fast: a ref missing from the snapshot just taken is
			// dead; waiting for aria-ref would cost the whole timeout.
			return nil, "", "", &refs.NotFoundError{Ref: r}
		}
		res, err := browser.ResolveRef(page, before.Tree, r, entry.Role, entry.Name)
		if err != nil {
			return nil, "", "", err
		}
		return res.Handle, ariadiff.Head(entry.Role, entry.Name), res.Code, nil
	}
	code := "page.locator(" + pwline.JSQuote(target) + ")"
	h, err := in.bindSelector(page, target, t)
	return h, code, code, err
}

// bindSelector waits for a selector to match, and requires exactly one
// match.
func (in *Instance) bindSelector(page playwright.Page, sel string, t float64) (playwright.ElementHandle, error) {
	loc := page.Locator(sel)
	// One query when the element is there already: each Playwright query
	// walks the whole DOM (its CSS engine pierces shadow roots), some
	// 80 ms on a 20,000-element page.
	if hs, err := loc.ElementHandles(); err == nil && len(hs) > 0 {
		if len(hs) == 1 {
			return hs[0], nil
		}
		for _, h := range hs {
			h.Dispose()
		}
		return nil, &SelectorError{Selector: sel, Count: len(hs)}
	}
	if err := loc.First().WaitFor(playwright.LocatorWaitForOptions{State: playwright.WaitForSelectorStateAttached, Timeout: playwright.Float(t)}); err != nil {
		if errors.Is(err, playwright.ErrTimeout) {
			return nil, &SelectorError{Selector: sel}
		}
		return nil, err
	}
	return bindLocator(loc, sel)
}

// bindLocator binds the one element a locator matches.
func bindLocator(loc playwright.Locator, sel string) (playwright.ElementHandle, error) {
	n, err := loc.Count()
	if err != nil {
		return nil, err
	}
	if n != 1 {
		return nil, &SelectorError{Selector: sel, Count: n}
	}
	return loc.ElementHandle(playwright.LocatorElementHandleOptions{Timeout: playwright.Float(1000)})
}

// prepLine prepares a Playwright line: a page-level one (keyboard,
// navigation) or an action on its one locator.
func (in *Instance) prepLine(r request, page playwright.Page, before *engine.View, l pwline.Line, a pwline.Action, t float64) (*engine.Action, error) {
	value, err := r.secrets.Fill(l.Value)
	if err != nil {
		return nil, err
	}
	if l.PageLevel() {
		return in.prepPage(page, before, l.Method, value)
	}
	h, err := in.bindSelector(page, l.Selector, t)
	if err != nil {
		return nil, err
	}
	if a.Name == "drag" {
		h2, err := in.bindSelector(page, l.Target2Selector, t)
		if err != nil {
			return nil, err
		}
		return in.eng.Drag(page, h, h2, l.Locator, l.Target2Locator, l.Locator, l.Target2Locator)
	}
	o := engine.Opts{Value: value, Button: l.Button, Modifiers: l.Modifiers, Count: l.ClickCount, Position: l.Position}
	for _, v := range l.Values {
		if v, err = r.secrets.Fill(v); err != nil {
			return nil, err
		}
		if a.Name == "upload" {
			v = r.path(v)
		}
		o.Values = append(o.Values, v)
	}
	if a.Name == "upload" {
		if err := checkFiles(o.Values); err != nil {
			return nil, err
		}
	}
	return in.eng.OnElement(h, l.Locator, l.Locator, a, o)
}

// prepPage prepares a page-level action: a key, typed text, a navigation.
func (in *Instance) prepPage(page playwright.Page, before *engine.View, method, value string) (*engine.Action, error) {
	line := func(v string) string { return pwline.Line{Method: method, Value: v}.Code() }
	switch method {
	case "keyboard.press":
		return &engine.Action{Used: line(value), Run: func(float64) error { return page.Keyboard().Press(value) }}, nil
	case "keyboard.type":
		return &engine.Action{Used: line(value), Run: func(float64) error { return page.Keyboard().Type(value) }}, nil
	case "keyboard.insertText":
		return &engine.Action{Used: line(value), Run: func(float64) error { return page.Keyboard().InsertText(value) }}, nil
	case "goto":
		u, err := wire.ResolveURL(before.URL, value, false)
		if err != nil {
			return nil, err
		}
		return engine.Goto(page, u)(0)
	}
	return engine.History(page, method)
}

// usablePage is the page a command reads or acts on, unless the browser is
// gone or a dialog blocks it (rule 12: fail at once, naming the dialog).
func (in *Instance) usablePage() (playwright.Page, error) {
	page, err := in.CurrentPage()
	if err != nil {
		return nil, err
	}
	if d := in.Obs.Dialog(); d != nil {
		return nil, &DialogOpenError{Dialog: d.Describe()}
	}
	return page, nil
}

// begin starts every command that reads or acts on the page: the page
// and how it looks now, unless the browser is gone or a dialog blocks
// the page (rule 12: fail at once, naming the dialog).
// needRefs: the command reads refs from the view (a ref-free view from the
// incremental renderer would not do).
func (in *Instance) begin(ctx context.Context, env *envelope.Envelope, needRefs bool) (playwright.Page, *engine.View, bool) {
	page, err := in.usablePage()
	if err != nil {
		in.failWith(env, err, nil)
		return nil, nil, false
	}
	before, err := in.eng.Observe(ctx, page, needRefs)
	if err != nil {
		in.failWith(env, err, nil)
		return nil, nil, false
	}
	in.states.observe(before.State().ID())
	return page, before, true
}

// SelectorError: a selector matched no element, or several.
type SelectorError struct {
	Selector string
	Count    int
}

func (e *SelectorError) Error() string {
	if e.Count == 0 {
		return fmt.Sprintf("selector %s matches no element", clip(e.Selector))
	}
	return fmt.Sprintf("selector %s matches %d elements, not exactly one; make it unique (for example add .first() or .nth(i) in a Playwright line if you mean one of them)", clip(e.Selector), e.Count)
}

// FailureCode is the envelope code of the failure.
func (e *SelectorError) FailureCode() string {
	if e.Count > 1 {
		return envelope.CodeAmbiguous
	}
	return envelope.CodeNotFound
}

// prepLocator prepares an action on the one element a locator matches.
func (in *Instance) prepLocator(loc playwright.Locator, sel, code string, a pwline.Action, o engine.Opts) (*engine.Action, error) {
	h, err := bindLocator(loc, sel)
	if err != nil {
		return nil, err
	}
	return in.eng.OnElement(h, code, code, a, o)
}

func (in *Instance) fillPage(env *envelope.Envelope, before, after *engine.View) {
	st := after.State()
	env.Page = &envelope.Page{URL: after.URL, Title: after.Title, State: st.ID(), Visit: in.states.observe(st.ID())}
	if before != nil {
		env.Page.PrevURL = before.URL
	}
}

// changes turns diff entries into the envelope's groups, capped.
func changes(cs []ariadiff.Change) *envelope.Changes {
	kept, more := ariadiff.Cap(cs, MaxChanges)
	out := &envelope.Changes{More: more}
	for _, k := range ariadiff.Kinds {
		var items []string
		for _, c := range kept {
			if c.Kind == k {
				items = append(items, c.Text)
			}
		}
		if len(items) > 0 {
			out.Groups = append(out.Groups, envelope.ChangeGroup{Kind: string(k), Items: items})
		}
	}
	return out
}

// failure splits Playwright's "Call log:" from the error text.
func failure(err error) *envelope.Failure {
	msg := err.Error()
	f := &envelope.Failure{Error: msg}
	if i := strings.Index(msg, "Call log:"); i >= 0 {
		f.Error = strings.TrimSpace(msg[:i])
		for _, l := range strings.Split(msg[i+len("Call log:"):], "\n") {
			if l = strings.TrimRight(l, " "); strings.TrimSpace(l) != "" {
				f.CallLog = append(f.CallLog, l)
			}
		}
	}
	return f
}

// writeNetwork stores the captured requests as JSON lines, only ever
// called with at least one.
func (in *Instance) writeNetwork(traffic []browser.NetEntry, secrets Secrets) (envelope.Artifact, error) {
	dir := filepath.Join(in.ArtifactsDir, time.Now().UTC().Format("20060102T150405.000000000"))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return envelope.Artifact{}, err
	}
	var b strings.Builder
	for _, e := range traffic {
		j, _ := json.Marshal(e)
		b.Write(j)
		b.WriteByte('\n')
	}
	path := filepath.Join(dir, "network.jsonl")
	if err := os.WriteFile(path, []byte(secrets.Redact(b.String())), 0o600); err != nil {
		return envelope.Artifact{}, err
	}
	return envelope.Artifact{Name: "network.jsonl", Path: path}, nil
}

// Go navigates to a URL, or a path relative to the current page; a
// target that is neither is resolved semantically by the judge.
func (in *Instance) Go(ctx context.Context, target string, allowSchemes bool, j *judge.Judge) *envelope.Envelope {
	env := &envelope.Envelope{Command: "go " + target}
	page, before, ok := in.begin(ctx, env, false)
	if !ok {
		return env
	}
	u, err := wire.ResolveURL(before.URL, target, allowSchemes)
	if errors.Is(err, wire.ErrSemantic) {
		// Only a semantic target reads refs (the links on the page).
		return in.goSemantic(ctx, env, page, in.eng.WithRefs(ctx, page, before), target, j)
	}
	if err != nil {
		in.failWith(env, err, before)
		return env
	}
	in.fill(ctx, env, in.act(ctx, page, before, engine.Goto(page, u)))
	return env
}

// SnapshotBudget is what a default snapshot may print: about 3,000
// tokens. A page under it prints whole; a bigger one is outlined, its
// long lists and deep parts collapsed into lines that name the command
// listing them.
const SnapshotBudget = 12 << 10

// FailureBudget is the share of a failure envelope the current page may
// take, outlined the same way.
const FailureBudget = 6 << 10

// Snapshot returns the page with refs (tier 2), outlined within the
// budget (or the part asked for), or compact markup (tier 3).
func (in *Instance) Snapshot(ctx context.Context, req wire.SnapshotRequest) *envelope.Envelope {
	env := &envelope.Envelope{Command: snapshotCommand(req)}
	page, err := in.usablePage()
	if err != nil {
		in.failWith(env, err, nil)
		return env
	}
	// A page the detector proves unchanged since the last snapshot with
	// refs answers from it: its refs are still the page's.
	view, err := in.eng.Observe(ctx, page, true)
	if err != nil {
		in.failWith(env, err, nil)
		return env
	}
	in.fillPage(env, nil, view)
	if req.HTML {
		m, err := compactMarkup(page, 24000)
		if err != nil {
			in.failWith(env, err, nil)
			return env
		}
		env.Snapshot = in.eng.Mask(m)
		env.OK = true
		return env
	}
	opt := ariadiff.OutlineOptions{Budget: SnapshotBudget, Depth: req.Depth, Grep: req.Grep, Root: req.Ref}
	if req.Full {
		opt.Budget = 0
	}
	out, err := view.Tree.Outline(opt)
	if err != nil {
		var nf *ariadiff.RootNotFoundError
		if errors.As(err, &nf) {
			r, _ := refs.Parse(nf.Ref)
			err = &refs.NotFoundError{Ref: r}
		}
		in.failWith(env, err, view)
		return env
	}
	env.Snapshot = out.Text
	if req.Grep != "" && out.Matches == 0 {
		env.Snapshot = fmt.Sprintf("no element's line holds %q", req.Grep)
	}
	if out.Collapsed > 0 {
		env.Extra = append(env.Extra, envelope.KV{Key: "outlined", Value: fmt.Sprintf("%d of the page's elements are behind collapsed lines, each naming the command that lists them", out.Collapsed)})
	}
	env.OK = true
	return env
}

// snapshotCommand is the command line a snapshot request stands for.
func snapshotCommand(r wire.SnapshotRequest) string {
	parts := []string{"snapshot"}
	if r.Ref != "" {
		parts = append(parts, r.Ref)
	}
	if r.HTML {
		parts = append(parts, "--html")
	}
	if r.Grep != "" {
		parts = append(parts, "--grep", quoteIfSpaced(r.Grep))
	}
	if r.Depth > 0 {
		parts = append(parts, "--depth", fmt.Sprint(r.Depth))
	}
	if r.Full {
		parts = append(parts, "--full")
	}
	return strings.Join(parts, " ")
}

// ClipEchoes shortens the parts of an envelope that echo the caller's
// input (command, used line, step instructions, the error), so an
// oversized argument costs its reader a name, not its size.
func ClipEchoes(e *envelope.Envelope) {
	if e == nil {
		return
	}
	e.Command, e.Used = clip(e.Command), clip(e.Used)
	for i := range e.Steps {
		e.Steps[i].Instruction = clip(e.Steps[i].Instruction)
	}
	if e.Failure != nil {
		e.Failure.Error = clipN(e.Failure.Error, 4000)
	}
}

// clip shortens untrusted or oversized text for a message: a 100 KB
// argument is named, not echoed.
func clip(s string) string { return clipN(s, 200) }

func clipN(s string, max int) string { return envelope.Clip(s, max) }

func nonEmpty(parts ...string) []string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

func quoteIfSpaced(s string) string {
	if strings.ContainsAny(s, " \t\n\"") {
		return fmt.Sprintf("%q", s)
	}
	return s
}
