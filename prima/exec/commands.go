package exec

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/judge"
	"github.com/prima-dev/prima/prima/pwline"
	"github.com/prima-dev/prima/prima/wire"
	"github.com/prima-dev/prima/refs"
)

// ActionTimeout bounds one browser action when the command's own deadline
// is further away: a dead target must not cost Playwright's 30 s default.
const ActionTimeout = 5 * time.Second

// MaxChanges caps `### Changes`; the rest is counted as `+N more`.
const MaxChanges = 30

// timeoutMS is the per-action timeout in milliseconds under ctx.
func timeoutMS(ctx context.Context) float64 {
	d := ActionTimeout
	if dl, ok := ctx.Deadline(); ok {
		if left := time.Until(dl); left < d {
			d = left
		}
	}
	if d < 50*time.Millisecond {
		d = 50 * time.Millisecond
	}
	return float64(d.Milliseconds())
}

// leftMS is the time left in the command, in milliseconds: what a
// snapshot may take, since a 10,000-element page needs seconds for it.
func leftMS(ctx context.Context) float64 {
	d := wire.DefaultTimeout
	if dl, ok := ctx.Deadline(); ok {
		d = time.Until(dl)
	}
	if d < 100*time.Millisecond {
		d = 100 * time.Millisecond
	}
	return float64(d.Milliseconds())
}

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
	o := in.act(ctx, page, before, func(t float64) (*prepared, error) {
		if line != nil {
			return in.prepLine(requestOf(ctx), page, before, *line, action, t)
		}
		opts := Opts{Button: req.Button, Modifiers: req.Modifiers, Count: req.Count}
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
			return in.prepDrag(page, h, h2, what, what2, code, code2)
		}
		return in.prepHandle(h, what, code, action, opts)
	})
	in.fill(env, o)
	if o.note != "" {
		env.Extra = append(env.Extra, envelope.KV{Key: "note", Value: o.note})
	}
	return env
}

// bind resolves a pw target, a ref or a selector, to its one element,
// how to name it in a message, and its unique locator's code.
func (in *Instance) bind(page playwright.Page, before *pageView, target string, t float64) (playwright.ElementHandle, string, string, error) {
	if refs.Is(target) {
		r, _ := refs.Parse(target)
		if before.refFree {
			before = in.refsOf(page, t, false)
			if _, ok := before.refs()[r.String()]; !ok {
				// Not in prima's last view with refs: a newer snapshot
				// (playwright-cli's) may have given it.
				before = in.refsOf(page, t, true)
			}
		}
		entry, ok := before.refs()[r.String()]
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
func (in *Instance) prepLine(r request, page playwright.Page, before *pageView, l pwline.Line, a pwline.Action, t float64) (*prepared, error) {
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
		return in.prepDrag(page, h, h2, l.Locator, l.Target2Locator, l.Locator, l.Target2Locator)
	}
	o := Opts{Value: value, Button: l.Button, Modifiers: l.Modifiers, Count: l.ClickCount, Position: l.Position}
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
	return in.prepHandle(h, l.Locator, l.Locator, a, o)
}

// prepPage prepares a page-level action: a key, typed text, a navigation.
func (in *Instance) prepPage(page playwright.Page, before *pageView, method, value string) (*prepared, error) {
	line := func(v string) string { return pwline.Line{Method: method, Value: v}.Code() }
	switch method {
	case "keyboard.press":
		return &prepared{used: line(value), run: func(float64) error { return page.Keyboard().Press(value) }}, nil
	case "keyboard.type":
		return &prepared{used: line(value), run: func(float64) error { return page.Keyboard().Type(value) }}, nil
	case "keyboard.insertText":
		return &prepared{used: line(value), run: func(float64) error { return page.Keyboard().InsertText(value) }}, nil
	case "goto":
		u, err := wire.ResolveURL(before.URL, value, false)
		if err != nil {
			return nil, err
		}
		return prepGoto(page, u)(0)
	}
	return prepHistory(page, method)
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
func (in *Instance) begin(ctx context.Context, env *envelope.Envelope, needRefs bool) (playwright.Page, *pageView, bool) {
	page, err := in.usablePage()
	if err != nil {
		in.failWith(env, err, nil)
		return nil, nil, false
	}
	before, err := in.view(ctx, page, needRefs)
	if err != nil {
		in.failWith(env, err, nil)
		return nil, nil, false
	}
	in.states.observe(before.state().ID())
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
func (in *Instance) prepLocator(loc playwright.Locator, sel, code string, a pwline.Action, o Opts) (*prepared, error) {
	h, err := bindLocator(loc, sel)
	if err != nil {
		return nil, err
	}
	return in.prepHandle(h, code, code, a, o)
}

// prepHistory prepares back, forward and reload. A history step with
// nowhere to go is an error, not a silent no-op.
func prepHistory(page playwright.Page, method string) (*prepared, error) {
	p := &prepared{used: pwline.Line{Method: method}.Code(), arrives: true}
	wait := playwright.WaitUntilStateDomcontentloaded
	switch method {
	case "goBack":
		p.run = func(t float64) error {
			r, err := page.GoBack(playwright.PageGoBackOptions{WaitUntil: wait, Timeout: playwright.Float(t)})
			if err == nil && r == nil && page.URL() == "" {
				return &wire.UsageError{Msg: "there is no page to go back to"}
			}
			return err
		}
	case "goForward":
		p.run = func(t float64) error {
			_, err := page.GoForward(playwright.PageGoForwardOptions{WaitUntil: wait, Timeout: playwright.Float(t)})
			return err
		}
	case "reload":
		p.run = func(t float64) error {
			_, err := page.Reload(playwright.PageReloadOptions{WaitUntil: wait, Timeout: playwright.Float(t)})
			return err
		}
	default:
		return nil, &pwline.UnknownActionError{Action: method}
	}
	return p, nil
}

// prepDrag prepares a drag of one element onto another, as a user does
// it: press on the first, move onto the second, release. Chromium turns
// that into HTML5 drag events too.
func (in *Instance) prepDrag(page playwright.Page, from, to playwright.ElementHandle, whatFrom, whatTo, codeFrom, codeTo string) (*prepared, error) {
	same, err := from.Evaluate("(a, b) => a === b", to)
	if err != nil {
		return nil, err
	}
	if b, _ := same.(bool); b {
		return nil, &wire.UsageError{Msg: fmt.Sprintf("%s and %s are the same element; a drag onto itself drags nothing", whatFrom, whatTo)}
	}
	for _, x := range []struct {
		h    playwright.ElementHandle
		what string
	}{{from, whatFrom}, {to, whatTo}} {
		ins, err := inspect(x.h, true)
		if err != nil {
			return nil, err
		}
		if ins.hidden {
			return nil, &NotActionableError{Target: x.what, Why: "is not visible (it has no size)"}
		}
		if ins.cover != "" && ins.point == nil {
			return nil, &NotActionableError{Target: x.what, Why: "is covered by " + ins.cover}
		}
	}
	used := pwline.Line{Locator: codeFrom, Method: "dragTo", Target2Locator: codeTo}.Code()
	return &prepared{used: used, run: func(t float64) error {
		if err := from.Hover(playwright.ElementHandleHoverOptions{Timeout: playwright.Float(t)}); err != nil {
			return err
		}
		if err := page.Mouse().Down(); err != nil {
			return err
		}
		if err := to.Hover(playwright.ElementHandleHoverOptions{Timeout: playwright.Float(t)}); err != nil {
			page.Mouse().Up()
			return err
		}
		return page.Mouse().Up()
	}}, nil
}

// prepHandle prepares an action on a bound element. It fails fast when a
// user could not act on it (rule 14: disabled, readonly, hidden, covered),
// clicks a covered target at a visible point of its own when one is
// hit-tested to be that element, masks a password field's value (rule
// 13) and plans the proof of a fill or type (rule 11).
func (in *Instance) prepHandle(h playwright.ElementHandle, what, code string, a pwline.Action, o Opts) (*prepared, error) {
	value := o.Value
	pointer := pointerAction[a.Name]
	ins, err := inspect(h, pointer)
	if err != nil {
		return nil, err
	}
	if ins.password {
		in.maskValue(value)
	}
	switch {
	case ins.disabled && a.Name != "focus" && a.Name != "hover":
		return nil, &NotActionableError{Target: what, Why: "is disabled"}
	case ins.readonly && fieldAction[a.Name] && a.Name != "press" && a.Name != "select":
		return nil, &NotActionableError{Target: what, Why: "is readonly"}
	case ins.hidden:
		return nil, &NotActionableError{Target: what, Why: "is not visible (it has no size)"}
	case pointer && ins.cover != "" && ins.point == nil:
		return nil, &NotActionableError{Target: what, Why: "is covered by " + ins.cover}
	}
	p := &prepared{doc: ins.doc}
	if a.Name == "fill" || a.Name == "type" || a.Name == "clear" || a.Name == "press" {
		p.typing = true
		if what != code {
			p.field = what // an accessibility head, not a selector's code
		}
	}
	if pointer && ins.cover != "" && o.Position == nil {
		o.Position = ins.point
		p.note = fmt.Sprintf("%s: its centre is covered by %s; acted at a visible point of its own (%d, %d), hit-tested to be that element", what, ins.cover, o.Position.X, o.Position.Y)
	}
	p.used = lineOf(a, code, o)
	target := h // the element the action reached: h, or its replacement
	p.run = func(t float64) error {
		err := onHandle(a, h, o, t)
		if err == nil {
			return nil
		}
		// An element the page removed mid-action: ask the element itself
		// rather than read the error's text.
		if v, e := h.Evaluate("el => el.isConnected"); e != nil || v != false {
			return err
		}
		if a.Name == "hover" && pointerReached(h) {
			// The usual "active link": the page swapped the element when
			// the pointer reached it. The hover happened; Changes show
			// what it did.
			p.note = what + ": the page replaced it when the pointer reached it; the hover happened"
			return nil
		}
		if pointer && !positional(code) && swappedOnHover(h) {
			h2, retryErr := replacement(h, p.used)
			if retryErr == nil {
				if _, retryErr = inspect(h2, pointer); retryErr == nil {
					target = h2
					p.note = what + ": the page replaced it when the pointer reached it; acted on its replacement, the one element `used:` matches"
					return onHandle(a, h2, o, t)
				}
			}
		}
		return &NotActionableError{Target: what, Why: "was detached from the page while prima acted (take a new snapshot)"}
	}
	if a.Name == "upload" {
		p.run = func(t float64) error {
			input, err := upload(h, o.values(), &t)
			if input != nil {
				// used: names what took the files: the input the control's
				// click asked for, not the control.
				if f, ferr := input.OwnerFrame(); ferr == nil {
					if code, _, lerr := browser.LocatorOf(f.Page(), input); lerr == nil {
						p.used = lineOf(a, code, o)
					}
				}
				p.note = what + ": prima gave the file input it stands for the files (no file chooser opened)"
			}
			return err
		}
	}
	if a.Name == "click" || a.Name == "dblclick" || a.Name == "check" || a.Name == "uncheck" {
		p.check = func() error { return landed(target, what) }
	}
	if a.Name == "fill" || a.Name == "type" || a.Name == "clear" {
		want := value
		if a.Name == "clear" {
			want = ""
		}
		p.check = func() error {
			v, err := h.Evaluate(readValueJS)
			if err != nil {
				return nil // the element went away with the action: the diff tells
			}
			got, _ := v.(string)
			p.value = &[2]string{ins.value, got}
			if ins.editable && got != ins.value {
				p.typed = &ariadiff.Change{Kind: ariadiff.Typed, Text: what + ": " + browser.QuoteShort(ins.value) + " -> " + browser.QuoteShort(got)}
			}
			if got == want || (a.Name == "type" && strings.Contains(got, want)) {
				return nil
			}
			if ins.password {
				return &ValueMismatchError{Field: what, Want: fmt.Sprintf("%d characters", len([]rune(want))), Got: fmt.Sprintf("%d characters", len([]rune(got)))}
			}
			return &ValueMismatchError{Field: what, Want: want, Got: got}
		}
	}
	return p, nil
}

func (in *Instance) fillPage(env *envelope.Envelope, before, after *pageView) {
	st := after.state()
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
		return in.goSemantic(ctx, env, page, in.withRefs(ctx, page, before), target, j)
	}
	if err != nil {
		in.failWith(env, err, before)
		return env
	}
	in.fill(env, in.act(ctx, page, before, prepGoto(page, u)))
	return env
}

// prepGoto prepares a navigation. It waits for the DOM only; the settle
// gives `load` a bounded time, so a sub-resource that never arrives does
// not fail a page that is there (rule 7). Where the server redirected is
// arrival, shown as redirected:; an error status fails in the act path.
func prepGoto(page playwright.Page, u *url.URL) prepare {
	return func(float64) (*prepared, error) {
		return &prepared{
			used:    "await page.goto(" + pwline.JSQuote(u.String()) + ");",
			arrives: true,
			load:    true,
			run: func(t float64) error {
				_, err := page.Goto(u.String(), playwright.PageGotoOptions{WaitUntil: playwright.WaitUntilStateDomcontentloaded, Timeout: playwright.Float(t)})
				return err
			},
		}, nil
	}
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
	view, err := in.view(ctx, page, true)
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
		env.Snapshot = in.mask(m)
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
