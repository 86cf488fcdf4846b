package main

// The tool-surface tests: tabs, history, dialogs through do,
// upload, drag, click options, multi-selects, wait, screenshot, eval,
// console, and the do phrases for each, on fixture pages shaped like real
// apps (fixtures/pages/surface_*.html). Every test asserts on what the page
// really did (its action log: exactly once, or not at all) and on the
// envelope: `### Changes` on every acting command, `### Events` for what
// happened outside the tree, `read-only:` on the commands that act on
// nothing, `code:` and exit codes 0/1/2 on failures.

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prima-dev/prima/fixtures"
)

// lineRef is the ref of the first snapshot line that holds every sub (for
// elements the snapshot shows without a quoted name, like list items).
func lineRef(t *testing.T, snapshot string, subs ...string) string {
	t.Helper()
	for _, line := range strings.Split(snapshot, "\n") {
		all := true
		for _, s := range subs {
			if !strings.Contains(line, s) {
				all = false
				break
			}
		}
		if all {
			if m := refRE.FindStringSubmatch(line); m != nil {
				return m[1]
			}
		}
	}
	t.Fatalf("no line with a ref holding %q in:\n%s", subs, snapshot)
	return ""
}

// wantActing requires what an acting command's envelope carries: a
// `### Changes` section (`no change` allowed) and no `read-only:` claim.
func wantActing(t *testing.T, what, out string) {
	t.Helper()
	if !strings.Contains(out, "\n### Changes\n") {
		t.Errorf("%s: an acting command's envelope has no ### Changes:\n%s", what, out)
	}
	if strings.Contains(section(out, "Result"), "read-only:") {
		t.Errorf("%s: an acting command says it is read-only:\n%s", what, out)
	}
}

// acts requires an acting command's success: exit 0, ok: true, and the
// envelope an acting command carries (### Changes holding every sub). When
// the command failed, only that is reported.
func acts(t *testing.T, what string, r result, subs ...string) bool {
	t.Helper()
	if r.code != 0 || !strings.Contains(r.out, "ok: true") {
		t.Errorf("%s: want exit 0, ok: true; got:\n%s", what, r)
		return false
	}
	wantActing(t, what, r.out)
	if len(subs) > 0 {
		wantChanges(t, what, r.out, subs...)
	}
	return true
}

// wantReadOnly requires a command that acts on nothing to say so.
func wantReadOnly(t *testing.T, what, out string) {
	t.Helper()
	if !strings.Contains(section(out, "Result"), "read-only:") {
		t.Errorf("%s: a command that acts on nothing must say read-only:\n%s", what, out)
	}
}

// wantEvent requires a `### Events` line holding every sub.
func wantEvent(t *testing.T, what, out string, subs ...string) {
	t.Helper()
	for _, line := range strings.Split(section(out, "Events"), "\n") {
		all := true
		for _, s := range subs {
			if !strings.Contains(line, s) {
				all = false
			}
		}
		if all {
			return
		}
	}
	t.Errorf("%s: no ### Events line holds %q:\n%s", what, subs, out)
}

// wantUsage requires a usage error caught by the CLI: exit 2, no
// envelope, one message on stderr naming each sub.
func wantUsage(t *testing.T, what string, r result, subs ...string) {
	t.Helper()
	if r.code != 2 || strings.Contains(r.out, "### Result") {
		t.Errorf("%s: want exit 2 and no envelope, got:\n%s", what, r)
		return
	}
	for _, s := range subs {
		if !strings.Contains(r.err, s) {
			t.Errorf("%s: the message lacks %q:\n%s", what, s, r.err)
		}
	}
}

// wantAlive requires the daemon to still answer, and to still act.
func wantAlive(t *testing.T, h *harness) {
	t.Helper()
	if r := h.prima("daemon", "status"); r.code != 0 || !strings.HasPrefix(r.out, "daemon ") {
		t.Errorf("the daemon is not alive after bad input:\n%s", r)
	}
	if r := h.prima("snapshot"); r.code != 0 {
		t.Errorf("a snapshot after bad input failed:\n%s", r)
	}
}

// noActions requires the page to have logged nothing since app.Reset().
func noActions(t *testing.T, what string) {
	t.Helper()
	if as := settledActions(t, 0); len(as) != 0 {
		t.Errorf("%s: the page logged %+v, want nothing", what, as)
	}
}

// once requires the page to have logged kind on id exactly once.
func once(t *testing.T, what string, as []fixtures.Action, kind, id string) {
	t.Helper()
	if n := count(as, kind, id); n != 1 {
		t.Errorf("%s: the page logged %s on %s %d times, want once; log: %+v", what, kind, id, n, as)
	}
}

// waitLogged waits (bounded) until the page logged kind on id n times.
func waitLogged(t *testing.T, kind, id string, n int) []fixtures.Action {
	t.Helper()
	as := settledActions(t, 1)
	for i := 0; i < 20 && count(as, kind, id) < n; i++ {
		as = settledActions(t, len(as)+1)
	}
	return as
}

// writeFiles writes small files into the folder the CLI runs in.
func writeFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("content of "+n+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

var visitsRE = regexp.MustCompile(`Visits this session: (\d+)`)

// visits is the visit counter the dates page shows in a snapshot.
func visits(t *testing.T, snapshot string) int {
	t.Helper()
	m := visitsRE.FindStringSubmatch(snapshot)
	if m == nil {
		t.Fatalf("no visit counter in:\n%s", snapshot)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// Tabs: a "Download invoice" link (target=_blank) and a window.open popup
// are reported in Events, not selected; `tab select` moves prima there and
// the next click is logged by that tab's page; `tab new URL`, `tab close
// N` and `tab close` do what they say, each an acting command.
func TestSurfaceTabs(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/surface/billing")
	r := h.prima("tab", "list")
	wantOK(t, "tab list", r)
	wantReadOnly(t, "tab list", r.out)
	mustContain(t, "tab list", section(r.out, "Answer"), "*[1] Billing history "+app.URL+"/surface/billing")

	snap := h.primaOK("snapshot")
	app.Reset()
	r = h.prima("pw", "click", ref(t, snap, "link", "Download invoice"))
	if acts(t, "click Download invoice (target=_blank)", r) {
		wantEvent(t, "click Download invoice", r.out, "tab opened: [2] Invoice INV-4821 "+app.URL+"/surface/invoice")
	}
	if got := acted(settledActions(t, 1), "click"); got != "click:download-invoice" {
		t.Errorf("clicked %q, want download-invoice once", got)
	}
	app.Reset()
	r = h.prima("pw", "click", ref(t, snap, "button", "Print receipt"))
	if acts(t, "click Print receipt (window.open)", r) {
		wantEvent(t, "click Print receipt", r.out, "tab opened: [3] Receipt INV-4821 "+app.URL+"/surface/receipt")
	}
	if got := acted(settledActions(t, 1), "click"); got != "click:print-receipt" {
		t.Errorf("clicked %q, want print-receipt once", got)
	}
	// Reported, not selected.
	mustContain(t, "tab list after two popups", section(h.primaOK("tab", "list"), "Answer"),
		"*[1] Billing history", " [2] Invoice INV-4821 "+app.URL+"/surface/invoice", " [3] Receipt INV-4821 "+app.URL+"/surface/receipt")

	// tab select 2, then a click there is logged by the invoice page.
	r = h.prima("tab", "select", "2")
	if acts(t, "tab select 2", r) {
		mustContain(t, "tab select 2", section(r.out, "Page"), app.URL+"/surface/invoice")
		mustContain(t, "tab select 2", section(r.out, "Answer"), "*[2] Invoice INV-4821")
	}
	snap = h.primaOK("snapshot")
	mustContain(t, "the snapshot after tab select 2", section(snap, "Page"), "/surface/invoice")
	app.Reset()
	acts(t, "a click in tab 2", h.prima("pw", "click", ref(t, snap, "button", "Approve invoice")), "Invoice approved for payment")
	as := settledActions(t, 1)
	if got := acted(as, "click"); got != "click:approve-invoice" || as[0].Page != "/surface/invoice" {
		t.Errorf("after tab select 2 the click logged %+v, want approve-invoice once on /surface/invoice", as)
	}

	// The popup is selectable too.
	wantOK(t, "tab select 3", h.prima("tab", "select", "3"))
	snap = h.primaOK("snapshot")
	app.Reset()
	acts(t, "a click in the popup", h.prima("pw", "click", ref(t, snap, "button", "Print now")), "Sent to printer")
	as = settledActions(t, 1)
	if got := acted(as, "click"); got != "click:print-now" || as[0].Page != "/surface/receipt" {
		t.Errorf("in the popup the click logged %+v, want print-now once on /surface/receipt", as)
	}

	// tab new URL: a fourth tab, selected, at the URL.
	r = h.prima("tab", "new", app.URL+"/surface/colours")
	if acts(t, "tab new URL", r, `heading "Product options"`) {
		mustContain(t, "tab new URL", section(r.out, "Page"), app.URL+"/surface/colours")
		wantEvent(t, "tab new URL names the tab it opened and where", r.out, "tab opened: [4]", "/surface/colours")
	}
	mustContain(t, "tab list after tab new", section(h.primaOK("tab", "list"), "Answer"), "*[4] Product options")

	// tab close N, then tab close (the selected one).
	r = h.prima("tab", "close", "4")
	if acts(t, "tab close 4", r) {
		wantEvent(t, "tab close 4", r.out, "tab closed: [4]", "/surface/colours")
	}
	wantOK(t, "tab select 3 before tab close", h.prima("tab", "select", "3"))
	r = h.prima("tab", "close")
	if acts(t, "tab close", r) {
		wantEvent(t, "tab close", r.out, "tab closed: [3]", "/surface/receipt")
	}
	list := section(h.primaOK("tab", "list"), "Answer")
	mustContain(t, "tab list after two closes", list, "[1] Billing history", "[2] Invoice INV-4821")
	if strings.Contains(list, "[3]") || strings.Contains(list, "/surface/colours") || strings.Contains(list, "/surface/receipt") {
		t.Errorf("closed tabs are still listed:\n%s", list)
	}
}

// Attached to a playwright-cli session, prima follows the session's
// current tab: after `playwright-cli tab-new` it acts on the new tab, and
// after `playwright-cli tab-select` on the one selected there.
func TestSurfaceAttachedFollowsTheSessionsTab(t *testing.T) {
	h := newHarness(t)
	h.pwcli("default", "open", app.URL+"/surface/billing")
	mustContain(t, "attached: before tab-new", section(h.primaOK("snapshot"), "Page"), "/surface/billing")
	h.pwcli("default", "tab-new", app.URL+"/surface/invoice")
	mustContain(t, "attached: after playwright-cli tab-new", section(h.primaOK("snapshot"), "Page"), "/surface/invoice")
	mustContain(t, "attached: tab list after tab-new", section(h.primaOK("tab", "list"), "Answer"), "*[2] Invoice INV-4821")
	app.Reset()
	wantOK(t, "attached: a click after playwright-cli tab-new", h.prima("pw", "click", "#approve"))
	as := settledActions(t, 1)
	if got := acted(as, "click"); got != "click:approve-invoice" || as[0].Page != "/surface/invoice" {
		t.Errorf("attached: after playwright-cli tab-new the click logged %+v, want approve-invoice once on /surface/invoice", as)
	}
	// playwright-cli's tab-select only brings the page to front, which a
	// second client cannot observe (every headless page stays visible and
	// focused); prima's own tab select is the way back.
	h.primaOK("tab", "select", "1")
	mustContain(t, "attached: after prima tab select 1", section(h.primaOK("snapshot"), "Page"), "/surface/billing")
}

// History: a date picker closed with Escape, then back, forward and
// reload, each proven (the URL change in ### Page, the Changes) and none
// acting on the page.
func TestSurfaceHistory(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/surface/booking")
	snap := h.primaOK("snapshot")
	app.Reset()
	r := h.prima("pw", "click", ref(t, snap, "link", "Choose dates"))
	if acts(t, "click Choose dates", r) {
		mustContain(t, "click Choose dates", section(r.out, "Page"), "(from /surface/booking)")
	}
	snap = h.primaOK("snapshot")
	h.primaOK("pw", "click", ref(t, snap, "button", "Open calendar"))
	snap = h.primaOK("snapshot")
	app.Reset()
	acts(t, "pw press Escape in the date picker", h.prima("pw", "press", ref(t, snap, "button", "12"), "Escape"), `dialog "Calendar"`)
	if as := settledActions(t, 1); count(as, "keydown", "day-12") != 1 || lastValue(as, "keydown", "day-12") != "Escape" {
		t.Errorf("pw press Escape: the page logged %+v, want one Escape keydown in the picker", as)
	}

	app.Reset()
	r = h.prima("back")
	if acts(t, "back", r, `heading "Trip details"`) {
		mustContain(t, "back", section(r.out, "Page"), app.URL+"/surface/booking", "(from /surface/booking/dates)")
		mustContain(t, "back", usedLine(t, r.out), "page.goBack()")
	}
	r = h.prima("forward")
	if acts(t, "forward", r, `heading "Choose dates"`) {
		mustContain(t, "forward", section(r.out, "Page"), "(from /surface/booking)")
		mustContain(t, "forward", usedLine(t, r.out), "page.goForward()")
	}
	n := visits(t, h.primaOK("snapshot"))
	r = h.prima("reload")
	if acts(t, "reload", r, "Visits this session: "+strconv.Itoa(n+1)) {
		// The same address and title: the Page says at most the state.
		if p := section(r.out, "Page"); strings.Contains(p, "url:") || strings.Contains(p, "title:") {
			t.Errorf("reload: the Page section must leave out the unchanged URL:\n%s", p)
		}
		if j := h.primaOK("reload", "--json"); !strings.Contains(j, `"url":"`+app.URL+`/surface/booking/dates"`) {
			t.Errorf("reload --json: the page's URL is not there:\n%s", j)
		}
		mustContain(t, "reload", usedLine(t, r.out), "page.reload()")
	}
	if got := acted(settledActions(t, 0), "click", "input", "change", "keydown", "submit"); got != "" {
		t.Errorf("back, forward and reload acted on the page: %s", got)
	}
}

// Upload: on a file input, on a styled button that opens a hidden input's
// chooser, and as a setInputFiles line with an array; relative names are
// the CLI's folder's files, and the page receives exactly those names.
func TestSurfaceUpload(t *testing.T) {
	h := newHarness(t)
	writeFiles(t, h.cwd, "invoice.pdf", "server log.txt", "beach.png", "receipt.pdf", "dunes.png")
	h.primaOK("browser", "open", app.URL+"/surface/attach")
	snap := h.primaOK("snapshot")

	app.Reset()
	used, changes := actedJSON(t, "pw upload on the file input", h.prima("pw", "upload", ref(t, snap, "button", "Attach file"), "invoice.pdf", "server log.txt", "--json"))
	mustContain(t, "pw upload on the file input", changes, "Attached invoice.pdf, server log.txt")
	mustContain(t, "pw upload: used: with absolute paths", used, filepath.Join(h.cwd, "invoice.pdf"))
	as := waitValue(t, "upload", "attach", "invoice.pdf,server log.txt")
	if v := lastValue(as, "upload", "attach"); v != "invoice.pdf,server log.txt" {
		t.Errorf("pw upload: the file input received %q, want invoice.pdf,server log.txt", v)
	}
	once(t, "pw upload on the file input", as, "upload", "attach")

	app.Reset()
	r := h.prima("pw", "upload", ref(t, snap, "button", "Add photos"), "beach.png")
	acts(t, "pw upload on the button that opens a chooser", r, "Attached beach.png")
	as = waitValue(t, "upload", "photos", "beach.png")
	if v := lastValue(as, "upload", "photos"); v != "beach.png" {
		t.Errorf("pw upload through the chooser: the hidden input received %q, want beach.png", v)
	}
	once(t, "pw upload through the chooser", as, "click", "add-photos")
	if n := count(as, "upload", "attach"); n != 0 {
		t.Errorf("the chooser upload reached the other input %d times", n)
	}

	app.Reset()
	r = h.prima("pw", "page.getByRole('button', { name: 'Attach file' }).setInputFiles(['receipt.pdf', 'dunes.png'])")
	acts(t, "setInputFiles([...])", r, "Attached receipt.pdf, dunes.png")
	as = waitValue(t, "upload", "attach", "receipt.pdf,dunes.png")
	if v := lastValue(as, "upload", "attach"); v != "receipt.pdf,dunes.png" {
		t.Errorf("setInputFiles([...]): the file input received %q", v)
	}
	once(t, "setInputFiles([...])", as, "upload", "attach")
}

// Drag: an HTML5 kanban card onto a column, a mouse-driven slider onto
// its High mark, and the dragTo line; the page logs the drop it saw.
func TestSurfaceDrag(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/surface/kanban")
	snap := h.primaOK("snapshot")

	app.Reset()
	r := h.prima("pw", "drag", lineRef(t, snap, "listitem", "Fix login bug"), ref(t, snap, "region", "Done column"))
	acts(t, "pw drag a card onto a column", r, "Fix login bug moved to Done")
	if got := acted(settledActions(t, 2), "dragstart", "drop"); got != "dragstart:card-login,drop:col-done" {
		t.Errorf("pw drag: the page saw %q, want one dragstart of the card and one drop on Done", got)
	}

	app.Reset()
	r = h.prima("pw", "drag", ref(t, snap, "slider", "Priority"), "#mark-high")
	acts(t, "pw drag the slider to High", r, "Priority: High")
	as := settledActions(t, 1)
	once(t, "pw drag the slider", as, "change", "priority-handle")
	if v := lastValue(as, "change", "priority-handle"); v != "High" {
		t.Errorf("pw drag the slider: the page set %q, want High", v)
	}

	// The one-liner, on a fresh board.
	h.primaOK("go", "/surface/kanban")
	app.Reset()
	r = h.prima("pw", "page.locator('#card-export').dragTo(page.getByRole('region', { name: 'Doing column' }))")
	if acts(t, "dragTo", r, "Export to CSV moved to Doing") {
		mustContain(t, "dragTo: used:", usedLine(t, r.out), ".dragTo(")
	}
	if got := acted(settledActions(t, 2), "dragstart", "drop"); got != "dragstart:card-export,drop:col-doing" {
		t.Errorf("dragTo: the page saw %q, want one dragstart and one drop on Doing", got)
	}
}

// Click options: right button (the page's context menu), Shift (a range
// selection, the page logs the modifiers it saw), a click count, and the
// same as option objects in Playwright lines.
func TestSurfaceClickOptions(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/surface/files")
	snap := h.primaOK("snapshot")

	app.Reset()
	used, changes := actedJSON(t, "pw click --button right", h.prima("pw", "click", lineRef(t, snap, "listitem", "report.pdf"), "--button", "right", "--json"))
	mustContain(t, "pw click --button right", changes, `menuitem "Rename"`, "Menu for report.pdf")
	mustContain(t, "pw click --button right: used:", used, "button: 'right'")
	as := settledActions(t, 1)
	once(t, "pw click --button right", as, "contextmenu", "file-report")
	if n := count(as, "click", "file-report"); n != 0 {
		t.Errorf("a right click was also a left click %d times", n)
	}

	app.Reset()
	wantOK(t, "click IMG_001", h.prima("pw", "click", ref(t, snap, "option", "IMG_001.jpg")))
	r := h.prima("pw", "click", ref(t, snap, "option", "IMG_003.jpg"), "--modifiers", "Shift")
	acts(t, "pw click --modifiers Shift", r, `"IMG_001.jpg, IMG_002.jpg, IMG_003.jpg"`)
	as = settledActions(t, 4)
	if lastValue(as, "change", "photo-1") != "none" || lastValue(as, "change", "photo-3") != "Shift" {
		t.Errorf("the page saw these modifiers: %+v; want none on IMG_001, then Shift on IMG_003", as)
	}
	once(t, "pw click --modifiers Shift", as, "click", "photo-3")

	app.Reset()
	acts(t, "pw click --count 2", h.prima("pw", "click", ref(t, snap, "button", "Zoom in"), "--count", "2"), "Zoom: 120%")
	if n := count(waitLogged(t, "click", "zoom-in", 2), "click", "zoom-in"); n != 2 {
		t.Errorf("pw click --count 2: the page saw %d clicks, want 2", n)
	}

	app.Reset()
	acts(t, "click({ button: 'right' })", h.prima("pw", "page.locator('#file-budget').click({ button: 'right' })"), "Menu for budget.xlsx")
	as = settledActions(t, 1)
	once(t, "click({ button: 'right' })", as, "contextmenu", "file-budget")
	if n := count(as, "click", "file-budget"); n != 0 {
		t.Errorf("click({ button: 'right' }) was also a left click %d times", n)
	}

	app.Reset()
	acts(t, "click({ modifiers: ['Shift'] })", h.prima("pw", "page.getByRole('option', { name: 'IMG_004.jpg' }).click({ modifiers: ['Shift'] })"), "IMG_004.jpg")
	as = settledActions(t, 2)
	once(t, "click({ modifiers: ['Shift'] })", as, "click", "photo-4")
	if v := lastValue(as, "change", "photo-4"); v != "Shift" {
		t.Errorf("click({ modifiers: ['Shift'] }): the page saw modifiers %q, want Shift", v)
	}
}

// A <select multiple>: several options through pw select and through
// selectOption([...]); the page's own change log shows all of them.
func TestSurfaceMultiSelect(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/surface/colours")
	snap := h.primaOK("snapshot")
	app.Reset()
	acts(t, "pw select Green Blue", h.prima("pw", "select", ref(t, snap, "listbox", "Colours"), "Green", "Blue"),
		`listbox "Colours": "" -> "Green, Blue"`)
	as := waitValue(t, "change", "colours-chosen", "Green,Blue")
	if v := lastValue(as, "change", "colours-chosen"); v != "Green,Blue" {
		t.Errorf("pw select: the page's change log shows %q, want Green,Blue", v)
	}
	once(t, "pw select Green Blue", as, "change", "colours")

	app.Reset()
	acts(t, "selectOption(['Red','Yellow'])", h.prima("pw", "page.getByRole('listbox', { name: 'Colours' }).selectOption(['Red', 'Yellow'])"),
		`"Green, Blue" -> "Red, Yellow"`)
	as = waitValue(t, "change", "colours-chosen", "Red,Yellow")
	if v := lastValue(as, "change", "colours-chosen"); v != "Red,Yellow" {
		t.Errorf("selectOption([...]): the page's change log shows %q, want Red,Yellow", v)
	}
	once(t, "selectOption([...])", as, "change", "colours")
}

// wait: for a text to show, for a text to go, for an element's state (by
// selector and by ref), for a JavaScript condition, for the URL, for a
// load state, for a duration; each with the Changes from before the wait
// to after it, acting on nothing. A wait that cannot end fails with code
// timeout under --timeout.
func TestSurfaceWait(t *testing.T) {
	h := newHarness(t)
	// The results arrive 2.5 s after a click: well after the click's
	// envelope, so the wait's own Changes show them arrive.
	h.primaOK("browser", "open", app.URL+"/surface/wait?ms=2500")
	snap := h.primaOK("snapshot")
	refresh := ref(t, snap, "button", "Refresh results")
	app.Reset()
	acts(t, "click Refresh results", h.prima("pw", "click", refresh), "Loading results")
	acts(t, "wait text", h.prima("wait", "text", "Results ready"), "Results ready: 3 orders (run 1)", "Loading results")

	h.primaOK("pw", "click", refresh)
	acts(t, "wait gone", h.prima("wait", "gone", "Loading results"), "Loading results", "Results ready: 3 orders (run 2)")
	if got := acted(settledActions(t, 2), "click", "input", "change", "keydown"); got != "click:refresh,click:refresh" {
		t.Errorf("the page logged %q, want the two clicks and nothing from the waits", got)
	}

	// An element's state, by selector and by ref; a JavaScript condition.
	h.primaOK("pw", "click", refresh)
	acts(t, "wait visible SELECTOR", h.prima("wait", "visible", "#open-order"), "Results ready: 3 orders (run 3)", "Open order 3")
	h.primaOK("pw", "click", refresh)
	acts(t, "wait hidden SELECTOR", h.prima("wait", "hidden", "#loading"), "Loading results", "Results ready: 3 orders (run 4)")
	acts(t, "wait js", h.prima("wait", "js", "window.resultsRun === 4"))
	snap = h.primaOK("snapshot")
	open := ref(t, snap, "button", "Open order 4")
	h.primaOK("pw", "click", ref(t, snap, "button", "Archive results later"))
	acts(t, "wait detached REF", h.prima("wait", "detached", open), "Open order 4", "Archived")
	acts(t, "wait detached REF, already gone", h.prima("wait", "detached", open))
	// The URL, and a load state.
	h.primaOK("pw", "click", ref(t, snap, "button", "Open details later"))
	r := h.prima("wait", "url", "**/surface/wait?details=1")
	acts(t, "wait url", r)
	mustContain(t, "wait url: the page it waited for", section(r.out, "Page"), "/surface/wait?details=1")
	acts(t, "wait load networkidle", h.prima("wait", "load", "networkidle"))
	// 5 s: what the daemon does before the wait (a few seconds on a
	// loaded machine) must not eat the whole deadline. The time named is
	// what was left for the wait: under the --timeout, never all of it.
	r = h.prima("wait", "visible", "#never", "--timeout", "5s")
	wantFailure(t, "wait visible under --timeout 5s", r, "timeout")
	if m := regexp.MustCompile(`#never is not visible within (\S+) \(--timeout\)`).FindStringSubmatch(section(r.out, "Failure")); m == nil {
		t.Errorf("the timeout names the element and the time it waited:\n%s", r.out)
	} else if d, err := time.ParseDuration(m[1]); err != nil || d <= 0 || d >= 5*time.Second {
		t.Errorf("the timeout names %q as the time it waited, want some of the 5 s --timeout:\n%s", m[1], r.out)
	}
	for _, bad := range [][]string{{"wait", "url"}, {"wait", "load", "later"}, {"wait", "visible"}, {"wait", "2s", "x"}} {
		if r := h.prima(bad...); r.code != 2 {
			t.Errorf("prima %s: exit %d, want 2 (usage)\n%s", strings.Join(bad, " "), r.code, r)
		}
	}

	h.primaOK("go", "/surface/wait?clock=1")
	acts(t, "wait 500ms (a clock ticks every 200 ms)", h.prima("wait", "500ms"), "Updated")

	r = h.prima("wait", "text", "Never shows", "--timeout", "5s")
	t.Logf("a wait for a text that never shows, under --timeout 5s, took %s", r.took)
	wantFailure(t, "wait text under --timeout 5s", r, "timeout")
	mustContain(t, "the timeout names what it waited for", section(r.out, "Failure"), "Never shows")
}

var artifactRE = regexp.MustCompile(`(?m)^- screenshot\.png: (.+)$`)

// screenshot: the page, the full page, one element; each a PNG file with
// an absolute path under ### Artifacts, and read-only.
func TestSurfaceScreenshot(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/surface/colours")
	snap := h.primaOK("snapshot")
	app.Reset()
	seen := map[string]bool{}
	for _, args := range [][]string{{"screenshot"}, {"screenshot", "--full"}, {"screenshot", ref(t, snap, "listbox", "Colours")}} {
		what := strings.Join(args, " ")
		r := h.prima(args...)
		wantOK(t, what, r)
		wantReadOnly(t, what, r.out)
		m := artifactRE.FindStringSubmatch(section(r.out, "Artifacts"))
		if m == nil {
			t.Errorf("%s: no screenshot.png under ### Artifacts:\n%s", what, r.out)
			continue
		}
		path := strings.TrimSpace(m[1])
		if !filepath.IsAbs(path) {
			t.Errorf("%s: the artifact path %q is not absolute", what, path)
		}
		if seen[path] {
			t.Errorf("%s: the artifact path %q was already used by another screenshot", what, path)
		}
		seen[path] = true
		b, err := os.ReadFile(path)
		if err != nil || !bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")) {
			t.Errorf("%s: %s is not a PNG (err %v, %d bytes)", what, path, err, len(b))
		}
	}
	noActions(t, "screenshots")
}

// eval: the result as JSON in ### Answer beside Changes; a page change
// made by the JavaScript shows in Changes; on a TARGET the function gets
// that element.
func TestSurfaceEval(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/surface/colours")
	snap := h.primaOK("snapshot")
	app.Reset()
	r := h.prima("eval", "document.title")
	if acts(t, "eval document.title", r) {
		if a := section(r.out, "Answer"); a != `"Product options"` {
			t.Errorf("eval document.title: ### Answer is %q, want the JSON string \"Product options\"", a)
		}
	}
	acts(t, "eval that renames the heading", h.prima("eval", "document.querySelector('h1').textContent = 'Colour options'"),
		`heading "Product options" -> "Colour options"`)
	r = h.prima("eval", "el => Array.from(el.options).map(o => o.value)", ref(t, snap, "listbox", "Colours"))
	if acts(t, "eval on a TARGET", r) {
		if a := section(r.out, "Answer"); a != `["Red","Green","Blue","Yellow"]` {
			t.Errorf("eval on the listbox: ### Answer is %q, want its options as JSON", a)
		}
	}
	// A change to a paragraph's text is a change too (DESIGN: `no change`
	// only when the trees are identical, text included).
	acts(t, "eval that rewrites a paragraph", h.prima("eval", "document.getElementById('chosen').textContent = 'Chosen: Teal'"), "Chosen: Teal")
	noActions(t, "eval")
}

// console: the messages since the previous console, consumed; --errors
// only the errors; an acting command that logs an error says so in Events.
func TestSurfaceConsole(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/surface/console")
	snap := h.primaOK("snapshot")
	r := h.prima("console")
	wantOK(t, "console", r)
	wantReadOnly(t, "console", r.out)

	app.Reset()
	r = h.prima("pw", "click", ref(t, snap, "button", "Sync now"))
	if acts(t, "click Sync now", r, "Sync failed") {
		wantEvent(t, "click Sync now (a console.error)", r.out, "console: 1 error")
	}
	once(t, "click Sync now", settledActions(t, 1), "click", "sync-now")

	r = h.prima("console")
	wantOK(t, "console after Sync now", r)
	wantReadOnly(t, "console after Sync now", r.out)
	mustContain(t, "console after Sync now", section(r.out, "Answer"),
		"sync started: 3 folders", "sync failed: quota exceeded (HTTP 507)")
	if a := section(h.primaOK("console"), "Answer"); strings.Contains(a, "sync") {
		t.Errorf("a second console shows the consumed messages again:\n%s", a)
	}

	r = h.prima("pw", "click", ref(t, snap, "button", "Check status"))
	if acts(t, "click Check status", r) && strings.Contains(section(r.out, "Events"), "console:") {
		t.Errorf("a console.log is not an error, but Events says:\n%s", r.out)
	}
	h.primaOK("pw", "click", ref(t, snap, "button", "Sync now"))
	r = h.prima("console", "--errors")
	wantOK(t, "console --errors", r)
	wantReadOnly(t, "console --errors", r.out)
	a := section(r.out, "Answer")
	mustContain(t, "console --errors", a, "sync failed: quota exceeded (HTTP 507)")
	if strings.Contains(a, "sync started") || strings.Contains(a, "status: idle") {
		t.Errorf("console --errors shows a non-error message:\n%s", a)
	}
	if a := section(h.primaOK("console", "--errors"), "Answer"); strings.Contains(a, "sync failed") {
		t.Errorf("a second console --errors shows the consumed error again:\n%s", a)
	}
}

// The do phrases the surface supports, each once, each proven by the page's log.
func TestSurfaceDoPhrases(t *testing.T) {
	h := newHarness(t)
	writeFiles(t, h.cwd, "invoice.pdf", "beach.png")
	// doOK requires an ok do whose steps are all proven.
	doOK := func(what string, r result, subs ...string) bool {
		t.Helper()
		if !acts(t, what, r, subs...) {
			return false
		}
		if p := regexp.MustCompile(`(?m)^proven: (\d+)/(\d+)$`).FindStringSubmatch(r.out); p == nil || p[1] != p[2] {
			t.Errorf("%s: want every step proven:\n%s", what, r.out)
		}
		return true
	}
	// A failed dialog phrase must not leave a dialog open for the next one.
	closeDialog := func() { h.prima("dialog", "dismiss") }

	h.primaOK("browser", "open", app.URL+"/surface/files")
	app.Reset()
	doOK("do double-click", h.prima("do", "double-click report.pdf"), "Opened report.pdf")
	once(t, "do double-click", settledActions(t, 3), "dblclick", "file-report")

	app.Reset()
	doOK("do right-click", h.prima("do", "right-click budget.xlsx"), "Menu for budget.xlsx")
	as := settledActions(t, 1)
	once(t, "do right-click", as, "contextmenu", "file-budget")
	if n := count(as, "click", "file-budget"); n != 0 {
		t.Errorf("do right-click was also a left click %d times", n)
	}

	app.Reset()
	r := h.prima("do", "click Empty trash", "accept the dialog")
	if doOK("do click Empty trash, accept the dialog", r, "Trash emptied") {
		wantEvent(t, "do accept the dialog", r.out, `confirm "Empty the trash?"`, "accepted")
	}
	if as := settledActions(t, 2); count(as, "dialog", "empty-trash") != 1 || lastValue(as, "dialog", "empty-trash") != "confirm:true" {
		t.Errorf("do accept the dialog: the page logged %+v, want confirm:true once", as)
	}
	closeDialog()

	app.Reset()
	doOK("do accept the dialog with TEXT", h.prima("do", "click New folder", "accept the dialog with Q3 reports"), "Created folder Q3 reports")
	if as := settledActions(t, 2); lastValue(as, "dialog", "new-folder") != "prompt:Q3 reports" {
		t.Errorf("do accept the dialog with TEXT: the page logged %+v, want prompt:Q3 reports", as)
	}
	closeDialog()

	// A dialog left open by one do, answered by the next.
	app.Reset()
	r = h.prima("do", "click Empty trash")
	wantOK(t, "do click Empty trash (left open)", r)
	wantEvent(t, "do click Empty trash", r.out, `confirm "Empty the trash?"`, "left open")
	r = h.prima("do", "dismiss the dialog")
	if doOK("do dismiss the dialog", r, "Trash kept") {
		wantEvent(t, "do dismiss the dialog", r.out, `confirm "Empty the trash?"`, "dismissed")
	}
	if as := settledActions(t, 2); count(as, "dialog", "empty-trash") != 1 || lastValue(as, "dialog", "empty-trash") != "confirm:false" {
		t.Errorf("do dismiss the dialog: the page logged %+v, want confirm:false once", as)
	}
	closeDialog()

	h.primaOK("go", "/surface/kanban")
	app.Reset()
	doOK("do drag", h.prima("do", "drag Fix login bug to Done column"), "Fix login bug moved to Done")
	if got := acted(settledActions(t, 2), "dragstart", "drop"); got != "dragstart:card-login,drop:col-done" {
		t.Errorf("do drag: the page saw %q", got)
	}

	h.primaOK("go", "/surface/attach")
	app.Reset()
	doOK("do upload to the file input", h.prima("do", "upload invoice.pdf to Attach file"), "Attached invoice.pdf")
	if v := lastValue(waitValue(t, "upload", "attach", "invoice.pdf"), "upload", "attach"); v != "invoice.pdf" {
		t.Errorf("do upload: the file input received %q", v)
	}
	app.Reset()
	doOK("do upload through the chooser", h.prima("do", "upload beach.png to Add photos"), "Attached beach.png")
	if v := lastValue(waitValue(t, "upload", "photos", "beach.png"), "upload", "photos"); v != "beach.png" {
		t.Errorf("do upload through the chooser: the hidden input received %q", v)
	}

	h.primaOK("go", "/surface/booking")
	h.primaOK("do", "click Choose dates")
	app.Reset()
	r = h.prima("do", "go back")
	if doOK("do go back", r, `heading "Trip details"`) {
		mustContain(t, "do go back", section(r.out, "Page"), "(from /surface/booking/dates)")
	}
	r = h.prima("do", "go forward")
	if doOK("do go forward", r, `heading "Choose dates"`) {
		mustContain(t, "do go forward", section(r.out, "Page"), "(from /surface/booking)")
	}
	n := visits(t, h.primaOK("snapshot"))
	doOK("do reload", h.prima("do", "reload"), "Visits this session: "+strconv.Itoa(n+1))
	noActions(t, "go back, go forward, reload")

	h.primaOK("go", "/surface/billing")
	h.primaOK("do", "click Download invoice")
	r = h.prima("do", "switch to tab 2")
	if doOK("do switch to tab 2", r) {
		mustContain(t, "do switch to tab 2", section(r.out, "Page"), "/surface/invoice")
	}
	app.Reset()
	doOK("do click in tab 2", h.prima("do", "click Approve invoice"), "Invoice approved for payment")
	as = settledActions(t, 1)
	if got := acted(as, "click"); got != "click:approve-invoice" || as[0].Page != "/surface/invoice" {
		t.Errorf("after do switch to tab 2 the click logged %+v", as)
	}
	r = h.prima("do", "close tab")
	if doOK("do close tab", r) {
		mustContain(t, "do close tab", section(r.out, "Page"), "/surface/billing")
	}
	list := section(h.primaOK("tab", "list"), "Answer")
	if strings.Contains(list, "[2]") || !strings.Contains(list, "*[1] Billing history") {
		t.Errorf("after do close tab:\n%s", list)
	}

	h.primaOK("go", "/surface/wait?ms=1500")
	app.Reset()
	r = h.prima("do", "click Refresh results", "wait for Results ready")
	if doOK("do wait for TEXT", r, "Results ready: 3 orders (run 1)") {
		mustContain(t, "do wait for TEXT", section(r.out, "Steps"), `2. ok        wait for Results ready — the text "Results ready" is visible`)
	}
	once(t, "do wait for TEXT", settledActions(t, 1), "click", "refresh")
}

// Bad input: each a clear message, the right exit code (2 for what the
// CLI catches, 1 with a code for an envelope), nothing done on the page,
// and the daemon alive afterwards.
func TestSurfaceBadInput(t *testing.T) {
	h := newHarness(t)
	writeFiles(t, h.cwd, "invoice.pdf")
	h.primaOK("browser", "open", app.URL+"/surface/attach")
	snap := h.primaOK("snapshot")
	attach := ref(t, snap, "button", "Attach file")
	app.Reset()

	// A missing file: the CLI says so (exit 2); through do and a line, an envelope.
	wantUsage(t, "pw upload a missing file", h.prima("pw", "upload", attach, "invoice.pdf", "missing.pdf"), "missing.pdf")
	r := h.prima("pw", "page.getByRole('button', { name: 'Attach file' }).setInputFiles(['missing.pdf'])")
	wantFailure(t, "setInputFiles of a missing file", r, "usage")
	mustContain(t, "setInputFiles of a missing file", section(r.out, "Failure"), "missing.pdf", "nothing was uploaded")
	r = h.prima("do", "upload missing.pdf to Attach file")
	wantFailure(t, "do upload a missing file", r, "usage")
	mustContain(t, "do upload a missing file", section(r.out, "Failure"), "missing.pdf", "nothing was uploaded")
	noActions(t, "uploads of a missing file")

	// Tabs out of range.
	for _, args := range [][]string{{"tab", "select", "9"}, {"tab", "close", "9"}} {
		r = h.prima(args...)
		wantFailure(t, strings.Join(args, " "), r, "usage")
		mustContain(t, strings.Join(args, " "), section(r.out, "Failure"), "no tab 9", "1 tab")
	}
	if r = h.prima("tab", "select", "9", "--json"); r.code != 1 || !strings.Contains(r.out, `"code":"usage"`) {
		t.Errorf("tab select 9 --json: want exit 1 and the code at the top level:\n%s", r)
	}
	wantUsage(t, "tab select 0", h.prima("tab", "select", "0"), "not a tab number")

	// No dialog to answer.
	r = h.prima("dialog", "accept")
	wantFailure(t, "dialog accept with no dialog", r, "usage")
	mustContain(t, "dialog accept with no dialog", section(r.out, "Failure"), "no dialog")

	// eval that throws, and a 10 MB result.
	r = h.prima("eval", "(() => { throw new Error('ledger offline') })()")
	if r.code != 1 || codeOf(r.out) == "" {
		t.Errorf("eval that throws: want exit 1 with a code:\n%s", r)
	}
	mustContain(t, "eval that throws", section(r.out, "Failure"), "ledger offline")
	r = h.prima("eval", "'x'.repeat(10*1024*1024)")
	t.Logf("a 10 MB eval result: exit %d, %d bytes out, Answer %d bytes", r.code, len(r.out), len(section(r.out, "Answer")))
	if a := section(r.out, "Answer"); r.code != 0 || len(a) < 1000 || len(a) > 2300 {
		t.Errorf("a 10 MB eval result: want exit 0 and an Answer capped near 2 KB, got exit %d, Answer %d bytes", r.code, len(a))
	}
	if len(r.out)+len(r.err) > 6<<10 {
		t.Errorf("a 10 MB eval result printed %d bytes", len(r.out)+len(r.err))
	}

	// wait with a bad duration, or one not shorter than --timeout.
	wantUsage(t, "wait soon", h.prima("wait", "soon"), "not a duration")
	wantUsage(t, "wait -5s", h.prima("wait", "--", "-5s"))
	wantUsage(t, "wait 1h", h.prima("wait", "1h"), "--timeout")

	// A drag onto itself: the same target (exit 2), or two names of one element.
	h.primaOK("go", "/surface/kanban")
	snap = h.primaOK("snapshot")
	card := lineRef(t, snap, "listitem", "Fix login bug")
	app.Reset()
	wantUsage(t, "pw drag a ref onto itself", h.prima("pw", "drag", card, card), "itself")
	r = h.prima("pw", "drag", card, "#card-login")
	wantFailure(t, "pw drag a ref onto a selector of the same element", r, "usage")
	mustContain(t, "pw drag onto the same element", section(r.out, "Failure"), "same element")
	r = h.prima("pw", "page.locator('#card-login').dragTo(page.locator('[data-fx=card-login]'))")
	wantFailure(t, "dragTo onto itself", r, "usage")
	mustContain(t, "dragTo onto itself", section(r.out, "Failure"), "same element")
	noActions(t, "drags onto themselves")

	wantAlive(t, h)
}
