package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/downloads"
	"github.com/prima-dev/prima/prima/guard"
	"github.com/prima-dev/prima/prima/own"
	"github.com/prima-dev/prima/prima/pwline"
	"github.com/prima-dev/prima/refs"
)

// Action is an action ready to run: the target resolved and bound, the
// `used:` line known. Preparing touches nothing on the page.
type Action struct {
	// Line is the action as one Playwright line, the `used:` line; its
	// Method is "" for an action that prints none.
	Line pwline.Line
	// Run acts, bounded by ctx: the command's whole time.
	Run func(ctx context.Context) error
	// Check runs after settling, before the after-snapshot: the proof a
	// fill or type needs (the field holds what was asked, rule 11). It
	// may add to Note.
	Check func() error
	// Target is the element the action acts on, as Changes name it; its
	// own changes come first in the Changes, so a cap never cuts them.
	Target Target
	// Strays runs after settling, before Check: it fails when the
	// action's input reached a control other than its target (the page
	// moved one under the pointer or the focus to one), or a key action's
	// keys did not reach the target. nil for an action with no target.
	Strays func() error
	// Release frees the element handles the action was prepared on, once
	// its pass is over: Playwright keeps every handle alive until the page
	// closes, and a daemon that runs all day must not keep one per action.
	// nil when there is nothing to free (or a caller keeps using them).
	Release func()
	// Note is said of the step, e.g. how a covered target was clicked.
	Note string
	// Quiet is how long the DOM must stay quiet when no tracker could
	// be armed for the action (0: 25 ms): answering a dialog resumes page
	// work that was set going before prima could arm one.
	Quiet time.Duration
	// Lead is what a hand did first for the action to be done its way (a
	// click into an editor's paragraph before its keys), set when it ran:
	// an export replays it before Line.
	Lead []pwline.Line
	// Doc is the settle tracker's document id when preparing armed it.
	Doc string
	// Typing: the action types into a field; Field is that field's role
	// and name when known: the one value change it may call typed (any,
	// when its role is not known).
	Typing bool
	Field  Target
	// Value is what the field held before and after the action, read from
	// the element itself by check.
	Value *[2]string
	// Typed is set by check when a contenteditable field's text changed:
	// its accessibility tree shows no value, so the element's own text
	// is the change, and the proof.
	Typed *ariadiff.Change
	// Arrives: the action navigates and its caller reads the new page
	// next (a snapshot, a do step's target). When a new document loaded,
	// the view after is a Playwright snapshot with refs: it serves that
	// read, instead of a render of prima's own that the read would
	// follow with one of Playwright's.
	Arrives bool
	// Load: the action is page.goto, a step export writes as one.
	Load bool
	// Downloads: the action is a wait for downloads, failed by one it
	// could not save whole.
	Downloads bool
	// From is the view the Changes run from instead of before: a wait's,
	// an earlier view of the same document. Never an action's.
	From *View
}

// Prepare resolves what an action acts on, its waits bounded by ctx
// (TimeoutMS); an error means nothing ran.
type Prepare func(ctx context.Context) (*Action, error)

// Outcome is what one pass of the act path saw.
type Outcome struct {
	Used       string        // Line as code, printed as used:
	Line       *pwline.Line  // nil when the action prints no line
	Lead       []pwline.Line // what a hand did before Line (see Action.Lead)
	Note       string
	Err        error // typed: each error names its failure code
	Ran        bool  // the action was dispatched
	Before     *View
	After      *View // nil when the page could not be read (a dialog blocks it)
	Changes    []ariadiff.Change
	Events     []browser.Event
	Redirected string
	Traffic    []browser.NetEntry
	Blocked    bool                 // a dialog the action raised is open
	Unread     string               // why there is no after view, when the action ran and none was taken
	Typed      *ariadiff.Change     // a contenteditable's text change the tree cannot show
	Load       bool                 // the action was page.goto
	Value      *[2]string           // the acted field's value before and after, read from the element
	Own        *own.Attribution     // who changed the page while the action ran, when the page could tell
	Downloads  []downloads.Download // the downloads the action started, saved or not
	// NewRefs are the ref lines of the actionable elements the action made
	// appear, from the after-view (a Playwright snapshot then), so the
	// next command acts on them with no snapshot between; MoreRefs counts
	// those past the budget.
	NewRefs  []refs.RefLine
	MoreRefs int
}

// NewRefsBudget caps the bytes of an envelope's New refs.
const NewRefsBudget = 1500

// newRefsMaxNodes: past this many nodes in a view of prima's own, no
// snapshot is taken for the New refs.
const newRefsMaxNodes = 4000

// Act is the one act-and-observe path every acting command goes through: arm the observers (dialogs, new tabs, downloads, console,
// navigation and its HTTP status, requests) and the page's settle
// tracker, act, settle, snapshot, diff. A dialog left open ends the pass
// at once: the action ran, and the page cannot be read until the dialog
// is answered.
func (e *Engine) Act(ctx context.Context, page playwright.Page, before *View, prep Prepare, o Options) (out Outcome) {
	out.Before = before
	p, err := prep(ctx)
	if err != nil {
		out.Err = err
		out.After = before
		return out
	}
	out.Note, out.Load = p.Note, p.Load
	out.used(p.Line)
	handed := false
	defer func() {
		// An action still running (past the deadline, or held by the
		// dialog it opened) keeps its handles.
		if p.Release != nil && !handed {
			p.Release()
		}
	}()
	e.b.Ready(ctx, page)
	armed := e.b.Obs.Arm(o.Dialog)
	e.b.Net.Start(page.URL())
	docID := p.Doc
	if docID == "" && e.b.Obs.Dialog() == nil {
		// An open dialog blocks every script; answering it is the action.
		docID = e.armSettle(ctx, page)
	}
	opened := armed.DialogOpened()
	done := make(chan error, 1)
	// Preparing bounds its wait for the element (TimeoutMS); the action
	// itself, and a navigation it starts, get the command's whole time
	// (LeftMS): --timeout bounds them both ways.
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		done <- guard.Run("the action", func() error { return p.Run(ctx) })
	}()
	out.Ran = true
	select {
	case err = <-done:
		out.Note, out.Lead = p.Note, p.Lead // the action may have said how it went
		out.used(p.Line)
	case <-opened:
		// The action's call returns once the dialog is answered: the
		// command after the answer joins it.
		out.Blocked = true
		handed = true
		e.Hand(finished)
	case <-ctx.Done():
		err = fmt.Errorf("%w while the action ran", ErrDeadline)
		select {
		case <-finished:
			// Playwright's call gave up at the same deadline, but the
			// page may still be running what the action started (a
			// handler that holds it): the next command waits for the
			// page to answer.
			e.Hand(e.answered(page))
		case <-time.After(joinGrace):
			handed = true
			e.Hand(finished)
		}
	}
	out.Err = err
	busy, failed := 0, false
	if !out.Blocked {
		var serr error
		busy, failed, serr = e.settle(ctx, page, docID, armed, p.Quiet)
		if serr != nil && out.Err == nil {
			out.Err = serr
		}
		select {
		case <-opened:
			out.Blocked = true
		default:
		}
	}
	if !out.Blocked && out.Err == nil && p.Strays != nil {
		out.Err = p.Strays()
	}
	if !out.Blocked && out.Err == nil && p.Check != nil {
		out.Err = p.Check()
		out.Value, out.Note = p.Value, p.Note // the check may have said how it went
	}
	out.Traffic = e.b.Net.Stop()
	rec := armed.Disarm(page)
	out.Events = append(out.Events, rec.Events...)
	out.Downloads = downloads.Save(ctx, rec.Downloads, o.Downloads, e.b.Obs)
	for _, d := range out.Downloads {
		out.Events = append(out.Events, d.Event())
	}
	if p.Downloads && out.Err == nil {
		out.Err = downloads.Check(out.Downloads)
	}
	out.Events = append(out.Events, e.tabEvents(ctx, rec.Popups)...)
	if rec.Errors > 0 {
		out.Events = append(out.Events, browser.ConsoleErrors(rec.Errors))
	}
	if busy > 0 {
		out.Events = append(out.Events, browser.StillBusy(busy))
	}
	if out.Blocked {
		return out
	}
	if ctx.Err() != nil {
		// The command's time is up: reading the page could wait for a
		// navigation still in flight, past the deadline the caller set.
		out.Unread = "the command's time (--timeout) ran out before prima could read the page again"
		return out
	}
	if failed && len(rec.Docs) == 0 {
		// Past Blocked: no page script answers while a dialog is open.
		out.Events = append(out.Events, e.failedRequests(ctx, page)...)
	}
	withRefs := p.Arrives && len(rec.Docs) > 0
	if withRefs {
		// The engine's world died with the old document.
		e.renderer(page).Reset()
	}
	after, serr := e.Fresh(ctx, page, withRefs)
	if serr != nil && !page.IsClosed() {
		// A late navigation can destroy the document mid-snapshot.
		page.WaitForLoadState(playwright.PageWaitForLoadStateOptions{State: playwright.LoadStateDomcontentloaded, Timeout: playwright.Float(TimeoutMS(ctx))})
		after, serr = e.Fresh(ctx, page, withRefs)
	}
	if serr != nil {
		if out.Err == nil {
			out.Err = fmt.Errorf("the action ran, but the page could not be read afterwards: %w", serr)
		}
		out.Unread = "the page could not be read after the action: " + serr.Error()
		return out
	}
	out.After = after
	if p.From != nil {
		before, out.Before = p.From, p.From // only once the page after is read
	}
	if before != nil {
		out.Changes = TypedOnly(Diff(before, after), p.Typing, p.Field)
	}
	if docID != "" && len(rec.Docs) == 0 && len(out.Changes) > 0 {
		out.Own = e.attributed(ctx, page, docID)
		out.Changes = own.Mark(out.Changes, out.Own)
	}
	out.Changes = targetFirst(out.Changes, p.Target)
	if p.Typed != nil && !HasTyped(out.Changes, *p.Typed) {
		out.Changes = append([]ariadiff.Change{*p.Typed}, out.Changes...)
		out.Typed = p.Typed
	}
	var left *LeftPageError
	var missed *DropMissedError
	var vm *ValueMismatchError
	if (errors.As(out.Err, &left) && left.provenBy(out.Changes)) || (errors.As(out.Err, &missed) && missed.provenBy(out.Changes)) {
		out.Err = nil
	}
	if errors.As(out.Err, &vm) && vm.provenBy(out.Changes) {
		out.Err = nil
		if out.Note != "" {
			out.Note += "; "
		}
		out.Note += vm.Field + ": the page took the typed text out of the field and made an element of it (the Changes show it added)"
	}
	pressCs := own.PressChanges(out.Changes, out.Own)
	if p.Doc != "" && len(rec.Docs) == 0 && (out.Own == nil || out.Own.Acts == 0) {
		// The element's own document was watched, and the tracker's
		// window could not be read or saw no input of the press: nothing
		// tells the press's changes from the page's own, so none proves
		// the press (a page that churns on its own would). In a frame
		// (no Doc) the tracker cannot see the press, and the changes
		// still may.
		pressCs = nil
	}
	var md *MisdirectedError
	if errors.As(out.Err, &md) && md.Stopped && md.Pressed && pressChanged(md.Role, md.Name, pressCs, out.Events) {
		// The press was the target's and the page answered it (a date
		// field that opens its calendar as it is pressed); only the click
		// the page's move sent elsewhere was stopped.
		out.Err = nil
		if out.Note != "" {
			out.Note += "; "
		}
		out.Note += md.Note()
	}
	var nc *NoClickError
	if errors.As(out.Err, &nc) && nc.pressActed(pressCs, out.Events) {
		out.Err = nil
		if out.Note != "" {
			out.Note += "; "
		}
		out.Note += nc.Note()
	}
	if len(rec.Docs) > 0 && before != nil && !browser.SamePage(before.URL, after.URL) {
		// Checked against the old page's lines above; the caller acts on
		// the new one.
		out.Changes = ariadiff.LeftBehind(out.Changes, PathOf(before.URL))
	}
	if len(rec.Docs) > 0 {
		last := rec.Docs[len(rec.Docs)-1]
		if last.From != "" && !browser.SamePage(last.From, last.URL) {
			out.Redirected = last.From
		}
		if last.Status >= 400 && out.Err == nil && browser.SamePage(last.URL, after.URL) {
			out.Err = &HTTPStatusError{URL: after.URL, Status: last.Status}
		}
	}
	if out.Err == nil {
		out.NewRefs, out.MoreRefs, out.After = e.NewRefs(ctx, page, out.Before, out.After, out.Changes)
	}
	return out
}

// NewRefs lists the refs of the actionable elements cs (the Changes from
// before to after) added, and the view they come from. A view of prima's
// own holds no refs: a Playwright snapshot is taken then, and serves only
// when it shows the very page the proof was computed from (else no refs,
// and after as it was).
func (e *Engine) NewRefs(ctx context.Context, page playwright.Page, before, after *View, cs []ariadiff.Change) ([]refs.RefLine, int, *View) {
	if after == nil || !refs.AddsControls(after.Tree, cs) {
		return nil, 0, after
	}
	var earlier *View // the last view with refs of this document before the action
	if e.refView != nil && e.refPage == page && before != nil && e.refView.Doc == before.Doc {
		earlier = e.refView
	}
	if after.RefFree {
		if refs.Size(after.Tree) > newRefsMaxNodes {
			// A Playwright snapshot of a big page costs a second or more:
			// the caller's next snapshot (with --grep) is cheaper.
			return nil, 0, after
		}
		refd := e.WithRefs(ctx, page, after)
		if refd == after || len(Diff(after, refd)) > 0 {
			return nil, 0, after
		}
		after = refd
	}
	var old map[string]bool
	switch {
	case before != nil && !before.RefFree:
		old = map[string]bool{}
		for r := range before.Refs() {
			old[r] = true
		}
	case earlier != nil && earlier != after:
		old = stillThere(earlier, before)
	}
	lines, more := refs.NewRefs(after.Tree, cs, old, NewRefsBudget)
	return lines, more, after
}

// stillThere are the refs of an earlier view with refs whose elements the
// ref-free view before the action still shows: refs stay with their
// element, so one of them after the action names an element that was
// there already. An element is told by its path (the roles and names of
// it and its ancestors), and a ref counts only when before shows at least
// as many at that path as earlier did: one hidden since (a list closed,
// now opened again) is listed anew, and so is one that only shares its
// role and name with another (a hidden native select's option).
func stillThere(earlier, before *View) map[string]bool {
	shown := map[uint64]int{}
	walkPaths(before.Tree, func(path uint64, _ *ariadiff.Node) { shown[path]++ })
	byPath := map[uint64][]string{}
	walkPaths(earlier.Tree, func(path uint64, n *ariadiff.Node) {
		if r := n.Ref(); r != "" {
			byPath[path] = append(byPath[path], r)
		}
	})
	old := map[string]bool{}
	for p, rs := range byPath {
		if shown[p] >= len(rs) {
			for _, r := range rs {
				old[r] = true
			}
		}
	}
	return old
}

// walkPaths calls fn for each node of t with its path: an FNV-1a hash
// of the role and name of each ancestor and its own, folded in without an
// allocation per node (a big page's view is walked whole).
func walkPaths(t *ariadiff.Tree, fn func(path uint64, n *ariadiff.Node)) {
	const offset, prime = 14695981039346656037, 1099511628211
	fold := func(h uint64, s string) uint64 {
		for i := 0; i < len(s); i++ {
			h = (h ^ uint64(s[i])) * prime
		}
		return h * prime // a zero byte ends each part: "ab"+"c" is not "a"+"bc"
	}
	var stack []uint64
	t.Root.Walk(func(n *ariadiff.Node, depth int) bool {
		h := uint64(offset)
		if depth > 0 {
			h = stack[depth-1]
		}
		h = fold(fold(h, n.Role), n.Name)
		stack = append(stack[:depth], h)
		fn(h, n)
		return true
	})
}

// targetFirst puts the changes about the acted element (t, when Changes
// can name it) first, in their order, then the rest in theirs: the proof
// of the action is never what a cap on the Changes cuts.
func targetFirst(cs []ariadiff.Change, t Target) []ariadiff.Change {
	if t.Role == "" {
		return cs
	}
	mine := func(c ariadiff.Change) bool { return c.Of.Is(t.Role, t.Name) }
	out := make([]ariadiff.Change, 0, len(cs))
	for _, c := range cs {
		if mine(c) {
			out = append(out, c)
		}
	}
	for _, c := range cs {
		if !mine(c) {
			out = append(out, c)
		}
	}
	return out
}

// used records the action's line, which running it may have changed
// (an upload names the input that took the files).
func (out *Outcome) used(l pwline.Line) {
	if l.Method == "" {
		out.Line, out.Used = nil, ""
		return
	}
	out.Line, out.Used = &l, l.Code()
}

// TypedOnly keeps the word typed for the value change of the field the
// action typed into: every other value change (a progress bar moving, a
// form the page cleared after a submit) is the page's own, so changed.
// A field whose role is not known keeps every value change typed.
func TypedOnly(cs []ariadiff.Change, typing bool, field Target) []ariadiff.Change {
	out := make([]ariadiff.Change, len(cs))
	for i, c := range cs {
		if c.Kind == ariadiff.Typed && (!typing || (field.Role != "" && !field.shows(c))) {
			c.Kind = ariadiff.Changed
		}
		out[i] = c
	}
	return out
}

// shows tells whether c may be the target's change: one about the target,
// or, for an unnamed target, one about no element by name (an unnamed
// element's change names none; a named element is another).
func (t Target) shows(c ariadiff.Change) bool {
	if t.Name == "" {
		return c.Of == nil
	}
	return c.Of.Is(t.Role, t.Name)
}

// tabEvents names the tabs an action opened, with their index as `tab
// list` prints it; a new tab gets a moment to show its title.
func (e *Engine) tabEvents(ctx context.Context, popups []playwright.Page) []browser.Event {
	var out []browser.Event
	for _, np := range popups {
		wait := time.Second
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
			wait = time.Until(dl)
		}
		if wait > 0 {
			np.WaitForLoadState(playwright.PageWaitForLoadStateOptions{State: playwright.LoadStateDomcontentloaded, Timeout: playwright.Float(float64(wait.Milliseconds()))})
		}
		title, _ := np.Title()
		out = append(out, browser.TabOpened(e.b.TabIndex(np), title, np.URL()))
	}
	return out
}

// HasTyped reports whether the diff already has a typed change of the
// element typed is about; a typed change about no element by name (an
// unnamed field) is in the diff only as the same line, told by its parts
// (the same words and the same raw texts of the page), and one the engine
// worded itself (a field found by its locator) is never in the diff.
func HasTyped(cs []ariadiff.Change, typed ariadiff.Change) bool {
	return slices.ContainsFunc(cs, func(c ariadiff.Change) bool {
		if c.Kind != ariadiff.Typed {
			return false
		}
		if typed.Of == nil {
			return c.Of == nil && typed.Parts != nil && slices.Equal(c.Parts, typed.Parts)
		}
		return c.Of.Is(typed.Of.Role, typed.Of.Name)
	})
}
