package main

// The second round of truth tests: defect shapes seen on real apps where
// prima called a success a failure (or a failure a success, or printed
// what did not run), each on a fixture page shaped like the page where it
// was seen (fixtures/pages/truth2_*.html). Every test asserts on what the
// page really did (its action log) as well as on the envelope.

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// offlineEnv clears every model and judge setting, so that a command runs
// with the offline judge and no planner whatever the caller's environment.
var offlineEnv = []string{"PRIMA_JUDGE=", "PRIMA_JUDGE_BASE_URL=", "PRIMA_JUDGE_MODEL=", "TYPESAFE_API_KEY=",
	"OPENROUTER_API_KEY=", "PRIMA_MODEL=", "PRIMA_BASE_URL=", "PRIMA_PROVIDER=", "OPENAI_API_KEY="}

// primaOffline runs the CLI with offlineEnv.
func (h *harness) primaOffline(args ...string) result {
	h.t.Helper()
	return h.run(90*time.Second, offlineEnv, primaBin, args...)
}

// has requires every sub in s, reporting the missing ones in one line
// (the envelope itself is printed by wantOK or wantFailure when they fail).
func has(t *testing.T, what, s string, subs ...string) {
	t.Helper()
	var miss []string
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			miss = append(miss, sub)
		}
	}
	if len(miss) > 0 {
		t.Errorf("%s lacks %q", what, miss)
	}
}

// pageLine is the envelope's `url:` line in ### Page.
func pageLine(out string) string {
	for _, l := range strings.Split(section(out, "Page"), "\n") {
		if strings.HasPrefix(l, "url: ") {
			return l
		}
	}
	return ""
}

// Shape 1: a link (and a go) to a page whose server answers after 6 s,
// over the old fixed 5 s cap. Within --timeout 30s it is arrival.
func TestSlowServerNavigationIsOkWithinTimeout(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/slow-link")
	snap := h.primaOK("snapshot")
	app.Reset()
	r := h.prima("pw", "click", ref(t, snap, "link", "Yearly report"), "--timeout", "30s")
	t.Logf("click to a 6 s page took %s", r.took)
	wantOK(t, "click a link to a 6 s page with --timeout 30s", r)
	if !strings.Contains(pageLine(r.out), "/truth2/slow?ms=6000") {
		t.Errorf("### Page does not show the new URL: %q\n%s", pageLine(r.out), r.out)
	}
	wantChanges(t, "the slow page arrived", r.out, `heading "Slow report"`)
	if got := acted(settledActions(t, 1), "click"); got != "click:slow-report" {
		t.Errorf("the page logged %q, want one click on the link", got)
	}

	h.primaOK("go", "/truth2/slow-link")
	app.Reset()
	r = h.prima("go", app.URL+"/truth2/slow?ms=6000", "--timeout", "30s")
	t.Logf("go to a 6 s page took %s", r.took)
	wantOK(t, "go to a 6 s page with --timeout 30s", r)
	if !strings.Contains(pageLine(r.out), "/truth2/slow?ms=6000") {
		t.Errorf("### Page does not show the new URL: %q\n%s", pageLine(r.out), r.out)
	}
	wantChanges(t, "the slow page arrived through go", r.out, `heading "Slow report"`)
	if got := settledActions(t, 0); len(got) != 0 {
		t.Errorf("go acted on the page: %+v", got)
	}
}

// Shape 1, the other bound: with --timeout 3s navigations to a page the
// server answers after 30 s fail with code timeout, and within about the
// 3 s asked for, not the 30 s the server takes. The bound sits between:
// a loaded machine adds seconds to the 3 (the daemon answers by the
// deadline and its 10 s overrun at worst), never the 27 to the server's.
func TestSlowServerNavigationTimesOutWithinTimeout(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/slow-link")
	snap := h.primaOK("snapshot")
	app.Reset()
	r := h.prima("pw", "click", ref(t, snap, "link", "Archive report"), "--timeout", "3s")
	t.Logf("click to a 30 s page with --timeout 3s took %s", r.took)
	wantFailure(t, "click a link to a 30 s page with --timeout 3s", r, "timeout")
	if r.took > 15*time.Second {
		t.Errorf("--timeout 3s: the click took %s (waiting for the server's 30 s, not the 3 s asked for)", r.took)
	}
	if got := acted(settledActions(t, 1), "click"); got != "click:archive-report" {
		t.Errorf("the page logged %q, want one click on the link", got)
	}

	// The next command waits for the page the click left navigating to
	// answer: the server's 30 s, less the 3 spent.
	h.primaOK("go", "/truth2/slow-link", "--timeout", "60s")
	app.Reset()
	r = h.prima("go", app.URL+"/truth2/slow?ms=30000", "--timeout", "3s")
	t.Logf("go to a 30 s page with --timeout 3s took %s", r.took)
	wantFailure(t, "go to a 30 s page with --timeout 3s", r, "timeout")
	if r.took > 15*time.Second {
		t.Errorf("--timeout 3s: go took %s (waiting for the server's 30 s, not the 3 s asked for)", r.took)
	}
	if got := settledActions(t, 0); len(got) != 0 {
		t.Errorf("go acted on the page: %+v", got)
	}
}

// Shape 2: a nav link that the page replaces with a new node (same text,
// class active) when the pointer enters it. The hover ran and the page
// reacted; the click reached the new node and its handler ran. Neither is
// `not_actionable ... detached`.
func TestLinkReplacedOnHoverIsHoveredAndClicked(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/nav")
	snap := h.primaOK("snapshot")
	app.Reset()
	r := h.prima("pw", "hover", ref(t, snap, "link", "Reports"))
	wantOK(t, "hover a link the page replaces on hover", r)
	wantChanges(t, "the hover's reaction", r.out, "Pointing at Reports")
	if got := acted(settledActions(t, 1), "hover"); got != "hover:nav-reports" {
		t.Errorf("the page logged hovers %q, want one on Reports", got)
	}

	snap = h.primaOK("snapshot")
	app.Reset()
	r = h.prima("pw", "click", ref(t, snap, "link", "Members"))
	wantOK(t, "click a link the page replaces on hover", r)
	wantChanges(t, "the click's handler ran", r.out, "Opened Members")
	if strings.Contains(section(r.out, "Failure"), "detached") {
		t.Errorf("a click on a link the page replaced on hover is called detached")
	}
	if n := count(settledActions(t, 2), "click", "nav-members"); n != 1 {
		t.Errorf("the page logged %d clicks on Members, want 1: %+v", n, app.Actions())
	}

	// The page re-renders Settings on hover and puts Drafts where it was:
	// the click under the pointer would reach Drafts. Only the element
	// like the one that left gets it.
	snap = h.primaOK("snapshot")
	app.Reset()
	r = h.prima("pw", "click", ref(t, snap, "link", "Settings"))
	wantOK(t, "click a link the page moved another under the pointer for", r)
	wantChanges(t, "the click reached Settings", r.out, "Opened Settings")
	as := settledActions(t, 2)
	if n, d := count(as, "click", "nav-settings"), count(as, "click", "nav-drafts"); n != 1 || d != 0 {
		t.Errorf("the page logged %d clicks on Settings and %d on Drafts, want 1 and 0: %+v", n, d, app.Actions())
	}

	// Through do, the same.
	h.primaOK("go", "/truth2/nav")
	app.Reset()
	r = h.prima("do", "click Reports")
	wantOK(t, "do click Reports", r)
	has(t, "do click Reports", r.out, "proven: 1/1")
	if n := count(settledActions(t, 2), "click", "nav-reports"); n != 1 {
		t.Errorf("the page logged %d clicks on Reports, want 1: %+v", n, app.Actions())
	}
}

// Shape 3: a button in an open shadow root (a custom element). The click
// reaches it (a click retargeted to the host at the document is still the
// button's); the envelope is ok with the handler's effect in Changes.
func TestShadowRootButtonIsClicked(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/shadow")
	snap := h.primaOK("snapshot")
	app.Reset()
	r := h.prima("pw", "click", ref(t, snap, "button", "Archive"))
	wantOK(t, "click a button in a shadow root", r)
	wantChanges(t, "the shadow button's handler ran", r.out, "Message archived")
	if n := count(settledActions(t, 1), "click", "archive"); n != 1 {
		t.Errorf("the shadow button logged %d clicks, want 1: %+v", n, app.Actions())
	}

	h.primaOK("go", "/truth2/shadow")
	app.Reset()
	r = h.prima("do", "click Archive")
	wantOK(t, "do click Archive in a shadow root", r)
	has(t, "do click Archive", r.out, "proven: 1/1")
	wantChanges(t, "do click Archive", r.out, "Message archived")
	if n := count(settledActions(t, 1), "click", "archive"); n != 1 {
		t.Errorf("the shadow button logged %d clicks after do, want 1: %+v", n, app.Actions())
	}
}

// Shape 4: a labelled <input type=range> set through do, and a
// contenteditable named only by aria-label (no role) typed into through
// do. Both hold what was asked: proven, ok. Today the slider is a
// value_mismatch (prima reads the label's value) and the editor unproven
// though Changes show the text.
func TestSliderAndEditorThroughDoAreProven(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/controls")
	app.Reset()
	r := h.prima("do", "fill Volume with 70")
	wantOK(t, "do fill Volume with 70 (a slider)", r)
	has(t, "the slider step", r.out, "proven: 1/1", "1. ok ")
	wantChanges(t, "the slider moved", r.out, `slider "Volume"`, "70")
	if v := lastValue(waitValue(t, "change", "volume", "70"), "change", "volume"); v != "70" {
		t.Errorf("the slider holds %q, want 70", v)
	}

	r = h.prima("do", "set Volume to 40")
	wantOK(t, "do set Volume to 40", r)
	has(t, "the slider step", r.out, "proven: 1/1")
	if v := lastValue(waitValue(t, "change", "volume", "40"), "change", "volume"); v != "40" {
		t.Errorf("the slider holds %q, want 40", v)
	}

	app.Reset()
	r = h.prima("do", `type "hello" into Summary`)
	wantOK(t, "do type into a role-less contenteditable", r)
	has(t, "the editor step", r.out, "proven: 1/1", "1. ok ")
	wantChanges(t, "the editor holds the text", r.out, "hello")
	if v := lastValue(waitValue(t, "input", "summary", "hello"), "input", "summary"); v != "hello" {
		t.Errorf("the editor holds %q, want hello", v)
	}

	// A contenteditable textbox with paragraphs inside (passes today: a guard).
	app.Reset()
	r = h.prima("do", `type "world" into Notes`)
	wantOK(t, "do type into a rich textbox", r)
	has(t, "the rich textbox step", r.out, "proven: 1/1", "1. ok ")
	if v := lastValue(waitValue(t, "input", "notes", "world"), "input", "notes"); v != "world" {
		t.Errorf("the rich textbox holds %q, want world", v)
	}
}

// Shape 5: an autocomplete whose menu selects its focused (first) option
// whatever option is clicked. `do "click Madrid"` selected Paris: the step
// must fail, naming what was selected. The correct widget beside it
// selects the clicked option: ok.
func TestWidgetThatSelectsAnotherOptionFailsTheStep(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/autocomplete")
	app.Reset()
	r := h.prima("do", "click Madrid")
	as := settledActions(t, 2)
	if got := acted(as, "click"); got != "click:city-madrid" {
		t.Errorf("the page logged clicks %q, want one on Madrid", got)
	}
	if v := lastValue(as, "change", "city"); v != "Paris" {
		t.Fatalf("the buggy widget selected %q (the fixture should select Paris)", v)
	}
	if r.code != 1 || !strings.Contains(r.out, "ok: false") {
		t.Errorf("do click Madrid selected Paris, and the envelope says it worked (want exit 1, ok: false):\n%s", r)
	}
	if !strings.Contains(section(r.out, "Steps")+section(r.out, "Failure"), "Paris") {
		t.Errorf("the failed step does not name what was selected (Paris):\n%s", r.out)
	}
	t.Logf("do click Madrid: code %q", codeOf(r.out))

	h.primaOK("go", "/truth2/autocomplete")
	app.Reset()
	r = h.prima("do", "click Spain")
	wantOK(t, "do click Spain on the correct widget", r)
	has(t, "do click Spain", r.out, "proven: 1/1")
	wantChanges(t, "do click Spain", r.out, `combobox "Country"`, "Spain")
	as = settledActions(t, 2)
	if got := acted(as, "click"); got != "click:country-spain" {
		t.Errorf("the page logged clicks %q, want one on Spain", got)
	}
	if v := lastValue(as, "change", "country"); v != "Spain" {
		t.Errorf("the correct widget selected %q, want Spain", v)
	}
}

// Shape 6: `go "Team settings"` with the offline judge, on a page where
// that link's click does nothing. The click ran and nothing moved: not
// arrival, so ok: false with a code, never `ok: true ... no change`.
func TestSemanticGoWithNothingMovingFails(t *testing.T) {
	h := newHarness(t)
	if r := h.primaOffline("browser", "open", app.URL+"/truth2/dead-link"); r.code != 0 {
		t.Fatalf("browser open: %s", r)
	}
	app.Reset()
	r := h.primaOffline("go", "Team settings")
	if r.code != 1 || !strings.Contains(r.out, "ok: false") || codeOf(r.out) == "" {
		t.Errorf(`go "Team settings" moved nothing: want exit 1, ok: false and a code; got:`+"\n%s", r)
	}
	t.Logf(`go "Team settings": code %q`, codeOf(r.out))
	if got := acted(settledActions(t, 1), "click"); got != "click:team-settings" {
		t.Errorf("the page logged clicks %q, want one on Team settings", got)
	}
}

// Shape 7: an inexpressible claim with no model configured: nobody judged
// it, so no "judgement: the claim looks true ... P(yes) 0.50".
func TestVerifyInexpressibleWithoutModelSaysNoModelJudged(t *testing.T) {
	h := newHarness(t)
	if r := h.primaOffline("browser", "open", app.URL+"/truth2/single-link"); r.code != 0 {
		t.Fatalf("browser open: %s", r)
	}
	app.Reset()
	r := h.primaOffline("verify", "the page feels welcoming")
	if r.code != 3 {
		t.Errorf("verify an inexpressible claim: want exit 3:\n%s", r)
	}
	v := section(r.out, "Verdict")
	mustContain(t, "the verdict", v, "inexpressible")
	mustContain(t, "the result", section(r.out, "Result"), "code: inexpressible")
	for _, bad := range []string{"P(yes)", "looks true", "looks false"} {
		if strings.Contains(r.out, bad) {
			t.Errorf("no model judged the claim, but the envelope holds %q:\n%s", bad, r.out)
		}
	}
	if got := settledActions(t, 0); len(got) != 0 {
		t.Errorf("verify acted on the page: %+v", got)
	}
}

// Shape 8a: values that move on their own (a progress slider, a readonly
// counter) during `wait` changed, but nobody typed them; and fields a
// form's submit clears changed, but nobody typed either. `typed:` is only
// for what was typed.
func TestValuesNobodyTypedAreNotLabelledTyped(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/progress")
	app.Reset()
	r := h.prima("wait", "1500ms")
	wantOK(t, "wait 1500ms on a moving progress", r)
	wantChanges(t, "the progress moved", r.out, `slider "Playback position"`)
	if c := section(r.out, "Changes"); strings.Contains(c, "typed:") {
		t.Errorf("wait: values that moved on their own are labelled typed:\n%s", c)
	}
	if got := settledActions(t, 0); len(got) != 0 {
		t.Errorf("the progress page logged user actions: %+v", got)
	}

	h.primaOK("go", "/truth2/contact")
	snap := h.primaOK("snapshot")
	app.Reset()
	r = h.prima("pw", "click", ref(t, snap, "button", "Submit"))
	wantOK(t, "submit a form that clears its fields", r)
	wantChanges(t, "the fields were cleared", r.out, `textbox "Name"`, `textbox "Email"`)
	if c := section(r.out, "Changes"); strings.Contains(c, "typed:") {
		t.Errorf("pw click Submit: fields the page cleared are labelled typed:\n%s", c)
	}
	as := settledActions(t, 2)
	if got := acted(as, "click", "submit"); got != "click:submit,submit:contact" {
		t.Errorf("the page logged %q, want the Submit click and the form's submit", got)
	}
	if got := acted(as, "input"); got != "" {
		t.Errorf("the page logged input %q: something typed", got)
	}
}

// Shape 8b: a button the page adds after a paragraph, beside it and not in
// it, is not described as `(in "<the paragraph's text>")`.
func TestAnElementAfterAParagraphIsNotInIt(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/contact")
	snap := h.primaOK("snapshot")
	app.Reset()
	r := h.prima("pw", "click", ref(t, snap, "button", "Submit"))
	wantOK(t, "submit the contact form", r)
	wantChanges(t, "the thanks and the new Reply", r.out, "Thanks, we got your message.", `button "Reply"`)
	if c := section(r.out, "Changes"); strings.Contains(c, `(in "Thanks, we got your message.")`) {
		t.Errorf("the new Reply button is described as inside the paragraph before it:\n%s", c)
	}
	if got := acted(settledActions(t, 2), "click"); got != "click:submit" {
		t.Errorf("the page logged clicks %q, want one on Submit", got)
	}
}

// Shape 9: a button that opens the chooser of a hidden file input. prima
// clicks the button and answers the chooser; `used:` must not print a
// setInputFiles on the button (that is not what ran).
func TestUploadThroughAButtonPrintsWhatRan(t *testing.T) {
	h := newHarness(t)
	file := filepath.Join(t.TempDir(), "receipt.txt")
	if err := os.WriteFile(file, []byte("receipt 42\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h.primaOK("browser", "open", app.URL+"/truth2/upload")
	snap := h.primaOK("snapshot")
	app.Reset()
	used, changes := actedJSON(t, "upload through a button", h.prima("pw", "upload", ref(t, snap, "button", "Attach receipt"), file, "--json"))
	mustContain(t, "upload through a button", changes, "Receipt: receipt.txt")
	if regexp.MustCompile(`Attach receipt[^;]*\.setInputFiles\(`).MatchString(used) {
		t.Errorf("used: prints a setInputFiles on the button, which is not what ran (prima clicked it and answered the chooser):\n%s", used)
	}
	as := waitValue(t, "upload", "receipt", "receipt.txt")
	if v := lastValue(as, "upload", "receipt"); v != "receipt.txt" {
		t.Errorf("the hidden input got %q, want receipt.txt", v)
	}
	if n := count(as, "click", "attach"); n != 1 {
		t.Errorf("the button logged %d clicks, want 1", n)
	}

	// A <label for> styled as a button: ok, the input gets the file.
	snap = h.primaOK("snapshot")
	app.Reset()
	used, _ = actedJSON(t, "upload through a label", h.prima("pw", "upload", ref(t, snap, "button", "Add invoice"), file, "--json"))
	if v := lastValue(waitValue(t, "upload", "invoice", "receipt.txt"), "upload", "invoice"); v != "receipt.txt" {
		t.Errorf("the label's input got %q, want receipt.txt", v)
	}
	t.Logf("upload through a label: used: %s", used)
}

// Shape 10: a ref whose element the page replaced (same role and name, a
// new node) is dead: stale_ref, as the guide and the MCP descriptions
// promise, and nothing is clicked.
func TestDeadRefIsStaleRef(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/rerender")
	snap := h.primaOK("snapshot")
	old := ref(t, snap, "button", "Archive")
	app.Reset()
	h.primaOK("pw", "click", ref(t, snap, "button", "Refresh"))
	r := h.prima("pw", "click", old)
	wantFailure(t, "click a ref whose element was replaced", r, "stale_ref")
	as := settledActions(t, 1)
	if got := acted(as, "click"); got != "click:refresh" {
		t.Errorf("the page logged clicks %q, want only Refresh", got)
	}

	// The new node's ref works.
	snap = h.primaOK("snapshot")
	app.Reset()
	r = h.prima("pw", "click", ref(t, snap, "button", "Archive"))
	wantOK(t, "click the new Archive", r)
	wantChanges(t, "click the new Archive", r.out, "Archived (render 2)")
	if got := acted(settledActions(t, 1), "click"); got != "click:archive-2" {
		t.Errorf("the page logged clicks %q, want one on the new Archive", got)
	}
}

// Shape 11: a button clipped by a small overflow:auto box, scrolled out of
// its view. A user scrolls the box; so does prima: ok, not "covered by".
func TestButtonClippedInScrollBoxIsClicked(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/scroll")
	snap := h.primaOK("snapshot")
	app.Reset()
	r := h.prima("pw", "click", ref(t, snap, "button", "Load older"))
	wantOK(t, "click a button clipped in a scroll box", r)
	wantChanges(t, "the clipped button's handler ran", r.out, "Loaded 8 older events")
	if got := acted(settledActions(t, 1), "click"); got != "click:load-older" {
		t.Errorf("the page logged clicks %q, want one on Load older", got)
	}

	h.primaOK("go", "/truth2/scroll")
	app.Reset()
	r = h.prima("do", "click Load older")
	wantOK(t, "do click Load older", r)
	if got := acted(settledActions(t, 1), "click"); got != "click:load-older" {
		t.Errorf("do: the page logged clicks %q, want one on Load older", got)
	}
}

// Shape 12: a button whose centre and top-left are covered by a banner,
// only its bottom-right corner (40 x 12 px) visible. Either prima clicks a
// visible point of its own (ok, the page logs it) or it refuses at once
// with not_actionable naming the cover; never a wait ending in timeout.
func TestPartlyCoveredCornerIsClickedOrRefusedAtOnce(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/corner")
	snap := h.primaOK("snapshot")
	app.Reset()
	// Under a 60 s deadline: a wait for the corner to clear runs into it,
	// a refusal at once takes seconds even on a loaded machine.
	r := h.prima("pw", "click", ref(t, snap, "button", "Place order"), "--timeout", "60s")
	t.Logf("the corner click: exit %d, code %q, took %s", r.code, codeOf(r.out), r.took)
	as := settledActions(t, 0)
	if n := count(as, "click", "promo"); n != 0 {
		t.Errorf("the click landed on the banner: %+v", as)
	}
	switch {
	case r.code == 0:
		wantOK(t, "click the visible corner", r)
		wantChanges(t, "the corner click", r.out, "Order placed")
		if got := acted(as, "click"); got != "click:place-order" {
			t.Errorf("the page logged clicks %q, want one on Place order", got)
		}
	default:
		wantFailure(t, "refuse a mostly covered button", r, "not_actionable")
		has(t, "the cover is named", section(r.out, "Failure"), "promo")
		if r.took > 30*time.Second {
			t.Errorf("the refusal took %s; want it at once, not at its 60 s deadline", r.took)
		}
		if len(as) != 0 {
			t.Errorf("a refused click acted: %+v", as)
		}
	}
}

// Shape 13: `go "Dashboard"` (offline judge) on a page whose only link is
// Dashboard: one option is enough; no "fewer than two options".
func TestSemanticGoToTheOnlyLinkIsNotRefused(t *testing.T) {
	h := newHarness(t)
	if r := h.primaOffline("browser", "open", app.URL+"/truth2/single-link"); r.code != 0 {
		t.Fatalf("browser open: %s", r)
	}
	app.Reset()
	r := h.primaOffline("go", "Dashboard")
	wantOK(t, `go "Dashboard" with one link`, r)
	if strings.Contains(r.out, "fewer than two options") {
		t.Errorf("refused for having one option:\n%s", r.out)
	}
	if !strings.Contains(pageLine(r.out), "/truth2/dashboard") {
		t.Errorf("### Page does not show the dashboard: %q\n%s", pageLine(r.out), r.out)
	}
	if got := acted(settledActions(t, 1), "click"); got != "click:dashboard" {
		t.Errorf("the page logged clicks %q, want one on Dashboard", got)
	}
}

// Shape 14: an icon-font button whose name is a private-use character
// (U+E8B6, no aria-label) prints escaped, like other invisible characters,
// in the snapshot and in `used:`; the printed line replays on it.
func TestIconFontNameIsEscaped(t *testing.T) {
	const raw = "\ue8b6"
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/icons")
	snap := h.primaOK("snapshot")
	if strings.Contains(snap, raw) {
		t.Errorf("the snapshot prints a raw private-use character:\n%+q", snap)
	}
	mustContain(t, "the escaped icon name", snap, `button "\ue8b6"`)
	btn := ""
	for _, l := range strings.Split(snap, "\n") {
		if strings.Contains(l, "- button ") {
			if m := refRE.FindStringSubmatch(l); m != nil {
				btn = m[1]
			}
		}
	}
	if btn == "" {
		t.Fatalf("no button with a ref in:\n%s", snap)
	}
	app.Reset()
	r := h.prima("pw", "click", btn)
	wantOK(t, "click the icon button", r)
	wantChanges(t, "the icon button's handler ran", r.out, "Searched for invoices")
	if strings.Contains(r.out, raw) {
		t.Errorf("the envelope prints a raw private-use character:\n%+q", r.out)
	}
	// The ref's used: line in --json escapes it too.
	app.Reset()
	r = h.prima("pw", "click", btn, "--json")
	if strings.Contains(r.out, raw) {
		t.Errorf("--json prints a raw private-use character:\n%+q", r.out)
	}
	used, _ := actedJSON(t, "click the icon button", r)
	mustContain(t, "used:", used, `\ue8b6`)
	if got := acted(settledActions(t, 1), "click"); got != "click:search" {
		t.Errorf("the page logged clicks %q, want one on the icon button", got)
	}

	app.Reset()
	r = h.prima("pw", strings.TrimSuffix(strings.TrimPrefix(used, "await "), ";"))
	wantOK(t, "replay "+used, r)
	if got := acted(settledActions(t, 1), "click"); got != "click:search" {
		t.Errorf("replaying %q: the page logged clicks %q, want one on the icon button", used, got)
	}
}

// Shape 16: attached to a real playwright-cli session, prima's upload
// through a button (a file chooser) and a dialog prima raised and then
// answered leave the session usable: playwright-cli's snapshot and click
// still work, not stuck in a modal state.
func TestAttachedSessionIsUsableAfterChooserAndDialog(t *testing.T) {
	h := newHarness(t)
	file := filepath.Join(t.TempDir(), "receipt.txt")
	if err := os.WriteFile(file, []byte("receipt 42\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h.pwcli("default", "open", app.URL+"/truth2/upload")
	cli := func(what string, args ...string) (string, bool) {
		t.Helper()
		r := h.run(60*time.Second, nil, pwcliBin, append([]string{"-s=default"}, args...)...)
		if r.code != 0 || strings.Contains(r.out, "### Error") {
			t.Errorf("%s: playwright-cli %s failed after prima acted:\n%s", what, strings.Join(args, " "), r)
			return r.out, false
		}
		return r.out, true
	}
	snapOf := func(what string) (string, bool) {
		t.Helper()
		out, ok := cli(what, "snapshot")
		if !ok {
			return "", false
		}
		text, err := h.snapshotIn(out)
		if err != nil {
			t.Errorf("%s: %v", what, err)
			return "", false
		}
		return text, true
	}
	clickSubmit := func(what string) {
		t.Helper()
		theirs, ok := snapOf(what)
		if !ok {
			return
		}
		app.Reset()
		if _, ok := cli(what, "click", ref(t, theirs, "button", "Submit expense")); !ok {
			return
		}
		if got := acted(settledActions(t, 1), "click"); got != "click:submit-expense" {
			t.Errorf("%s: playwright-cli's click logged %q, want one on Submit expense", what, got)
		}
	}

	// A dialog prima raised, answered with prima dialog accept.
	snap := h.primaOK("snapshot")
	app.Reset()
	r := h.prima("pw", "click", ref(t, snap, "button", "Discard"))
	wantOK(t, "a click that raises confirm, attached", r)
	mustContain(t, "the dialog", section(r.out, "Events"), "Discard this expense?")
	r = h.prima("dialog", "accept")
	wantOK(t, "dialog accept, attached", r)
	if v := lastValue(waitValue(t, "dialog", "discard", "confirm:true"), "dialog", "discard"); v != "confirm:true" {
		t.Errorf("the page's confirm returned %q, want confirm:true", v)
	}
	clickSubmit("after prima's dialog accept")

	// A file chooser prima opened through a button and answered.
	snap = h.primaOK("snapshot")
	app.Reset()
	r = h.prima("pw", "upload", ref(t, snap, "button", "Attach receipt"), file)
	wantOK(t, "upload through a button, attached", r)
	if v := lastValue(waitValue(t, "upload", "receipt", "receipt.txt"), "upload", "receipt"); v != "receipt.txt" {
		t.Errorf("the hidden input got %q, want receipt.txt", v)
	}
	clickSubmit("after prima's upload")
}

// A web component's shadow root changes by itself after prima arrived
// (no mutation a document-wide observer sees). The next action's Changes
// must not claim that change as its own proof, and a snapshot must show
// the page as it is, not as prima arrived on it.
func TestShadowContentChangedAfterArrivalIsNotBorrowed(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/profile")
	h.primaOK("go", app.URL+"/shadow-late")
	time.Sleep(2 * time.Second) // the component says Synced 1.2 s after load
	app.Reset()
	r := h.prima("pw", "click", "#note")
	wantOK(t, "click Add note", r)
	wantChanges(t, "the note the click added", r.out, "Note added")
	if c := changesOf(r.out); strings.Contains(c, "Synced") {
		t.Errorf("the click's Changes claim the component's own change as its effect:\n%s", c)
	}
	if got := acted(settledActions(t, 1), "click"); got != "click:add-note" {
		t.Errorf("the page logged %q, want one click on Add note", got)
	}

	h.primaOK("go", app.URL+"/shadow-late?again=1")
	time.Sleep(2 * time.Second)
	if snap := h.primaOK("snapshot"); !strings.Contains(snap, "Synced 12 files") {
		t.Errorf("the snapshot shows the page as prima arrived on it, not as it is:\n%s", snap)
	}
}

// A button that jumps away when pressed: the release, and the click the
// browser sends to the element under both press and release, land on the
// panel around it, whose delegated handler would close the editor. prima
// stops that click at the window before any element gets it, fails with
// not_actionable naming where it would have landed, and the page logs no
// click and stays as it was; so for a dblclick, whose second click and
// dblclick land on the panel too.
func TestAClickThePageMovesAwayFromIsStoppedAndNamed(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/jump")
	for _, c := range []struct{ action, button string }{{"click", "Save draft"}, {"dblclick", "Rename draft"}} {
		h.primaOK("reload")
		snap := h.primaOK("snapshot")
		app.Reset()
		r := h.prima("pw", c.action, ref(t, snap, "button", c.button))
		wantFailure(t, c.action+" on a button that jumps when pressed", r, "not_actionable")
		has(t, "where the click would have gone, and that it was stopped", section(r.out, "Failure"),
			`would have landed on div#panel`, "prima stopped the click, so no element got it")
		as := settledActions(t, 0)
		if got := acted(as, "click", "dblclick"); got != "" {
			t.Errorf("pw %s: the page logged %q; a stopped click reaches no element", c.action, got)
		}
		after := h.primaOK("snapshot")
		has(t, "the editor the panel's handler would have closed", after, "Editor open")
	}
	// Taken away when pressed (re-rendered, disabled): the browser sends
	// no click at all. When the press changed nothing else, an ok with "no
	// change" would claim a click that never reached the page: prima
	// fails. When the page acted on the press (a suggestion list picks on
	// mousedown, a form says it is sending), the press was the click a
	// user makes there: ok, its changes the proof, and a note says no
	// click followed.
	for _, c := range []struct{ button, why string }{
		{"Publish draft", "was removed or replaced by the page while it was pressed"},
		{"Submit draft", "was disabled by the page when it was pressed"},
		{"Archive draft", "was taken out of the page and put back by the page while it was pressed"},
	} {
		h.primaOK("reload")
		snap := h.primaOK("snapshot")
		app.Reset()
		r := h.prima("pw", "click", ref(t, snap, "button", c.button))
		wantFailure(t, "click on "+c.button, r, "not_actionable")
		has(t, "why no element got the click", section(r.out, "Failure"), c.why, "the press changed nothing else")
		if got := acted(settledActions(t, 0), "click"); got != "" {
			t.Errorf("the page logged %q for a press that got no click", got)
		}
	}
	for _, c := range []struct{ button, how, shows string }{
		{"Send draft", "the page disabled it on the press", "Sending draft"},
		{"Tag urgent", "the page removed it on the press", "Tagged: urgent"},
		{"Star draft", "the page moved it on the press", "Starring draft"},
	} {
		h.primaOK("reload")
		snap := h.primaOK("snapshot")
		r := h.primaOK("pw", "click", ref(t, snap, "button", c.button))
		has(t, "the note on a press the page acted on", r, c.how, "; no click")
		has(t, "what the press did", section(r, "Changes"), c.shows)
	}
}

// Input masks format what is filled or typed: a field that shows every
// character asked for, with only layout added or the case changed, holds
// what was asked, and prima proves it with a note saying how the page
// shows it. A mask that drops a character ("1.5" shown as "15") makes
// another value: value_mismatch, as before.
func TestAFieldThePageFormatsIsProvenNotFailed(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/masks")
	snap := h.primaOK("snapshot")
	// Typed key by key, the mask formats as it goes.
	out := h.primaOK("pw", "type", ref(t, snap, "textbox", "Expiry"), "0412")
	has(t, "pw type Expiry", out, `textbox "Expiry": the page formatted the value as "04/12"`)
	for _, c := range []struct{ field, value, shown string }{
		{"Phone", "5551234567", "(555) 123-4567"},
		{"Card number", "4242424242424242", "4242 4242 4242 4242"},
		{"Expiry", "1229", "12/29"},
	} {
		out := h.primaOK("pw", "fill", ref(t, snap, "textbox", c.field), c.value)
		has(t, "pw fill "+c.field, out, `textbox "`+c.field+`": the page formatted the value as "`+c.shown+`"`,
			`"`+c.shown+`"`)
	}
	out = h.primaOK("do", "fill Coupon with spring10")
	has(t, "do fill Coupon (upper-cased by the page)", section(out, "Steps"), `the page formatted the value as "SPRING10"`)

	// A character dropped is not formatting: the point ("1.5" shown as
	// "15"), an eleventh digit the phone mask refuses.
	r := h.prima("pw", "fill", ref(t, snap, "textbox", "Amount"), "1.5")
	wantFailure(t, "fill Amount 1.5 (the mask drops the point)", r, "value_mismatch")
	has(t, "what the field holds", section(r.out, "Failure"), `"15"`)
	r = h.prima("pw", "fill", ref(t, snap, "textbox", "Phone"), "55512345678")
	wantFailure(t, "fill Phone with an eleventh digit the mask drops", r, "value_mismatch")
	has(t, "what the field holds", section(r.out, "Failure"), `"(555) 123-4567"`)
}

// A page that refuses the change a check or a select asks for (a
// permission, a sold-out plan) leaves the control as it was: the action
// reached the page, and did not do what was asked. value_mismatch naming
// what the control holds, never ok with "no change" and never internal;
// the page's reason is in the Changes. A control that takes the change is
// proven as before, also when it takes it a moment after the click.
func TestAControlThePageRefusesIsAValueMismatch(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/refuse")
	snap := h.primaOK("snapshot")
	app.Reset()
	r := h.prima("pw", "check", ref(t, snap, "checkbox", "Admin rights"))
	wantFailure(t, "check a box the page refuses", r, "value_mismatch")
	has(t, "the box's state", section(r.out, "Failure"), `checkbox "Admin rights" is unchecked after the click, not checked as asked`)
	has(t, "the page's reason", section(r.out, "Changes"), "Only owners can grant admin rights")
	if got := acted(settledActions(t, 0), "click"); got == "" {
		t.Errorf("the page logged no click: the check's click must have reached it")
	}

	r = h.prima("pw", "select", ref(t, snap, "combobox", "Plan"), "Pro")
	wantFailure(t, "select a plan the page puts back", r, "value_mismatch")
	has(t, "what the select holds", section(r.out, "Failure"), `combobox "Plan" holds "Free" after the action, not "Pro" as asked: the page put it back once the choice reached it`)
	has(t, "the page's reason", section(r.out, "Changes"), "Pro is sold out")

	has(t, "a box the page lets change", h.primaOK("pw", "check", ref(t, snap, "checkbox", "Email me")), `checkbox "Email me": unchecked -> checked`)
	// Flipped 150 ms after the click: Playwright's check finds it as it
	// was and throws; the page settled, it is checked.
	has(t, "a switch that flips a moment later", h.primaOK("pw", "check", ref(t, snap, "switch", "Dark mode")), `switch "Dark mode": unchecked -> checked`)
	has(t, "and back", h.primaOK("do", "uncheck Dark mode"), `switch "Dark mode": checked -> unchecked`)
	has(t, "a select the page lets change", h.primaOK("pw", "select", ref(t, snap, "combobox", "Region"), "Asia"), `combobox "Region"`, `Asia`)

	// What cannot succeed fails at once, saying why: an option the select
	// does not hold (Playwright would wait for it until the timeout), a
	// select on an element that is not one.
	r = h.prima("pw", "select", ref(t, snap, "combobox", "Region"), "Mars")
	wantFailure(t, "an option the select does not hold", r, "not_found")
	has(t, "the options it holds", section(r.out, "Failure"), `combobox "Region" has no option "Mars" (its options: "Europe", "Asia")`)
	r = h.prima("pw", "select", ref(t, snap, "checkbox", "Email me"), "Asia")
	wantFailure(t, "select on a checkbox", r, "not_actionable")
	has(t, "why", section(r.out, "Failure"), `checkbox "Email me" is not a <select>`)
}

// A click whose answer is a request the page makes (a report the server
// takes 2.5 s to build) is waited for past the settle cap: the envelope
// shows the answer, never `no change` while it is in flight. One still in
// flight when the command's time runs short is said in Events, and a do
// step is unproven, not proven by anything else.
func TestAClickWhoseAnswerIsASlowRequestIsWaitedFor(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/report")
	snap := h.primaOK("snapshot")
	out := h.primaOK("pw", "click", ref(t, snap, "button", "Generate report"))
	has(t, "the report the click asked for", section(out, "Changes"), "Generate report: done")

	out = h.primaOK("pw", "click", ref(t, snap, "button", "Archive reports"), "--timeout", "5s")
	has(t, "a request still in flight", section(out, "Events"), "busy: 1 request the action started still in flight when prima read the page")
	has(t, "nothing claimed for it", section(out, "Changes"), "no change")
	h.primaOK("reload")
	out = h.primaOK("do", "click Archive reports", "--timeout", "5s")
	has(t, "the step", section(out, "Steps"), "unproven", "no observed change yet (busy: 1 request")
}

// A form re-rendered from its state on every input replaces the field
// being filled: the value is read from the one element `used:` matches
// now. A field the state keeps takes the value (proven); one the state
// ignores comes back empty: value_mismatch, not an ok read from the
// replaced element that still holds what was typed. One that leaves the
// page with nothing in its place before its input reached the page fails
// (not_actionable); one the page takes away after is ok, with a note,
// even when a field put there earlier now carries its name.
func TestAFieldThePageReplacesAsItIsFilledIsReadAgain(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/retype")
	snap := h.primaOK("snapshot")
	has(t, "a field the state keeps", h.primaOK("pw", "fill", ref(t, snap, "textbox", "Name"), "Ada"), `textbox "Name": "" -> "Ada"`)
	snap = h.primaOK("snapshot")
	r := h.prima("pw", "fill", ref(t, snap, "textbox", "Invite code"), "X7")
	wantFailure(t, "a field the state ignores", r, "value_mismatch")
	has(t, "what the page holds", section(r.out, "Failure"), `textbox "Invite code" holds "" after the action, not "X7" as asked`)
	has(t, "the page's reason", section(r.out, "Changes"), "Choose a plan first")
	r = h.prima("do", "fill Invite code with X7")
	wantFailure(t, "do, the same", r, "value_mismatch")

	// A field that leaves the page when focused, with nothing in its
	// place: the value reached no field the page has.
	app.Reset()
	r = h.prima("pw", "fill", ref(t, snap, "textbox", "Promo code"), "SPRING")
	wantFailure(t, "a field that leaves the page as it is filled", r, "not_actionable")
	has(t, "why", section(r.out, "Failure"), `textbox "Promo code" left the page while prima filled it, and no field on the page shows "SPRING"`)
	has(t, "what the page did", section(r.out, "Changes"), "Promo codes are closed")
	if got := lastValue(settledActions(t, 0), "input", "promo-code"); got != "" {
		t.Errorf("the page logged input %q on the promo code", got)
	}
	// One the page takes away after the value reached it: the fill
	// happened, and the Changes show what the page did with it.
	out := h.primaOK("pw", "fill", ref(t, snap, "textbox", "Referred by"), "Grace")
	has(t, "a field taken away after its input", out, `textbox "Referred by": the page took the field away after the value reached it`, "Referred by Grace")
	// One renamed as it is re-rendered, while a field put there before it
	// left carries its old label and value: that one is no replacement, so
	// the fill is not judged by it.
	app.Reset()
	out = h.primaOK("pw", "fill", ref(t, snap, "textbox", "Team name"), "Falcons")
	if got := lastValue(settledActions(t, 1), "input", "team-name"); got != "Falcons" {
		t.Errorf("the page logged input %q on the team name, want Falcons", got)
	}
	if got := lastValue(app.Actions(), "input", "team-was"); got != "" {
		t.Errorf("the field that was there before got input %q", got)
	}
	has(t, "a field renamed after its input", out, `textbox "Team name": the page took the field away after the value reached it`,
		"the field `used:` matches now was on the page before, and holds \"Rovers\"", `textbox "Team name (saved)": Falcons`)
}

// An action on an element of the wrong kind says so in a word a caller
// can act on, never `internal` with Playwright's call log: fill or clear
// on a button, check on a select (Playwright refuses before it does
// anything), an upload through a button that opens no file input (prima
// clicked it, and says so).
func TestAnActionOnTheWrongKindOfElementSaysSo(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/controls")
	snap := h.primaOK("snapshot")
	button, sel := ref(t, snap, "button", "Enabled one"), ref(t, snap, "combobox", "Size")
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"fill", button, "x"}, `button "Enabled one" is not a field (an input, a textarea, a select or an editable element); nothing was done`},
		{[]string{"clear", button}, `button "Enabled one" is not a field`},
		{[]string{"check", sel}, `combobox "Size" is not a checkbox, a radio button or a switch; nothing was done`},
		{[]string{"uncheck", button}, `button "Enabled one" is not a checkbox, a radio button or a switch`},
	} {
		r := h.prima(append([]string{"pw"}, c.args...)...)
		wantFailure(t, "pw "+strings.Join(c.args, " "), r, "not_actionable")
		has(t, "why", section(r.out, "Failure"), c.says)
	}
	app.Reset()
	r := h.prima("pw", "upload", button, "/etc/hostname")
	wantFailure(t, "upload through a button that opens no file input", r, "not_actionable")
	has(t, "what prima did", section(r.out, "Failure"), `button "Enabled one" was clicked to open a file chooser, and the page asked for no file input`)
	if got := acted(settledActions(t, 1), "click"); got == "" {
		t.Errorf("the page logged no click: the failure says prima clicked")
	}
}

// A page that churns faster than anything sampling its changes keeps (a
// strip of quotes turning every 10 ms): what it turned while a click did
// nothing is the page's own, in the click's Changes and in a do's, whose
// Changes end at the view its steps were proven on, not at a later look
// for refs; a click answered beside it is proven by its answer.
func TestAPageThatChurnsFasterThanTheTrackerKeepsProvesNoClick(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/churn")
	nothing := ref(t, h.primaOK("snapshot"), "button", "Nothing")
	quotes := 0
	for i := 0; i < 3; i++ {
		did := h.primaOK("do", "click Nothing")
		has(t, "a do click that did nothing", section(did, "Steps"), "1. unproven")
		for _, out := range []string{did, h.primaOK("pw", "click", nothing)} {
			for _, l := range strings.Split(section(out, "Changes"), "\n") {
				if !strings.Contains(l, "Quote") {
					continue
				}
				quotes++
				if !strings.HasSuffix(l, "(on its own)") {
					t.Errorf("a quote the page turned on its own is not said to be the page's: %s\n%s", l, out)
				}
			}
		}
	}
	if quotes == 0 {
		t.Errorf("no Changes showed a quote: nothing above was tested")
	}
	out := h.primaOK("do", "click Save", "click Later")
	steps := section(out, "Steps")
	has(t, "clicks answered beside the churn", steps, "1. ok", "Save done", "2. ok", "Later done")
}

// A page whose own loop takes away the control that has the focus, and
// counts on in the same task: a press on Hold loses it to the page before
// the release, so no click follows. The focusout the browser fires inside
// the page's task is no input of the action's, and the count that task
// made is the page's own: the press changed nothing, and the click fails.
func TestAFocusThePageTakesAwayIsNoInputOfTheAction(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/focus")
	for i := 0; i < 3; i++ {
		h.primaOK("go", app.URL+"/truth2/focus")
		app.Reset()
		r := h.prima("pw", "page.getByRole('button', { name: 'Hold' }).click({ delay: 300 })")
		if r.code != 1 || codeOf(r.out) != "not_actionable" || !strings.Contains(r.out, "was removed or replaced by the page while it was pressed") {
			t.Errorf("round %d: a press the page answered only by its own loop is not failed as one no click followed:\n%s", i, r)
		}
		if got := acted(settledActions(t, 0), "click"); got != "" {
			t.Errorf("round %d: the page logged a click: %q", i, got)
		}
	}
}

// A page that changes on its own (a clock each 100 ms, one in a shadow
// root, and a strip of slides each 150 ms, all started at load) changes while every action
// runs. A click that did nothing is not proven by a tick: the step is
// unproven and the tick is said to be the page's own, in the Changes and
// in export, which asserts nothing of it. A click answered at once, after
// a timer, in a frame, after a request (its text or JSON read), after an
// XHR, through a message channel made at load, by a socket's or a worker's
// answer, read back from the page's database, or on the clock itself, is
// proven by its answer, never by a tick.
// A clock the action restarted is the page's own in the next action, and
// a box the click ticks (no DOM change) among tags the page changes on its
// own is proven by its own toggle.
func TestAPageThatChangesOnItsOwnProvesNoClick(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/clock")
	own := 0
	for i := 0; i < 4; i++ {
		app.Reset()
		out := h.primaOK("do", "click Nothing")
		if got := acted(settledActions(t, 1), "click"); got != "click:nothing" {
			t.Errorf("the page logged %q, not the one click on Nothing", got)
		}
		if !strings.Contains(section(out, "Steps"), "1. unproven") {
			t.Errorf("a click that did nothing is proven:\n%s", out)
		}
		if strings.Contains(section(out, "Changes"), "(on its own)") {
			own++
		}
	}
	if own == 0 {
		t.Errorf("no click saw the page change on its own: nothing above was tested")
	}
	for _, c := range []struct{ button, answer string }{
		{"Save", `-> "Save done`}, {"Later", `-> "Later done`}, {"Frame", `-> "Frame done`},
		{"Fetch", `-> "Fetch done`}, {"Json", `-> "Json done 3`}, {"Xhr", `-> "Xhr done`},
		{"Message", `-> "Message done`}, {"Socket", `-> "Socket done`}, {"Worker", `-> "Worker done`},
		{"Store", `-> "Store done`},
		// Pushed by the server over a socket or an event stream the page
		// opened at load, after the click's request asked for it.
		{"Push", `-> "Delivered`}, {"Stream", `-> "Streamed`},
		// Pushed 100 ms after the request's own answer.
		{"Push late", `-> "Delivered late`},
		// The first message of a socket or an event stream the click
		// opened, 100 ms later.
		{"Connect", `-> "Welcome`}, {"Listen", `-> "Subscribed`},
		{"Reset clock", `-> "Tick`},
	} {
		out := h.primaOK("do", "click "+c.button)
		if steps := section(out, "Steps"); !strings.Contains(steps, "1. ok") || !strings.Contains(steps, c.answer) {
			t.Errorf("click %s is not proven by %q:\n%s", c.button, c.answer, out)
		}
	}
	// A request that shows nothing, while a socket of the page's speaks
	// on its own: its price is no answer to the request.
	for i := 0; i < 3; i++ {
		out := h.primaOK("do", "click Beacon")
		has(t, "a request that shows nothing", section(out, "Steps"), "1. unproven")
		for _, l := range strings.Split(section(out, "Changes"), "\n") {
			if strings.Contains(l, "Price") && !strings.HasSuffix(l, "(on its own)") {
				t.Errorf("a price the page's socket pushed on its own is not said to be the page's: %s", l)
			}
		}
	}
	h.primaOK("do", "click Restart clock")
	out := h.primaOK("do", "click Nothing")
	has(t, "a click after the clock was restarted", section(out, "Steps"), "1. unproven")

	// A box the click ticks changes no DOM, beside elements the page
	// changes on its own: its toggle is the click's.
	for _, step := range []string{"check Follow", "uncheck Follow", "check Follow"} {
		out := h.primaOK("do", step)
		toggled := false
		for _, l := range strings.Split(section(out, "Changes"), "\n") {
			toggled = toggled || strings.Contains(l, `checkbox "Follow": `) && !strings.HasSuffix(l, "(on its own)")
		}
		if !strings.Contains(section(out, "Steps"), "1. ok") || !toggled {
			t.Errorf("%s is not proven by its toggle:\n%s", step, out)
		}
	}

	snap := h.primaOK("snapshot")
	out = h.primaOK("pw", "click", ref(t, snap, "button", "Nothing"))
	if ch := section(out, "Changes"); ch != "no change" && !strings.Contains(ch, "(on its own)") {
		t.Errorf("a tick is not said to be the page's own:\n%s", ch)
	}
	spec := h.primaOK("export")
	has(t, "export", spec, "// not asserted: ", "(on its own)")
	for _, l := range strings.Split(spec, "\n") {
		if strings.Contains(l, "expect(") && strings.Contains(l, "Slide") {
			t.Errorf("export asserts a slide the page turned on its own: %s", l)
		}
	}
}

// An answer that comes when a CSS transition or animation the click
// started ends (a notice fading out, then removed; a badge's pulse), or
// when a <details> the click opened fires its toggle event, is waited for
// and proven by the click, while a clock ticks beside it: the browser's
// own events about what the action changed are the action's.
func TestAnAnswerAfterATransitionIsTheClicks(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/motion")
	for _, c := range []struct{ step, answer string }{
		{"click Close notice", "Notice closed"}, {"click Pulse", "Pulsed 1"}, {"click Pulse", "Pulsed 2"}, {"click More", "Loaded more"},
	} {
		out := h.primaOK("do", c.step)
		answered := false
		for _, l := range strings.Split(section(out, "Changes"), "\n") {
			answered = answered || strings.Contains(l, c.answer) && !strings.HasSuffix(l, "(on its own)")
		}
		if !strings.Contains(section(out, "Steps"), "1. ok") || !answered {
			t.Errorf("%s is not proven, or %q is not its answer:\n%s", c.step, c.answer, out)
		}
	}
}

// Reaching a button at the bottom of a long page scrolls it, and the page
// answers the scroll: its nav follows, a Back to top link shows, an
// observer made at load reports a section in view. None of that answers
// the click: a click that did nothing stays unproven. A Top button whose
// answer is a scroll of its own is proven by what the page did about it.
func TestReachingATargetIsNoAnswerToIt(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/reach")
	for i, c := range []struct{ button, step, proof string }{
		{"Nothing", "1. unproven", ""},
		{"Top", "1. ok", ""},
		{"Save", "1. ok", "status: Saved the handbook"},
		{"Top", "1. ok", ""},
		{"Nothing", "1. unproven", ""},
	} {
		app.Reset()
		out := h.primaOK("do", "click "+c.button)
		if got := acted(settledActions(t, 1), "click"); got != "click:"+strings.ToLower(c.button) {
			t.Errorf("step %d: the page logged %q, not the one click on %s", i, got, c.button)
		}
		steps := section(out, "Steps")
		if !strings.Contains(steps, c.step) || !strings.Contains(steps, c.proof) {
			t.Errorf("step %d: click %s is not %q by %q:\n%s", i, c.button, c.step, c.proof, out)
		}
		if c.button == "Nothing" {
			for _, l := range strings.Split(section(out, "Changes"), "\n") {
				if strings.HasPrefix(strings.TrimSpace(l), "- ") && !strings.HasSuffix(l, "(on its own)") {
					t.Errorf("step %d: what reaching the button made the page do is taken for the click's: %s", i, l)
				}
			}
		}
	}
}

// A server that streams its page sends the head at once and the body
// later: a navigation that returns at commit (waitUntil: 'commit'), and a
// look right after it, meet a document with no body yet. Each waits for
// the body within the command's time and shows the page.
func TestALookAtAPageWhoseBodyHasNotComeWaitsForIt(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/slow-link")
	out := h.primaOK("pw", "page.goto('/truth2/slow?ms=2000&head=1', { waitUntil: 'commit' })", "--timeout", "20s")
	has(t, "a goto that returns at commit", out, "waitUntil: 'commit'", "Slow report")
	h.primaOK("pw", "page.goto('/truth2/slow?ms=2000&head=1', { waitUntil: 'commit' })", "--timeout", "20s")
	has(t, "a look while the body streams in", h.primaOK("snapshot", "--timeout", "20s"), "Slow report")
}

// A debounced answer whose timer re-arms itself while keys keep coming
// (a chain as long as the typing) is the typing's answer: prima waits for
// it, and the Changes show the results, not only the typed field.
func TestTypingIntoADebouncedSearchShowsItsAnswer(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/debounce")
	// A key every 100 ms: the debounce's timer fires early and re-arms
	// again and again while the keys come.
	out := h.primaOK("pw", "page.getByRole('textbox', { name: 'Query' }).pressSequentially('playwright and prima', { delay: 100 })")
	mustContain(t, "the typed search", section(out, "Changes"), "Results for playwright and prima")
}

// A click whose handler holds the page's thread past --timeout: the
// command fails with timeout at its deadline, and its Changes never say
// `no change` about a page prima could not read again (the click ran; its
// answer comes later), through pw and through do alike.
func TestAClickThatHoldsThePageIsNeverNoChange(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/controls")
	for _, via := range []string{"pw", "do"} {
		name := "Hold via " + via
		h.primaOK("eval", `(() => { const b = document.createElement('button'); b.textContent = '`+name+`'; b.onclick = () => { const s = Date.now(); while (Date.now() - s < 5000) {} b.textContent += ' done'; }; document.body.prepend(b); return 1; })()`)
		args := []string{"do", "click " + name}
		if via == "pw" {
			args = []string{"pw", "click", ref(t, h.primaOK("snapshot", "-i"), "button", name)}
		}
		r := h.prima(append(args, "--timeout", "2s")...)
		wantFailure(t, via+": a click on a button that holds the page", r, "timeout")
		if changes := section(r.out, "Changes"); strings.Contains(changes, "no change") || !strings.Contains(changes, "not observed") {
			t.Errorf("%s: the Changes claim what nobody read:\n%s", via, r.out)
		}
		time.Sleep(4 * time.Second) // the page's thread is its own again
	}
}
