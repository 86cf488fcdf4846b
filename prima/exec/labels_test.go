package exec

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
)

// nativePage opens path in a browser of its own that prima never touched:
// its Playwright snapshots run on Blink's own element.labels.
func nativePage(t *testing.T, path string) playwright.Page {
	t.Helper()
	b, err := testPW.Chromium.Launch(playwright.BrowserTypeLaunchOptions{
		ExecutablePath: playwright.String(testLaunch.Path),
		Args:           []string{"--no-sandbox", "--disable-gpu"},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	page, err := b.NewPage()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := page.Goto(testApp.URL + path); err != nil {
		t.Fatal(err)
	}
	return page
}

// refFree is a Playwright AI snapshot of page, refs removed.
func refFree(t *testing.T, page playwright.Page) string {
	t.Helper()
	text, err := page.Locator("body").AriaSnapshot(playwright.LocatorAriaSnapshotOptions{Mode: playwright.AriaSnapshotModeAi})
	if err != nil {
		t.Fatal(err)
	}
	tr := ariadiff.Parse(text)
	tr.StripRefs()
	return tr.String()
}

// TestUtilityWorldLabelsAreBlinks: with the faster labels getter in
// Playwright's utility world (given by prima's first snapshot), every
// Playwright snapshot of a page with every kind of label, changed in
// every way that moves a label to another control, equals the snapshot
// of the same page in a browser prima never touched. Names follow their
// labels, so a stale or wrong label map shows as a wrong name.
func TestUtilityWorldLabelsAreBlinks(t *testing.T) {
	in := newTestInstance(t, "/labels")
	page, err := in.UsablePage()
	if err != nil {
		t.Fatal(err)
	}
	native := nativePage(t, "/labels")
	if _, err := in.eng.Snap(ctxT(t), page); err != nil {
		t.Fatal(err)
	}
	if !in.eng.Primed() {
		t.Fatal("prima's snapshot did not give Playwright's utility world the labels getter: the test would compare Blink with Blink")
	}
	n, err := native.Evaluate("window.stepCount")
	if err != nil {
		t.Fatal(err)
	}
	steps, _ := n.(int)
	if steps == 0 {
		t.Fatalf("stepCount = %v", n)
	}
	check := func(what string) {
		t.Helper()
		if a, b := refFree(t, native), refFree(t, page); a != b {
			t.Fatalf("%s: the snapshot with prima's labels differs from Blink's (- Blink, + prima):\n%s", what, lineDiff(a, b))
		}
	}
	check("at load")
	for k := 0; k < steps; k++ {
		for _, p := range []playwright.Page{native, page} {
			if _, err := p.Evaluate("k => window.step(k)", k); err != nil {
				t.Fatal(err)
			}
		}
		check(fmt.Sprintf("step %d", k))
	}
	// The page's names moved with the steps: the comparison saw changes.
	if got := refFree(t, page); !containsAll(got, `textbox "Papa"`, `button "Delta renamed"`, `textbox "Alpha again"`) {
		t.Fatalf("the steps did not move the labels as the page says:\n%s", got)
	}
}

// TestUtilityWorldLabelsOnAMutatingPage runs the big mutating page's
// seeded changes (rows, fields, labels naming fields elsewhere, dialogs)
// on two copies: Playwright's snapshots with prima's labels and without
// must stay equal.
func TestUtilityWorldLabelsOnAMutatingPage(t *testing.T) {
	in := newTestInstance(t, "/mutate?rows=40")
	page, err := in.UsablePage()
	if err != nil {
		t.Fatal(err)
	}
	native := nativePage(t, "/mutate?rows=40")
	if _, err := in.eng.Snap(ctxT(t), page); err != nil {
		t.Fatal(err)
	}
	if !in.eng.Primed() {
		t.Fatal("no utility world was given the labels getter")
	}
	for i := 0; i < envInt("PRIMA_LABELS_STEPS", 150); i++ {
		seed := int64(i*7919 + 13)
		for _, p := range []playwright.Page{native, page} {
			if _, err := p.Evaluate("s => window.mutate(s)", seed); err != nil {
				t.Fatal(err)
			}
		}
		if a, b := refFree(t, native), refFree(t, page); a != b {
			t.Fatalf("mutate(%d): the snapshot with prima's labels differs from Blink's (- Blink, + prima):\n%s", seed, lineDiff(a, b))
		}
	}
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}
