package exec

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
)

// prepared is an action ready to run: the target resolved and bound, the
// `used:` line known. Preparing touches nothing on the page.
type prepared struct {
	used string
	run  func(timeout float64) error
	// check runs after settling, before the after-snapshot: the proof a
	// fill or type needs (the field holds what was asked, rule 11).
	check func() error
	// note is said of the step, e.g. how a covered target was clicked.
	note string
	// doc is the settle tracker's document id when preparing armed it.
	doc string
	// typing: the action types into a field; field is that field's head
	// (`textbox "Name"`) when known: the one value change it may call
	// typed (any, when the head is not known).
	typing bool
	field  string
	// value is what the field held before and after the action, read from
	// the element itself by check.
	value *[2]string
	// typed is set by check when a contenteditable field's text changed:
	// its accessibility tree shows no value, so the element's own text
	// is the change, and the proof.
	typed *ariadiff.Change
	// arrives: the action navigates and its caller reads the new page
	// next (a snapshot, a do step's target). When a new document loaded,
	// the view after is a Playwright snapshot with refs: it serves that
	// read, instead of a render of prima's own that the read would
	// follow with one of Playwright's.
	arrives bool
	// load: the action is page.goto, a step export writes as one.
	load bool
}

// prepare resolves what an action acts on; an error means nothing ran.
type prepare func(timeout float64) (*prepared, error)

// outcome is what one pass of the act path saw.
type outcome struct {
	used       string
	note       string
	err        error // typed: codeOf names its code
	ran        bool  // the action was dispatched
	before     *pageView
	after      *pageView // nil when the page could not be read (a dialog blocks it)
	changes    []ariadiff.Change
	events     []browser.Event
	redirected string
	traffic    []browser.NetEntry
	blocked    bool             // a dialog the action raised is open
	unread     string           // why there is no after view, when the action ran and none was taken
	typed      *ariadiff.Change // a contenteditable's text change the tree cannot show
	load       bool             // the action was page.goto
	secrets    Secrets          // the command's, for what the outcome writes (network.jsonl)
	value      *[2]string       // the acted field's value before and after, read from the element
}

// act is the one act-and-observe path (rule 9) every acting command goes
// through: arm the observers (dialogs, new tabs, downloads, console,
// navigation and its HTTP status, requests) and the page's settle
// tracker, act, settle, snapshot, diff. A dialog left open ends the pass
// at once: the action ran, and the page cannot be read until the dialog
// is answered.
func (in *Instance) act(ctx context.Context, page playwright.Page, before *pageView, prep prepare) (out outcome) {
	out.before = before
	defer func() { in.record(ctx, out) }()
	p, err := prep(timeoutMS(ctx))
	if err != nil {
		out.err = err
		out.after = before
		return out
	}
	out.used, out.note, out.load = p.used, p.note, p.load
	out.secrets = requestOf(ctx).secrets
	in.Obs.Arm(requestOf(ctx).dialog)
	in.Net.Start(page.URL())
	docID := p.doc
	if docID == "" && in.Obs.Dialog() == nil {
		// An open dialog blocks every script; answering it is the action.
		docID = armSettle(page)
	}
	opened := in.Obs.DialogOpened()
	navigated, popped := in.Obs.Navigated()
	done := make(chan error, 1)
	// Preparing bounded the wait for the element (timeoutMS); the action
	// itself, and a navigation it starts, get the command's whole time:
	// --timeout bounds them both ways.
	t := leftMS(ctx)
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		done <- p.run(t)
	}()
	out.ran = true
	select {
	case err = <-done:
		out.used, out.note = p.used, p.note // the action may have said how it went
	case <-opened:
		// The action's call returns once the dialog is answered: the
		// command after the answer joins it.
		out.blocked = true
		in.inflight.add(finished)
	case <-ctx.Done():
		err = fmt.Errorf("%w while the action ran", errDeadline)
		select {
		case <-finished:
		case <-time.After(joinGrace):
			in.inflight.add(finished)
		}
	}
	out.err = err
	if !out.blocked {
		if serr := in.settle(ctx, page, docID, navigated, popped); serr != nil && out.err == nil {
			out.err = serr
		}
		select {
		case <-opened:
			out.blocked = true
		default:
		}
	}
	if !out.blocked && out.err == nil && p.check != nil {
		out.err = p.check()
		out.value = p.value
	}
	out.traffic = in.Net.Stop()
	rec := in.Obs.Disarm(page)
	out.events = append(out.events, rec.Events...)
	out.events = append(out.events, in.tabEvents(ctx, rec.Popups)...)
	if rec.Errors > 0 {
		out.events = append(out.events, browser.Event{Kind: browser.EventConsole, Text: fmt.Sprintf("console: %d error%s (prima console --errors)", rec.Errors, plural(rec.Errors))})
	}
	if out.blocked {
		return out
	}
	if ctx.Err() != nil {
		// The command's time is up: reading the page could wait for a
		// navigation still in flight, past the deadline the caller set.
		out.unread = "the command's time (--timeout) ran out before prima could read the page again"
		return out
	}
	withRefs := p.arrives && len(rec.Docs) > 0
	if withRefs {
		// The engine's world died with the old document.
		in.engine(page).Reset()
	}
	after, serr := in.freshView(ctx, page, withRefs)
	if serr != nil && !page.IsClosed() {
		// A late navigation can destroy the document mid-snapshot.
		page.WaitForLoadState(playwright.PageWaitForLoadStateOptions{State: playwright.LoadStateDomcontentloaded, Timeout: playwright.Float(timeoutMS(ctx))})
		after, serr = in.freshView(ctx, page, withRefs)
	}
	if serr != nil {
		if out.err == nil {
			out.err = fmt.Errorf("the action ran, but the page could not be read afterwards: %w", serr)
		}
		out.unread = "the page could not be read after the action: " + serr.Error()
		return out
	}
	out.after = after
	if before != nil {
		out.changes = typedOnly(diffViews(before, after), p.typing, p.field)
	}
	if p.typed != nil && !hasTyped(out.changes, p.typed.Text) {
		out.changes = append([]ariadiff.Change{*p.typed}, out.changes...)
		out.typed = p.typed
	}
	if len(rec.Docs) > 0 {
		last := rec.Docs[len(rec.Docs)-1]
		if last.From != "" && !browser.SamePage(last.From, last.URL) {
			out.redirected = last.From
		}
		if last.Status >= 400 && out.err == nil && browser.SamePage(last.URL, after.URL) {
			out.err = &HTTPStatusError{URL: after.URL, Status: last.Status}
		}
	}
	return out
}

// typedOnly keeps the word typed for the value change of the field the
// action typed into: every other value change (a progress bar moving, a
// form the page cleared after a submit) is the page's own, so changed.
func typedOnly(cs []ariadiff.Change, typing bool, field string) []ariadiff.Change {
	out := make([]ariadiff.Change, len(cs))
	for i, c := range cs {
		if c.Kind == ariadiff.Typed && (!typing || (field != "" && !strings.HasPrefix(c.Text, field+": "))) {
			c.Kind = ariadiff.Changed
		}
		out[i] = c
	}
	return out
}

// tabEvents names the tabs an action opened, with their index as `tab
// list` prints it; a new tab gets a moment to show its title.
func (in *Instance) tabEvents(ctx context.Context, popups []playwright.Page) []browser.Event {
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
		out = append(out, browser.Event{Kind: browser.EventTab, Text: fmt.Sprintf("tab opened: [%d] %s %s", in.TabIndex(np), oneLineText(title), np.URL())})
	}
	return out
}

func oneLineText(s string) string { return strings.Join(strings.Fields(s), " ") }

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// fill writes an outcome into an envelope: page, Changes (every action
// has them), Events, the failure with its code. A page blocked by a
// dialog has no after-snapshot: its Changes say so.
func (in *Instance) fill(env *envelope.Envelope, o outcome) {
	if o.used != "" {
		env.Used = o.used
	}
	env.Events = append(env.Events, browser.Texts(o.events)...)
	switch {
	case o.after != nil:
		in.fillPage(env, o.before, o.after)
		env.Page.Redirected = o.redirected
		env.Changes = changes(o.changes)
		if o.before == nil {
			env.Changes = notObserved("prima has no view of the page from before this command")
		}
	case o.blocked:
		env.Changes = blockedChanges()
		if o.before != nil {
			in.fillPage(env, nil, o.before)
		}
	case o.ran && o.unread != "":
		// Never `no change` for a page nobody looked at again.
		env.Changes = notObserved(o.unread)
		if o.before != nil {
			in.fillPage(env, nil, o.before)
		}
	default:
		env.Changes = &envelope.Changes{}
		if o.before != nil {
			in.fillPage(env, nil, o.before)
		}
	}
	if len(o.traffic) > 0 {
		if a, err := in.writeNetwork(o.traffic, o.secrets); err == nil {
			env.Artifacts = append(env.Artifacts, a)
		} else {
			env.Extra = append(env.Extra, envelope.KV{Key: "note", Value: "network.jsonl not written: " + err.Error()})
		}
	}
	if o.err != nil {
		in.failWith(env, o.err, o.after)
		return
	}
	env.OK = true
}

// failWith marks the envelope failed with err's code, and the page as it
// is (compact ARIA) when there is one.
func (in *Instance) failWith(env *envelope.Envelope, err error, page *pageView) {
	env.OK = false
	env.Failure = failure(err)
	env.Code = codeOf(err)
	if page != nil {
		if page.refFree {
			// A failure shows the page with refs the caller can use.
			page = in.refsOf(in.inc.Page(), 10000, true)
		}
		out, _ := page.Tree.Outline(ariadiff.OutlineOptions{Budget: FailureBudget})
		env.CurrentPage = out.Text
	}
}

// notObserved is a Changes section that says why there is no diff.
func notObserved(why string) *envelope.Changes {
	return &envelope.Changes{Groups: []envelope.ChangeGroup{{Kind: "not observed", Items: []string{why}}}}
}

// hasTyped reports whether the diff already has the typed entry of the
// element the entry names.
func hasTyped(cs []ariadiff.Change, entry string) bool {
	head, _, _ := strings.Cut(entry, ": ")
	for _, c := range cs {
		if c.Kind == ariadiff.Typed && strings.HasPrefix(c.Text, head+":") {
			return true
		}
	}
	return false
}
