package main

import (
	"fmt"
	"regexp"
	"strconv"
)

// target names one element as a snapshot shows it: its role, and its name
// (the quoted accessible name, or the text the line ends with, or the text
// of its child lines: an option whose name the snapshot splits by a
// highlight).
// target is an element by role and name; Role may name alternatives
// ("generic|checkbox"): the element a tool's snapshot gives a ref.
type target struct{ Role, Name string }

func (t target) String() string { return t.Role + ` "` + t.Name + `"` }

// step is one action of a task, on refs, with the same verb for both
// tools (prima pw VERB REF… and playwright-cli VERB REF…).
type step struct {
	Verb   string
	Target target
	To     *target  // drag: where to
	Args   []string // fill: the text
	// Appears: the target is made to appear by the step before (a list's
	// options after a click opened it), so an orchestrator can only know
	// its ref from what that step printed (prima: its ### New refs;
	// playwright-cli: the snapshot file its output links), or from a new
	// snapshot.
	Appears bool
}

// task is one scripted job on one page. The status line (the page's
// <p role="status">, the widget's state read through its library's API)
// says whether it got done.
type task struct {
	ID, Title string
	Path      string
	Ready     string         // the status line once the page is ready (its libraries load as modules)
	Want      string         // the status line once solved, as the report says it
	Solved    *regexp.Regexp // matches the solved status line
	Steps     []step
	Big       bool // the big table: its own target (bytes <= 0.01x), its own median
	// Lookup: both orchestrators look targets up by text instead of
	// reading whole snapshots (prima: `snapshot --grep`; playwright-cli:
	// `find`, also to see the outcome, instead of the snapshot file its
	// action links). A variant of the big table, outside the medians.
	Lookup bool
}

func exact(s string) *regexp.Regexp { return regexp.MustCompile("^" + regexp.QuoteMeta(s) + "$") }

// tasks are the scripted jobs, the same for both tools. bigN and bigRow
// choose the big table (/big?n=N, about N interactive elements in
// round(N/2.5) rows) and the row whose Edit button is clicked.
func tasks(bigN, bigRow int) []task {
	c := func(role, name string) target { return target{role, name} }
	row, row2 := strconv.Itoa(bigRow), strconv.Itoa(bigRow+1)
	return []task{
		{ID: "choices", Title: "Choices: pick a colour", Path: "/zoo/choices",
			Ready: "Chosen: nothing", Want: "Chosen: Green", Solved: exact("Chosen: Green"),
			Steps: []step{
				{Verb: "click", Target: c("listbox", "Colour")},
				{Verb: "click", Target: c("option", "Green"), Appears: true},
			}},
		{ID: "tomselect", Title: "Tom Select: pick a city", Path: "/zoo/tomselect",
			Ready: "City: none", Want: "City: Paris", Solved: exact("City: Paris"),
			Steps: []step{
				{Verb: "click", Target: c("combobox", "City")},
				{Verb: "click", Target: c("option", "Paris"), Appears: true},
			}},
		{ID: "flatpickr", Title: "flatpickr: pick a date", Path: "/zoo/flatpickr",
			Ready: "Arrival: 2026-12-03", Want: "Arrival: 2026-12-15", Solved: exact("Arrival: 2026-12-15"),
			Steps: []step{
				{Verb: "click", Target: c("textbox", "Arrival")},
				{Verb: "click", Target: c("generic", "December 15, 2026"), Appears: true},
			}},
		{ID: "autocomplete", Title: "autoComplete.js: type, pick", Path: "/zoo/autocomplete",
			Ready: "Picked: nothing", Want: "Picked: Apple", Solved: exact("Picked: Apple"),
			Steps: []step{
				{Verb: "fill", Target: c("searchbox", "Fruit"), Args: []string{"ap"}},
				{Verb: "click", Target: c("option", "Apple"), Appears: true},
			}},
		{ID: "shoelace", Title: "Shoelace: pick a size, check a box", Path: "/zoo/shoelace",
			Ready: "Size: none; Gift wrap: no", Want: "Size: Large; Gift wrap: yes", Solved: exact("Size: Large; Gift wrap: yes"),
			Steps: []step{
				{Verb: "click", Target: c("combobox", "Size")},
				{Verb: "click", Target: c("option", "Large"), Appears: true},
				// The box itself is a visually hidden <input> in the
				// component's shadow root, with no ref in either tool's
				// snapshot: a user (and an orchestrator) clicks its label,
				// its text (playwright-cli) or the clickable wrapper prima
				// lists for the checkbox (`checkbox "Gift wrap" via generic`).
				{Verb: "click", Target: c("generic|checkbox", "Gift wrap")},
			}},
		{ID: "sortable", Title: "SortableJS: drag a card", Path: "/zoo/sortable",
			Ready: "To do: a b c; Done: d", Want: "To do: b c; Done: a d (or d a)", Solved: regexp.MustCompile(`^To do: b c; Done: (a d|d a)$`),
			Steps: []step{
				{Verb: "drag", Target: c("listitem", "Card A"), To: &target{"listitem", "Card D"}},
			}},
		{ID: "tabulator", Title: "Tabulator: sort by a header", Path: "/zoo/tabulator",
			Ready: "Unsorted", Want: "Sorted by age asc", Solved: exact("Sorted by age asc"),
			Steps: []step{
				{Verb: "click", Target: c("columnheader", "Age")},
			}},
		{ID: "big", Title: fmt.Sprintf("big table (/big?n=%d): click Edit row %d", bigN, bigRow), Path: fmt.Sprintf("/big?n=%d", bigN),
			Ready: "", Want: "Editing row " + row, Solved: exact("Editing row " + row), Big: true,
			Steps: []step{
				{Verb: "click", Target: c("button", "Edit row "+row)},
			}},
		{ID: "big-lookup", Title: fmt.Sprintf("big table, looked up by text (prima `snapshot --grep`, playwright-cli `find`): click Edit row %d", bigRow+1),
			Path: fmt.Sprintf("/big?n=%d", bigN), Ready: "", Want: "Editing row " + row2, Solved: exact("Editing row " + row2), Big: true, Lookup: true,
			Steps: []step{
				{Verb: "click", Target: c("button", "Edit row "+row2)},
			}},
	}
}
