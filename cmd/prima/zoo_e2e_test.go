package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/prima-dev/prima/fixtures"
)

// The widget zoo: pages built on real component libraries from npm
// (scripts/setup --tools installs them, pinned, into .tools/zoo), each
// showing the widget's state read through the library's own API in a
// status line, which is the oracle here.

// A drag on a board whose library starts a drag only after the pointer
// moved while pressed, and moves a card only on later moves (SortableJS's
// pointer fallback): prima drags as a hand does, in steps, and the card
// moves; a dragTo line with Playwright's steps option is accepted.
func TestDragOnASortableBoardMovesTheCard(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/zoo/sortable")
	snap := h.primaOK("snapshot")
	app.Reset()
	out := h.primaOK("pw", "drag", textRef(t, snap, "listitem", "Card A"), textRef(t, snap, "listitem", "Card D"))
	if !strings.Contains(section(out, "Changes"), `-> "To do: b c; Done: `) {
		t.Errorf("the drag did not move Card A out of To do:\n%s", out)
	}
	if got := lastValue(settledActions(t, 1), "drop", "card-a"); got != "done" {
		t.Errorf("the board reported Card A dropped in %q, want done", got)
	}
	out = h.primaOK("pw", "page.getByText('Card B').dragTo(page.getByText('Card D'), { steps: 5 })")
	has(t, "a dragTo line with steps", out, "{ steps: 5 }", `-> "To do: c; Done:`)
	// A column's heading titles its list, named the same: a drop "onto To
	// do" is onto the list, not ambiguous with its heading.
	out = h.primaOK("do", "drag Card D onto To do")
	has(t, "a drag onto a column by its name", out, "proven: 1/1", "getByRole('list', { name: 'To do', exact: true })")
	if !regexp.MustCompile(`-> "To do: [a-z ]*d[a-z ]*;`).MatchString(section(out, "Changes")) {
		t.Errorf("Card D did not move into To do:\n%s", out)
	}
}

// A custom select that keeps the native <select> hidden under its own list
// (Choices.js), and an autocomplete combobox (Tom Select): "select X from
// Y" opens the widget, picks the option by its name and proves the
// widget's shown value, as a user does. Setting the hidden select behind
// the widget's back, or refusing because the widget is no <select>, is
// not what the words mean.
func TestSelectFromACustomWidgetPicksItsOption(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct{ page, do, widget, status string }{
		{"/zoo/choices", "select Green from Colour", `listbox "Colour" shows "Green"`, `-> "Chosen: Green"`},
		{"/zoo/tomselect", "select Paris from City", `combobox "City" shows "Paris"`, `-> "City: Paris"`},
	} {
		h.primaOK("browser", "open", app.URL+c.page)
		out := h.primaOK("do", c.do)
		has(t, c.do, out, "proven: 1/1", c.widget, c.status)
	}
	// An option the list does not hold: not found, naming what it holds,
	// and nothing picked.
	h.primaOK("browser", "open", app.URL+"/zoo/choices")
	r := h.prima("do", "select Purple from Colour")
	wantFailure(t, "select Purple from Colour", r, "not_found")
	has(t, "the options the list holds", section(r.out, "Failure"), `no option "Purple"`, `"green"`)
	if !strings.Contains(h.primaOK("snapshot"), "Chosen: nothing") {
		t.Errorf("a failed pick chose something")
	}
}

// textRef is the ref of the element a snapshot shows as `- ROLE [ref=…]: TEXT`.
func textRef(t *testing.T, snapshot, role, text string) string {
	t.Helper()
	for _, line := range strings.Split(snapshot, "\n") {
		l := strings.TrimSpace(line)
		if strings.HasPrefix(l, "- "+role+" ") && strings.HasSuffix(l, ": "+text) {
			if m := refRE.FindStringSubmatch(l); m != nil {
				return m[1]
			}
		}
	}
	t.Fatalf("no %s showing %q with a ref in:\n%s", role, text, snapshot)
	return ""
}

// A date field whose picker (flatpickr) opens its calendar as the field is
// pressed, after which the release lands elsewhere: the press was the
// field's and the page answered it, so the click is ok with a note that
// says exactly that (the click the page's move sent elsewhere was stopped
// and reached no element); "no element got it" was printed as a failure
// while the Changes showed the calendar. A press the page answered with
// nothing but a move still fails (TestAClickThePageMovesAwayFromIsStoppedAndNamed).
func TestADateFieldThatOpensItsCalendarOnPressIsOk(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/zoo/flatpickr")
	snap := h.primaOK("snapshot")
	out := h.primaOK("pw", "click", ref(t, snap, "textbox", "Arrival"))
	has(t, "the click on the date field", out, "the page moved on the press", "prima stopped the click bound for", `combobox "Month"`)
	// The month's days are one line of New refs; a day's ref from it
	// picks that day, with no snapshot between.
	days := section(out, "New refs")
	has(t, "the days' run line", days, `generic "December …, 2026": 1 [ref=`)
	day := ref(t, days, "generic", "December 15, 2026")
	out = h.primaOK("pw", "click", day)
	has(t, "the click on a day's ref from the New refs' run", section(out, "Changes"), `-> "Arrival: 2026-12-15"`)
}

// A rich-text editor (Quill) named by a label through aria-labelledby:
// "fill Notes with …" fills the editor the label names, never the label's
// own text, and the step is proven by the editor's text.
func TestFillARichTextEditorByItsLabel(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/zoo/quill")
	out := h.primaOK("do", "fill Notes with Buy paper")
	has(t, "the fill of the editor", out, "proven: 1/1", `"Call the printer" -> "Buy paper"`, `-> "Text: Buy paper"`)
}

// A data grid (Tabulator) sorted by a header click: the header is still
// there, so the Changes never say it was removed; the sort the grid
// reports is in them, and the rows' new order.
func TestSortingAGridKeepsItsHeader(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/zoo/tabulator")
	snap := h.primaOK("snapshot")
	out := h.primaOK("pw", "click", ref(t, snap, "columnheader", "Age"))
	changes := section(out, "Changes")
	has(t, "the sort's Changes", changes, `-> "Sorted by age asc"`)
	if strings.Contains(changes, "columnheader") {
		t.Errorf("the Changes name the header, which is still there:\n%s", changes)
	}
}

// One look per action: a click that opens a list names the refs of the
// options it made appear (### New refs, Changes stay ref-free), and a
// click on one of those refs, with no snapshot between, is proven. A
// click that made nothing actionable appear carries no such section.
func TestAnActionListsTheRefsOfWhatAppeared(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/zoo/tomselect")
	snap := h.primaOK("snapshot")
	out := h.primaOK("pw", "click", ref(t, snap, "combobox", "City"))
	fresh := section(out, "New refs")
	if strings.Contains(section(out, "Changes"), "[ref=") {
		t.Errorf("the Changes carry refs:\n%s", out)
	}
	paris := ref(t, fresh, "option", "Paris")
	// The list heads its options, named once.
	if !regexp.MustCompile(`(?m)^- listbox "City" \[ref=\w+\]:\n  - option `).MatchString(fresh) {
		t.Errorf("the New refs do not list the options under their list:\n%s", fresh)
	}
	out = h.primaOK("pw", "click", paris)
	has(t, "the click on a ref from New refs", section(out, "Changes"), `-> "City: Paris"`)
	if strings.Contains(out, "### New refs") {
		t.Errorf("a click that made nothing actionable appear lists refs:\n%s", out)
	}
}

// New refs are what the action made appear, also when prima's view of the
// page before it holds no refs (prima's own renderer, after an eval): an
// option the navigation listed is not listed again when its list opens
// (Choices), and options a list hid when it closed are listed again when
// it opens again (Tom Select).
func TestNewRefsLeaveOutWhatWasThereBefore(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open")
	nav := section(h.primaOK("go", app.URL+"/zoo/choices"), "New refs")
	first := ref(t, nav, "option", "Pick a colour")
	h.primaOK("eval", "document.title")
	fresh := section(h.primaOK("pw", "click", ref(t, nav, "listbox", "Colour")), "New refs")
	if strings.Contains(fresh, "[ref="+first+"]") {
		t.Errorf("the option go listed, there before the click, is listed again:\n%s", fresh)
	}
	ref(t, fresh, "option", "Red")

	nav = section(h.primaOK("go", app.URL+"/zoo/tomselect"), "New refs")
	city := ref(t, nav, "combobox", "City")
	paris := ref(t, section(h.primaOK("pw", "click", city), "New refs"), "option", "Paris")
	out := h.primaOK("pw", "press", "Escape")
	has(t, "Escape on the open list", section(out, "Changes"), `removed:`)
	h.primaOK("eval", "document.title")
	again := section(h.primaOK("pw", "click", city), "New refs")
	if !strings.Contains(again, "[ref="+paris+"]") {
		t.Errorf("the options shown again when the list opened again are not listed (want %s):\n%s", paris, again)
	}
}

// Every option Playwright gives an action is taken, not ignored: a trial
// click runs the checks and clicks nothing, and says so; a click's delay
// and steps, dragTo's positions and goto's load state reach Playwright
// and print back in used:.
func TestPlaywrightOptionsAreTakenNotIgnored(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/stray")
	app.Reset()
	out := h.primaOK("pw", "page.getByRole('button', { name: 'Save' }).click({ trial: true })")
	has(t, "a trial click", out, "click({ trial: true })", "trial: Playwright's checks passed", "nothing was done", "no change")
	time.Sleep(300 * time.Millisecond)
	if as := app.Actions(); len(as) != 0 {
		t.Errorf("a trial click reached the page: %v", as)
	}
	out = h.primaOK("pw", "page.getByRole('button', { name: 'Save' }).click({ delay: 40, steps: 3 })")
	has(t, "a click with delay and steps", out, "click({ delay: 40, steps: 3 })")
	if as := settledActions(t, 1); !slices.ContainsFunc(as, func(a fixtures.Action) bool { return a.Kind == "click" && a.ID == "save" }) {
		t.Errorf("the click with delay and steps did not reach Save: %v", as)
	}

	out = h.primaOK("pw", "page.goto('/zoo/sortable', { waitUntil: 'load' })")
	has(t, "a goto with its load state", out, "waitUntil: 'load'")
	out = h.primaOK("pw", "page.getByText('Card A').dragTo(page.getByText('Card D'), { sourcePosition: { x: 4, y: 4 }, targetPosition: { x: 6, y: 6 } })")
	has(t, "a drag from and to given points", out, "sourcePosition: { x: 4, y: 4 }", "targetPosition: { x: 6, y: 6 }", `-> "To do: b c; Done:`)
}

// "pick DATE in FIELD" on a date picker (flatpickr): prima opens the
// calendar, steps to the date's month by its next or previous month
// control, and clicks the day, as a user does; the field shows the date,
// which proves the step. A date no calendar day names picks nothing.
func TestPickADateInADatePicker(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/zoo/flatpickr")
	for _, c := range []struct{ do, status string }{
		{"pick 2026-12-24 in Arrival", `-> "Arrival: 2026-12-24"`},
		{"pick February 3, 2027 in Arrival", `-> "Arrival: 2027-02-03"`},
		{"pick 5 October 2026 in Arrival", `-> "Arrival: 2026-10-05"`},
	} {
		out := h.primaOK("do", c.do)
		has(t, c.do, out, "proven: 1/1", "opened its calendar and picked the day", c.status)
	}
	r := h.prima("do", "pick 2026-02-30 in Arrival")
	wantFailure(t, "pick 2026-02-30 in Arrival", r, "not_found")
	if !strings.Contains(h.primaOK("snapshot"), "Arrival: 2026-10-05") {
		t.Errorf("a pick of no day changed the date")
	}
}

// A design system's checkbox that Playwright's snapshot gives no ref (the
// input hidden in Shoelace's shadow root, the label taking the clicks) is
// in the navigation's New refs (or, when the components upgraded after
// go answered, in snapshot -i) through the clickable wrapper it is the
// only control of; a click on that ref checks the box, proven; and the
// Changes stay ref-free.
func TestANewRefReachesAShadowCheckboxThroughItsWrapper(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open")
	box := regexp.MustCompile(`(?m)^- checkbox "Gift wrap" via generic \[ref=((?:f\d+)?e\d+)\]$`)
	// The components upgrade once their modules load, which may be after
	// go answered: then the box is in the cheapest look at the page.
	out := h.primaOK("go", app.URL+"/zoo/shoelace")
	m := box.FindStringSubmatch(section(out, "New refs"))
	if m == nil {
		h.primaOK("wait", "text", "Gift wrap: no")
		out = h.primaOK("snapshot", "-i")
		m = box.FindStringSubmatch(section(out, "Snapshot"))
	}
	if m == nil {
		t.Fatalf("neither go's New refs nor snapshot -i reach the Gift wrap box:\n%s", out)
	}
	if strings.Contains(section(out, "Changes"), "[ref=") {
		t.Errorf("the Changes carry refs:\n%s", out)
	}
	out = h.primaOK("pw", "click", m[1])
	has(t, "the click on the wrapper's ref", section(out, "Changes"), `checkbox "Gift wrap": unchecked -> checked`, "Gift wrap: yes")
}
