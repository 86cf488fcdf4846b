package exec

import (
	"context"
	_ "embed"
	"fmt"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/prima/view"
	"github.com/prima-dev/prima/refs"
)

// pageView is what one snapshot saw.
type pageView struct {
	URL   string
	Title string
	Text  string // AI-mode snapshot text with refs; empty when refFree (see text)
	Tree  *ariadiff.Tree
	// refFree: the view comes from prima's own renderer (prima/view)
	// and holds no refs; a command that needs refs takes a snapshot.
	refFree bool

	// Computed on first use: a view is read by several steps of one
	// command, and on a 10,000-element page each pass costs milliseconds.
	stateID *ariadiff.State
	refIdx  map[string]refs.Entry
}

// text is the view as snapshot text: a ref-free view renders its tree
// only when asked (a tenth of a second on a 20,000-element page).
func (v *pageView) text() string {
	if v.Text == "" && v.refFree {
		return v.Tree.String()
	}
	return v.Text
}

// state is the view's state id.
func (v *pageView) state() ariadiff.State {
	if v.stateID == nil {
		st := ariadiff.StateHash(v.URL, v.Tree)
		v.stateID = &st
	}
	return *v.stateID
}

// refs maps the view's refs to what the snapshot says of them.
func (v *pageView) refs() map[string]refs.Entry {
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
func (in *Instance) takeView(page playwright.Page, title string, timeout float64) (*pageView, error) {
	in.engine(page).PrimeUtility()
	text, err := page.Locator("body").AriaSnapshot(playwright.LocatorAriaSnapshotOptions{
		Mode:    playwright.AriaSnapshotModeAi,
		Timeout: playwright.Float(timeout),
	})
	if err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	text = in.mask(text)
	return &pageView{URL: page.URL(), Title: title, Text: text, Tree: ariadiff.Parse(text)}, nil
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

// snap takes a fresh view with refs and remembers it, with the detector
// armed first so that nothing that happens during the snapshot is missed.
func (in *Instance) snap(ctx context.Context, page playwright.Page) (*pageView, error) {
	return in.freshView(ctx, page, true)
}

// freshView takes a fresh view and remembers it. Without needRefs the
// view comes from prima's incremental renderer when it can, at a cost
// that follows what changed rather than the page; with needRefs (or when
// the renderer cannot serve the page) it is a full Playwright snapshot.
func (in *Instance) freshView(ctx context.Context, page playwright.Page, needRefs bool) (*pageView, error) {
	if !needRefs {
		if v := in.renderView(ctx, page); v != nil {
			return v, nil
		}
	}
	timeout := leftMS(ctx)
	res, err := page.Evaluate(watchJS, true)
	fp, title, passwords := detected(res)
	if err != nil {
		title, _ = page.Title()
	}
	for _, pw := range passwords {
		in.maskValue(pw)
	}
	v, verr := in.takeView(page, title, timeout)
	if verr != nil {
		in.last = nil
		return nil, verr
	}
	in.refView, in.refPage = v, page
	in.Views.Playwright++
	in.last, in.lastFP, in.lastPage = v, "", page
	if err == nil && fp != "" && !hasFrames(v.Tree) {
		in.lastFP = strings.TrimSuffix(fp, " dirty")
	}
	return v, nil
}

// renderView is the page from the incremental renderer, remembered as
// the last view; nil when the renderer cannot serve the page (no driver
// bundle, frames, a failed call). The renderer is its own change
// detector: when nothing changed since it last answered, the last view
// still shows the page (every answer becomes the last view, and a later
// Playwright snapshot is newer still).
func (in *Instance) renderView(ctx context.Context, page playwright.Page) *pageView {
	r, err := in.engine(page).Update(ctx)
	if err != nil || r.Frames {
		return nil
	}
	for _, pw := range r.Passwords {
		in.maskValue(pw)
	}
	url := page.URL()
	if !r.Changed {
		if in.last != nil && in.lastPage == page {
			if in.last.URL != url || in.last.Title != r.Title {
				// A history push or a new title: the same tree.
				v := *in.last
				v.URL, v.Title, v.stateID = url, r.Title, nil
				in.last = &v
			}
			return in.last
		}
	}
	if r.Whole {
		in.Views.Whole++
	} else {
		in.Views.Partial++
	}
	// The tree Playwright's snapshot would show with refs, [active] and
	// [cursor] removed. It holds no refs: the engine's are its own, and
	// must never reach a caller.
	v := &pageView{URL: url, Title: r.Title, Tree: in.inc.Tree(in.mask, in.masked), refFree: true}
	in.last, in.lastFP, in.lastPage = v, "", page
	return v
}

// engine is the incremental renderer of page, made anew when prima moved
// to another page.
func (in *Instance) engine(page playwright.Page) *view.Engine {
	if in.inc == nil || in.inc.Page() != page {
		if in.inc != nil {
			in.inc.Close()
		}
		in.inc = view.New(page, in.inflight.add)
	}
	return in.inc
}

// view returns the page as it is: the remembered view when nothing
// changed since it was taken, else a fresh one. It saves a whole snapshot
// (hundreds of milliseconds on a big page) per command. needRefs: the
// command reads refs from the view.
func (in *Instance) view(ctx context.Context, page playwright.Page, needRefs bool) (*pageView, error) {
	if !needRefs {
		// The engine has nothing of this document yet (prima arrived with
		// a Playwright snapshot): the snapshot, while it still shows the
		// page, costs nothing, and a whole render of the engine's would
		// cost as much as it did. The engine renders when a view after an
		// action needs it.
		if in.inc != nil && in.inc.Page() == page && in.inc.Empty() {
			if v := in.unchangedSnapshot(page); v != nil {
				return v, nil
			}
		}
		if v := in.renderView(ctx, page); v != nil {
			return v, nil
		}
	}
	if v := in.unchangedSnapshot(page); v != nil {
		return v, nil
	}
	return in.freshView(ctx, page, needRefs)
}

// unchangedSnapshot is the last Playwright snapshot of page when the
// change detector proves the page unchanged since, else nil.
func (in *Instance) unchangedSnapshot(page playwright.Page) *pageView {
	if in.last == nil || in.lastPage != page || in.lastFP == "" || in.last.refFree {
		return nil
	}
	res, err := page.Evaluate(watchJS, false)
	if err != nil {
		return nil
	}
	if fp, _, _ := detected(res); fp != in.lastFP {
		return nil
	}
	return in.last
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

// diffViews diffs two views; across a change of path nothing is renamed,
// since the page is another one.
func diffViews(before, after *pageView) []ariadiff.Change {
	if stripQuery(pathOf(before.URL)) != stripQuery(pathOf(after.URL)) {
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

// compactMarkupJS renders the page as capped compact markup (tier 3): the
// elements a user can act on or read, with the attributes that identify
// them, and frames inline. It reads the DOM and changes nothing.
//
//go:embed js/compact_markup.js
var compactMarkupJS string

// compactMarkup returns tier-3 markup of the page, at most max bytes.
func compactMarkup(page playwright.Page, max int) (string, error) {
	v, err := page.Evaluate(compactMarkupJS, max)
	if err != nil {
		return "", fmt.Errorf("compact markup: %w", err)
	}
	s, _ := v.(string)
	return s, nil
}

// refsOf is the last view with refs of page, taking a Playwright snapshot
// when there is none: refs a caller holds come from one, and refs prima
// prints must be ones Playwright resolves.
// fresh: the page as it is now, not as prima last saw it with refs.
func (in *Instance) refsOf(page playwright.Page, timeout float64, fresh bool) *pageView {
	if !fresh && in.refView != nil && in.refPage == page {
		return in.refView
	}
	title, _ := page.Title()
	v, err := in.takeView(page, title, timeout)
	if err != nil {
		return &pageView{URL: page.URL(), Title: title, Tree: ariadiff.Parse("")}
	}
	in.refView, in.refPage = v, page
	in.Views.Playwright++
	return v
}

// withRefs is v, or when v holds no refs, the page now with refs: for a
// step that reads refs from the page an action left.
func (in *Instance) withRefs(ctx context.Context, page playwright.Page, v *pageView) *pageView {
	if v == nil || !v.refFree {
		return v
	}
	if w, err := in.view(ctx, page, true); err == nil {
		return w
	}
	return v
}
