package exec

import (
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/prima/wire"
)

// TestIncrementalViewEqualsAWholeSnapshot is the big-page equivalence test:
// on a big mutating page (fixtures/pages/mutate.html), random changes of
// the kinds real apps make (text, rows, attributes, state set by script,
// focus, captions and labels naming things elsewhere, dialogs, popovers)
// and real Playwright actions; after each, the incremental renderer's tree
// and the Changes it gives must equal those of a fresh full Playwright
// AI snapshot. Any difference fails, with the seed to replay it.
//
// The grid has 40 rows (?rows=150 for the size results/big.md measured):
// every kind of mutation still lands, on rows that collide more often, and
// the whole snapshot each step checks against costs half the CPU.
//
// PRIMA_EQUIV_STEPS sets the number of steps (default 1,000),
// PRIMA_EQUIV_SEED the seed.
func TestIncrementalViewEqualsAWholeSnapshot(t *testing.T) {
	steps := envInt("PRIMA_EQUIV_STEPS", 1000)
	seed := int64(envInt("PRIMA_EQUIV_SEED", 14))
	in := newTestInstance(t, "/mutate?rows=40")
	page, err := in.UsablePage()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(seed))
	whole := func() *ariadiff.Tree {
		text, err := page.Locator("body").AriaSnapshot(playwright.LocatorAriaSnapshotOptions{Mode: playwright.AriaSnapshotModeAi})
		if err != nil {
			t.Fatal(err)
		}
		tr := ariadiff.Parse(text)
		tr.StripRefs()
		return tr
	}
	incr := func() *ariadiff.Tree {
		v := in.eng.Render(ctxT(t), page)
		if v == nil {
			t.Fatal("the incremental renderer could not serve the page")
		}
		// The last Playwright snapshot, while the renderer proves it still
		// shows the page, is served as it is: refs and all.
		tr := v.Tree.Clone()
		tr.StripRefs()
		return tr
	}
	prevW, prevI := whole(), incr()
	if a, b := prevW.String(), prevI.String(); a != b {
		t.Fatalf("first render differs from Playwright's:\n%s", lineDiff(a, b))
	}
	// A whole snapshot takes the renderer's node ids, as prima's own do
	// (the trees are equal), so both diffs pair by node alike.
	ariadiff.AdoptIDs(prevW, prevI)
	start := in.eng.Views
	actions := 0
	for i := 0; i < steps; i++ {
		what := ""
		if r.Intn(5) == 0 {
			what = randomAction(t, page, r)
			actions++
		} else {
			s := r.Int63n(1 << 30)
			v, err := page.Evaluate("s => window.mutate(s)", s)
			if err != nil {
				t.Fatalf("step %d: mutate(%d): %v", i, s, err)
			}
			what = fmt.Sprintf("mutate(%d): %v", s, v)
		}
		curI := incr()
		curW := whole()
		if a, b := curW.String(), curI.String(); a != b {
			t.Fatalf("step %d (seed %d) %s: the incremental tree differs from a whole snapshot (- whole, + incremental):\n%s", i, seed, what, lineDiff(a, b))
		}
		if curI.Space != "" && !ariadiff.AdoptIDs(curW, curI) {
			t.Fatalf("step %d (seed %d) %s: a whole snapshot equal to the renderer's tree took none of its node ids", i, seed, what)
		}
		dW, dI := strings.Join(ChangeTexts(ariadiff.Diff(prevW, curW)), "\n"), strings.Join(ChangeTexts(ariadiff.Diff(prevI, curI)), "\n")
		if dW != dI {
			t.Fatalf("step %d (seed %d) %s: Changes differ:\nwhole:\n%s\nincremental:\n%s", i, seed, what, dW, dI)
		}
		prevW, prevI = curW, curI
	}
	partial, wholes := in.eng.Views.Partial-start.Partial, in.eng.Views.Whole-start.Whole
	t.Logf("%d steps (%d Playwright actions): %d partial renders, %d whole", steps, actions, partial, wholes)
	// The test proves something only if the renderer mostly re-renders
	// parts: a renderer that always renders whole would pass trivially.
	if partial < steps*3/4 {
		t.Errorf("only %d of %d updates were partial", partial, steps)
	}
}

// randomAction does one real Playwright action on the mutate page.
func randomAction(t *testing.T, page playwright.Page, r *rand.Rand) string {
	t.Helper()
	type act struct {
		sel string
		do  func(playwright.Locator) error
	}
	click := func(l playwright.Locator) error {
		return l.Click(playwright.LocatorClickOptions{Timeout: playwright.Float(500)})
	}
	acts := []act{
		{"#rows button:visible", click},
		{"#new", click},
		{"#watch", click},
		{"#more", click},
		{"#save", click},
		{"#f-title", func(l playwright.Locator) error {
			return l.Fill(fmt.Sprintf("t%d", r.Intn(100)), playwright.LocatorFillOptions{Timeout: playwright.Float(500)})
		}},
		{"#f-urgent", click},
		{"#f-state", func(l playwright.Locator) error {
			_, err := l.SelectOption(playwright.SelectOptionValues{Labels: &[]string{[]string{"Open", "Closed", "Blocked"}[r.Intn(3)]}}, playwright.LocatorSelectOptionOptions{Timeout: playwright.Float(500)})
			return err
		}},
		{"#editor", func(l playwright.Locator) error {
			return l.Fill(fmt.Sprintf("note %d", r.Intn(100)), playwright.LocatorFillOptions{Timeout: playwright.Float(500)})
		}},
		{"#det summary", click},
		{"#rows a:visible", func(l playwright.Locator) error {
			return l.Hover(playwright.LocatorHoverOptions{Timeout: playwright.Float(500)})
		}},
	}
	a := acts[r.Intn(len(acts))]
	l := page.Locator(a.sel)
	if n, _ := l.Count(); n > 1 {
		l = l.Nth(r.Intn(n))
	}
	// An action a random page state makes impossible (a disabled or
	// hidden target) is fine: what is compared is the page after it.
	err := a.do(l)
	return fmt.Sprintf("action %s (err %v)", a.sel, err != nil)
}

// lineDiff shows the lines where a and b first differ, with context.
func lineDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	i := 0
	for i < len(la) && i < len(lb) && la[i] == lb[i] {
		i++
	}
	ja, jb := len(la), len(lb)
	for ja > i && jb > i && la[ja-1] == lb[jb-1] {
		ja, jb = ja-1, jb-1
	}
	var out strings.Builder
	from := max(0, i-3)
	for k := from; k < i; k++ {
		fmt.Fprintf(&out, "  %s\n", la[k])
	}
	for k := i; k < ja && k < i+20; k++ {
		fmt.Fprintf(&out, "- %s\n", la[k])
	}
	for k := i; k < jb && k < i+20; k++ {
		fmt.Fprintf(&out, "+ %s\n", lb[k])
	}
	return out.String()
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return n
	}
	return def
}

// An empty live region (zero size, so no ref to find its line by) that
// the first click fills is rendered in its slot between its neighbours,
// not by a whole render: on a 20,000-element page that is 25 ms against
// seconds.
func TestIncrementalViewRendersAnEmptyRegionInItsSlot(t *testing.T) {
	in := newTestInstance(t, "/big?n=200")
	page, err := in.UsablePage()
	if err != nil {
		t.Fatal(err)
	}
	if v := in.eng.Render(ctxT(t), page); v == nil {
		t.Fatal("the incremental renderer could not serve the page")
	}
	start := in.eng.Views
	env := in.Pw(ctxT(t), wire.PwRequest{Action: "click", Ref: "#row-1 button"})
	if !env.OK || !strings.Contains(env.Markdown(), "status: Editing row 1") {
		t.Fatalf("click:\n%s", env.Markdown())
	}
	if in.eng.Views.Whole != start.Whole || in.eng.Views.Playwright != start.Playwright || in.eng.Views.Partial == start.Partial {
		t.Errorf("views before %+v, after %+v: want only partial renders", start, in.eng.Views)
	}
	text, err := page.Locator("body").AriaSnapshot(playwright.LocatorAriaSnapshotOptions{Mode: playwright.AriaSnapshotModeAi})
	if err != nil {
		t.Fatal(err)
	}
	w := ariadiff.Parse(text)
	w.StripRefs()
	last, _ := in.eng.Last()
	if a, b := w.String(), last.Tree.String(); a != b {
		t.Errorf("the view differs from a whole snapshot:\n%s", lineDiff(a, b))
	}
}

// A frame an action adds after the engine has a view, and then a change
// made only inside that frame (no mutation in the main document): the
// engine renders no frame contents, so it must learn of the frame from its
// records and hand both views to Playwright's snapshot, never answer from
// its kept text. The page's own log says what it did.
func TestIncrementalViewHandsAnAddedFrameToPlaywright(t *testing.T) {
	in := newTestInstance(t, "/frame-later")
	page, err := in.UsablePage()
	if err != nil {
		t.Fatal(err)
	}
	if v := in.eng.Render(ctxT(t), page); v == nil {
		t.Fatal("the engine did not serve the page before the frame")
	}
	env := in.Pw(ctxT(t), wire.PwRequest{Action: "click", Ref: "#add"})
	if !env.OK || !strings.Contains(env.Markdown(), `heading "Invoice 4821"`) {
		t.Fatalf("adding the frame:\n%s", env.Markdown())
	}
	if _, err := page.WaitForFunction(`() => { const f = document.querySelector('iframe'); return f && f.contentDocument && f.contentDocument.getElementById('s'); }`, nil); err != nil {
		t.Fatal(err)
	}
	start := in.eng.Views
	env = in.Pw(ctxT(t), wire.PwRequest{Action: "click", Ref: "#pay"})
	md := env.Markdown()
	if !env.OK || !strings.Contains(md, "Paid") || strings.Contains(md, "no change") {
		t.Fatalf("paying inside the frame: want the frame's text change in Changes:\n%s", md)
	}
	if in.eng.Views.Playwright == start.Playwright {
		t.Errorf("views before %+v, after %+v: the views of a page with a frame must be Playwright's", start, in.eng.Views)
	}
	log, err := page.Evaluate("() => window.log.join(', ')")
	if err != nil || log != "frame added, paid inside the frame" {
		t.Errorf("the page's log: %v (%v)", log, err)
	}
}
