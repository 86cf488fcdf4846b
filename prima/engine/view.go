package engine

import (
	"context"
	_ "embed"
	"fmt"
	"strings"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/prima/view"
	"github.com/prima-dev/prima/refs"
)

// View is what one snapshot saw.
type View struct {
	URL   string
	Title string
	Text  string // AI-mode snapshot text with refs; empty when refFree (see text)
	Tree  *ariadiff.Tree
	// RefFree: the view comes from prima's own renderer (prima/view)
	// and holds no refs; a command that needs refs takes a snapshot.
	RefFree bool
	// Doc is the loader id of the document the view was taken on ("" not
	// known), At when: a wait diffs from the last view of that document.
	Doc string
	At  time.Time

	// Computed on first use: a view is read by several steps of one
	// command, and on a 10,000-element page each pass costs milliseconds.
	stateID *ariadiff.State
	refIdx  map[string]refs.Entry
}

// String is the view as snapshot text: a ref-free view renders its tree
// only when asked (a tenth of a second on a 20,000-element page).
func (v *View) String() string {
	if v.Text == "" && v.RefFree {
		return v.Tree.String()
	}
	return v.Text
}

// State is the view's state id.
func (v *View) State() ariadiff.State {
	if v.stateID == nil {
		st := ariadiff.StateHash(v.URL, v.Tree)
		v.stateID = &st
	}
	return *v.stateID
}

// Refs maps the view's refs to what the snapshot says of them.
func (v *View) Refs() map[string]refs.Entry {
	if v.refIdx == nil {
		v.refIdx = refs.Index(v.Tree)
	}
	return v.refIdx
}

// takeView takes the only kind of aria snapshot prima ever takes: full
// page, AI mode. Any other aria snapshot (plain or partial) replaces the
// frame's ref map and would kill the refs of a playwright-cli user sharing
// the browser; the ref-free variant is derived from this text instead.
// The title comes from the detector call that precedes every snapshot.
func (e *Engine) takeView(ctx context.Context, page playwright.Page, title string) (*View, error) {
	e.renderer(page).PrimeUtility()
	body := page.Locator("body")
	snap := func() (string, error) {
		return body.AriaSnapshot(playwright.LocatorAriaSnapshotOptions{Mode: playwright.AriaSnapshotModeAi, Timeout: playwright.Float(LeftMS(ctx))})
	}
	start := time.Now()
	text, err := snap()
	if err != nil && strings.Contains(err.Error(), "does not match any element") {
		// The document went while the snapshot looked (the slow
		// navigation of a click that outlived its --timeout committed):
		// look again at the new one, once its body is there.
		if ctx.Err() == nil && body.WaitFor(playwright.LocatorWaitForOptions{State: playwright.WaitForSelectorStateAttached, Timeout: playwright.Float(LeftMS(ctx))}) == nil {
			text, err = snap()
		}
	}
	if err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	text = e.masked.Text(text)
	return &View{URL: page.URL(), Title: title, Text: text, Tree: ariadiff.Parse(text), At: start}, nil
}

// watchJS arms a change detector in the page and returns the page's form
// fingerprint. It is run just before a snapshot: any DOM mutation or user
// input after it marks the page dirty, and form values set by script
// (which fire no mutation) change the fingerprint. It adds a JS object to
// the page and nothing to the DOM, so a shared browser's snapshots are
// unchanged.
//
//go:embed js/watch.js
var watchJS string

// Snap takes a fresh view with refs and remembers it, with the detector
// armed first so that nothing that happens during the snapshot is missed.
func (e *Engine) Snap(ctx context.Context, page playwright.Page) (*View, error) {
	return e.Fresh(ctx, page, true)
}

// Fresh takes a fresh view and remembers it. Without needRefs the
// view comes from prima's incremental renderer when it can, at a cost
// that follows what changed rather than the page; with needRefs (or when
// the renderer cannot serve the page) it is a full Playwright snapshot.
func (e *Engine) Fresh(ctx context.Context, page playwright.Page, needRefs bool) (*View, error) {
	if !needRefs {
		if v := e.Render(ctx, page); v != nil {
			return v, nil
		}
	}
	res, err := e.Evaluate(ctx, page, watchJS, true)
	if cut(err) {
		return nil, err
	}
	fp, title, passwords := detected(res)
	if err != nil {
		title, _ = page.Title()
	}
	for _, pw := range passwords {
		e.masked.Add(pw)
	}
	doc := e.renderer(page).Document(ctx) // before the snapshot: at worst an older document's name
	v, verr := e.takeView(ctx, page, title)
	if verr != nil {
		if e.b.Obs.Dialog() == nil {
			// A dialog only holds the page: the last view is still the
			// page as it was before the action that raised it, which the
			// answer's Changes run from.
			e.last = nil
		}
		return nil, verr
	}
	v.Doc = doc
	e.refView, e.refPage = v, page
	e.Views.Playwright++
	e.last, e.lastFP, e.lastPage = v, "", page
	if !hasFrames(v.Tree) {
		if err == nil && fp != "" {
			e.lastFP = strings.TrimSuffix(fp, " dirty")
		}
		e.identify(ctx, page, v)
	}
	return v, nil
}

// identify gives a Playwright snapshot's nodes the renderer's node ids,
// so that a diff from it pairs by node as one between renders does: the
// renderer is brought up to date (what it renders now the next action's
// view would render anyway) and its tree, when it shows what the snapshot
// shows, lends its ids. When it does not (the page changed between the
// two), the renderer forgets its text: the change it saw is no longer
// one the last view misses, and its next answer must be whole.
func (e *Engine) identify(ctx context.Context, page playwright.Page, v *View) {
	r, err := e.renderer(page).Update(ctx)
	if err != nil || r.Frames {
		return
	}
	for _, pw := range r.Passwords {
		e.masked.Add(pw)
	}
	if !ariadiff.AdoptIDs(v.Tree, e.inc.Tree(e.masked.Text, e.masked)) {
		e.inc.Forget()
	}
}

// Render is the page from the incremental renderer, remembered as
// the last view; nil when the renderer cannot serve the page (no driver
// bundle, frames, a failed call). The renderer is its own change
// detector: when nothing changed since it last answered, the last view
// still shows the page (every answer becomes the last view, and a later
// Playwright snapshot is newer still).
func (e *Engine) Render(ctx context.Context, page playwright.Page) *View {
	r, err := e.renderer(page).Update(ctx)
	if err != nil || r.Frames {
		return nil
	}
	for _, pw := range r.Passwords {
		e.masked.Add(pw)
	}
	url := page.URL()
	if !r.Changed {
		if e.last != nil && e.lastPage == page {
			if e.last.URL != url || e.last.Title != r.Title {
				// A history push or a new title: the same tree.
				v := *e.last
				v.URL, v.Title, v.stateID = url, r.Title, nil
				v.Doc, v.At = e.inc.Document(ctx), time.Now()
				e.last = &v
			}
			return e.last
		}
	}
	if r.Whole {
		e.Views.Whole++
	} else {
		e.Views.Partial++
	}
	// The tree Playwright's snapshot would show with refs, [active] and
	// [cursor] removed. It holds no refs: the engine's are its own, and
	// must never reach a caller.
	v := &View{URL: url, Title: r.Title, Tree: e.inc.Tree(e.masked.Text, e.masked), RefFree: true, Doc: e.inc.Document(ctx), At: time.Now()}
	e.last, e.lastFP, e.lastPage = v, "", page
	return v
}

// Document is the loader id of the document page holds now ("" when it
// cannot be read): the same id is the same document, no navigation between.
func (e *Engine) Document(ctx context.Context, page playwright.Page) string {
	return e.renderer(page).Loader(ctx)
}

// renderer is the incremental renderer of page, made anew when prima moved
// to another page.
func (e *Engine) renderer(page playwright.Page) *view.Engine {
	if e.inc == nil || e.inc.Page() != page {
		if e.inc != nil {
			e.inc.Close()
		}
		e.inc = view.New(page, e.b.Driver, e.Hand)
	}
	return e.inc
}

// Observe returns the page as it is: the remembered view when nothing
// changed since it was taken, else a fresh one. It saves a whole snapshot
// (hundreds of milliseconds on a big page) per command. needRefs: the
// command reads refs from the view.
func (e *Engine) Observe(ctx context.Context, page playwright.Page, needRefs bool) (*View, error) {
	if !needRefs {
		// The engine has nothing of this document yet (prima arrived with
		// a Playwright snapshot): the snapshot, while it still shows the
		// page, costs nothing, and a whole render of the engine's would
		// cost as much as it did. The engine renders when a view after an
		// action needs it.
		if e.inc != nil && e.inc.Page() == page && e.inc.Empty() {
			if v := e.unchangedSnapshot(ctx, page); v != nil {
				return v, nil
			}
		}
		if v := e.Render(ctx, page); v != nil {
			return v, nil
		}
	}
	if v := e.unchangedSnapshot(ctx, page); v != nil {
		return v, nil
	}
	return e.Fresh(ctx, page, needRefs)
}

// unchangedSnapshot is the last Playwright snapshot of page when the
// change detector proves the page unchanged since, else nil.
func (e *Engine) unchangedSnapshot(ctx context.Context, page playwright.Page) *View {
	if e.last == nil || e.lastPage != page || e.lastFP == "" || e.last.RefFree {
		return nil
	}
	res, err := e.Evaluate(ctx, page, watchJS, false)
	if err != nil {
		return nil
	}
	if fp, _, _ := detected(res); fp != e.lastFP {
		return nil
	}
	return e.last
}

// detected reads the detector's [fingerprint, title, password values,
// opaque]; an opaque page (shadow roots) has no fingerprint: the
// detector cannot prove it unchanged.
func detected(v any) (string, string, []string) {
	a, ok := v.([]any)
	if !ok || len(a) < 3 {
		return "", "", nil
	}
	fp, _ := a[0].(string)
	title, _ := a[1].(string)
	var pws []string
	if l, ok := a[2].([]any); ok {
		for _, x := range l {
			if s, ok := x.(string); ok {
				pws = append(pws, s)
			}
		}
	}
	if len(a) > 3 {
		if opaque, _ := a[3].(bool); opaque {
			fp = ""
		}
	}
	return fp, title, pws
}

// hasFrames: the detector watches the main document only, so a page with
// frames is always snapshotted afresh.
func hasFrames(t *ariadiff.Tree) bool {
	found := false
	t.Root.Walk(func(n *ariadiff.Node, _ int) bool {
		if n.Role == "iframe" {
			found = true
		}
		return !found
	})
	return found
}

// Diff diffs two views; across a change of path nothing is renamed,
// since the page is another one.
func Diff(before, after *View) []ariadiff.Change {
	if stripQuery(PathOf(before.URL)) != stripQuery(PathOf(after.URL)) {
		return ariadiff.DiffNavigated(before.Tree, after.Tree)
	}
	return ariadiff.Diff(before.Tree, after.Tree)
}

func stripQuery(p string) string {
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		return p[:i]
	}
	return p
}

// RefsOf is the last view with refs of page, taking a Playwright snapshot
// when there is none: refs a caller holds come from one, and refs prima
// prints must be ones Playwright resolves.
// fresh: the page as it is now, not as prima last saw it with refs.
func (e *Engine) RefsOf(ctx context.Context, page playwright.Page, fresh bool) *View {
	if !fresh && e.refView != nil && e.refPage == page {
		return e.refView
	}
	title, _ := page.Title()
	v, err := e.takeView(ctx, page, title)
	if err != nil {
		return &View{URL: page.URL(), Title: title, Tree: ariadiff.Parse("")}
	}
	e.refView, e.refPage = v, page
	e.Views.Playwright++
	return v
}

// WithRefs is v, or when v holds no refs, the page now with refs: for a
// step that reads refs from the page an action left.
func (e *Engine) WithRefs(ctx context.Context, page playwright.Page, v *View) *View {
	if v == nil || !v.RefFree {
		return v
	}
	if w, err := e.Observe(ctx, page, true); err == nil {
		return w
	}
	return v
}

func PathOf(raw string) string {
	if i := strings.Index(raw, "://"); i >= 0 {
		if j := strings.Index(raw[i+3:], "/"); j >= 0 {
			return raw[i+3+j:]
		}
	}
	return raw
}

// failurePageTime bounds the snapshot a failure prints.
const failurePageTime = 10 * time.Second

// Printable is v, or when v holds no refs (prima's own render), a
// Playwright snapshot of the page taken now: a failure shows the page
// with refs the caller can use.
func (e *Engine) Printable(v *View) *View {
	if !v.RefFree || e.inc == nil {
		return v
	}
	// The page a failure shows is read even after the command's time ran
	// out (a timeout's failure shows it too), within a time of its own.
	ctx, cancel := context.WithTimeout(context.Background(), failurePageTime)
	defer cancel()
	return e.RefsOf(ctx, e.inc.Page(), true)
}
