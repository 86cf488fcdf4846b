//go:build reliability

package main

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// The breadth run's held-out libraries (TestZoo3Probe's second nine):
// Select2, Fluent web components, DataTables, TinyMCE, jQuery UI,
// SweetAlert2, intl-tel-input, Virtual Select and Tippy.js, each in both
// layouts, registered in zoo3RelLibs. Their shapes are what an
// orchestrator sends there: do instructions by the visible label text,
// pw on refs from a fresh snapshot, Playwright lines; each with the
// status line(s) it may leave, computed from the status line read before
// it (each page writes it through its library's API). The steps
// zoo3_e2e_test.go lists in zoo3Gaps are asked through gapDo with their
// reason; those in zoo3Disputed (rules of prima's an oracle counts
// wrong: a text beside a button never names it, a field a widget
// reformats is a value_mismatch) are not asked.
//
// Most of these pages hold state the status line does not show (an open
// list, a search field's text, a table's page), so each reads its page
// with a probe of its own (zoo3bProbe): a generator's first call on a
// page sets it as that page's probe and reads the page again with it.

// ---- the probes ------------------------------------------------------------------

// zoo3bProbe wraps a page's reading of field, open and view (plain JS
// statements) into a probe that returns them with the status line.
func zoo3bProbe(body string) string {
	return `(() => { const w = window, st = document.getElementById('state'); let field = '', open = false, view = '';` +
		` try { ` + body + ` } catch (e) { field = 'probe error: ' + e; }` +
		` return JSON.stringify({s: st ? st.textContent : null, field: field, open: !!open, view: view}); })()`
}

var (
	// Select2: which dropdown is open, and the multiple select's search text.
	zoo3bSelect2Probe = zoo3bProbe(`const c = w.jQuery('#country').data('select2'), l = w.jQuery('#langs').data('select2');` +
		` if (c && c.isOpen()) { open = true; view = 'country'; } else if (l && l.isOpen()) { open = true; view = 'langs'; }` +
		` const f = document.querySelector('.select2-selection--multiple .select2-search__field'); if (f) field = f.value;`)
	// Fluent: which dropdown is open, and the City combobox's typed text.
	zoo3bFluentProbe = zoo3bProbe(`const fr = document.getElementById('fruit'), ci = document.getElementById('city');` +
		` if (fr && fr.open) { open = true; view = 'fruit'; } else if (ci && ci.open) { open = true; view = 'city'; }` +
		` const i = ci && ci.querySelector('input'); if (i) field = i.value;`)
	// DataTables: the page shown and the page length (the status line
	// shows the rows, not where they come from).
	zoo3bTableProbe = zoo3bProbe(`const t = w.table; if (t) field = 'page ' + t.page() + ' len ' + t.page.len();`)
	// TinyMCE: a toolbar menu open.
	zoo3bTinyProbe = zoo3bProbe(`open = !!document.querySelector('.tox-menu');`)
	// jQuery UI: the autocomplete's field, its menu or the calendar open,
	// and the month an open calendar shows.
	zoo3bJQUIProbe = zoo3bProbe(`const $ = w.jQuery; field = document.getElementById('lang').value;` +
		` const m = $('#lang').autocomplete('widget'), dp = document.getElementById('ui-datepicker-div');` +
		` if (m && m.is(':visible')) open = true;` +
		` if (dp && $(dp).is(':visible')) { open = true; view = $('.ui-datepicker-month', dp).text() + ' ' + $('.ui-datepicker-year', dp).text(); }`)
	// SweetAlert2: the open dialog's input value.
	zoo3bSwalProbe = zoo3bProbe(`if (w.Swal && w.Swal.isVisible()) { open = true; const i = w.Swal.getInput(); if (i) field = i.value; }`)
	// intl-tel-input: the phone field, the country list open, its search.
	zoo3bTelProbe = zoo3bProbe(`field = document.getElementById('phone').value;` +
		` const d = document.querySelector('.iti__country-selector'); open = !!(d && !d.classList.contains('iti__hide'));` +
		` const s = document.querySelector('.iti__search-input'); if (open && s) view = s.value;`)
	// Virtual Select: its list open, and its search text.
	zoo3bSeatProbe = zoo3bProbe(`const v = document.getElementById('seat').virtualSelect;` +
		` if (v) { open = v.isOpened(); field = v.searchValue || ''; }`)
)

// ownProbe makes js the probe of the page being visited: on a
// generator's first call there, the page is read again with it (the
// visit's first state was read with the shared probe).
func (r *zooRun) ownProbe(b zooProbe, js string) (zooProbe, bool) {
	if r.probeJS == js {
		return b, true
	}
	r.probeJS = js
	if r.page != nil {
		r.page.probe = js
	}
	return r.ready()
}

// then reads the state before the next step of a chain, when the step
// before was a hit and the run goes on.
func (r *zooRun) then(a *zooAction) (zooProbe, bool) {
	if a == nil || a.class != classHit || !r.more() {
		return zooProbe{}, false
	}
	return r.ready()
}

// gapOf is zoo3Gaps' reason for a step of TestZoo3Probe, "" once prima
// does it: the step is then asked as any other, a hit expected.
func gapOf(step string) string { return zoo3Gaps[step] }

// ---- Select2 -----------------------------------------------------------------------

var (
	zoo3bCountries = []string{"France", "Germany", "Italy", "Spain"}
	zoo3bLangs     = []string{"English", "German", "French"} // in the <select>'s order, which Select2's data keeps
	zoo3bSelect2RE = regexp.MustCompile(`^Country: (\w+); languages: (.+)$`)
)

func zoo3bSelect2Status(country string, langs []string) string {
	l := "none"
	var in []string
	for _, x := range zoo3bLangs {
		if slices.Contains(langs, x) {
			in = append(in, x)
		}
	}
	if len(in) > 0 {
		l = strings.Join(in, ", ")
	}
	return "Country: " + country + "; languages: " + l
}

func (r *zooRun) genSelect2(b zooProbe) {
	b, ok := r.ownProbe(b, zoo3bSelect2Probe)
	if !ok {
		return
	}
	m := zoo3bSelect2RE.FindStringSubmatch(b.S)
	if m == nil {
		r.st.note("unreadable select2 status", b.S, 1)
		return
	}
	country := m[1]
	var langs []string
	if m[2] != "none" {
		langs = strings.Split(m[2], ", ")
	}
	x := pick(r, zoo3bCountries)
	others := slices.DeleteFunc(slices.Clone(zoo3bCountries), func(c string) bool { return c == country })
	l := pick(r, zoo3bLangs)
	toggled := slices.Clone(langs)
	if slices.Contains(langs, l) {
		// A click on a picked option of a multiple select unpicks it.
		toggled = slices.DeleteFunc(toggled, func(s string) bool { return s == l })
	} else {
		toggled = append(toggled, l)
	}
	switch k := r.rng.IntN(100); {
	case k < 12:
		r.gapDo(b, "select2: do select from Country", fmt.Sprintf("select %s from %s", x, r.said("Country")),
			gapOf("select2: do select Spain from Country"), zoo3bSelect2Status(x, langs))
	case k < 20 && !slices.Contains(langs, l):
		r.gapDo(b, "select2: do select from Languages", fmt.Sprintf("select %s from %s", l, r.said("Languages")),
			gapOf("select2: do select German from Languages"), zoo3bSelect2Status(country, append(slices.Clone(langs), l)))
	case k < 42:
		// The combobox shows the picked country as a textbox of that name.
		w := r.refOf("select2: the Country combobox", fmt.Sprintf("textbox %q", country))
		if w == "" {
			return
		}
		a := r.act(b, "select2: pw click the Country combobox", []string{"pw", "click", w}, b.S)
		if !a.after.Open {
			return
		}
		b, ok := r.then(a)
		if !ok {
			return
		}
		list := zooBlock(r.snapshot(), func(l string) bool { return strings.HasPrefix(l, "- listbox [expanded]") })
		o := zooRef(list, "option", x)
		if o == "" {
			r.skip("select2: option " + x + " in the open list")
			return
		}
		r.act(b, "select2: pw click a country option ref", []string{"pw", "click", o}, zoo3bSelect2Status(x, langs))
	case k < 54:
		x = pick(r, others)
		a := r.act(b, "select2: do click the picked country", []string{"do", "click " + country}, b.S)
		if !a.after.Open {
			return
		}
		if b, ok := r.then(a); ok {
			r.act(b, "select2: do click a country in the open list", []string{"do", "click " + r.said(x)}, zoo3bSelect2Status(x, langs))
		}
	case k < 68:
		s := r.refOf("select2: the Languages search field", `searchbox "Search"`)
		if s == "" {
			return
		}
		a := r.act(b, "select2: pw click the Languages search field", []string{"pw", "click", s}, b.S)
		if !a.after.Open {
			return
		}
		b, ok := r.then(a)
		if !ok {
			return
		}
		list := zooBlock(r.snapshot(), func(l string) bool { return strings.HasPrefix(l, "- listbox [expanded]") })
		o := zooRef(list, "option", l)
		if o == "" {
			r.skip("select2: option " + l + " in the open list")
			return
		}
		r.act(b, "select2: pw click a language option ref", []string{"pw", "click", o}, zoo3bSelect2Status(country, toggled))
	case k < 78 && !slices.Contains(langs, l):
		// A picked language's chip shows its name too: only one not picked.
		pfx := r.prefix(l)
		a := &zooAction{shape: "select2: do fill the Languages search", args: []string{"do", "fill Search with " + pfx}, before: b,
			want: []string{b.S}, key: "field", keyTo: pfx}
		r.exec(a)
		if b, ok := r.then(a); ok {
			r.act(b, "select2: do click a language it lists", []string{"do", "click " + l}, zoo3bSelect2Status(country, toggled))
		}
	case k < 88 && len(langs) > 0:
		t := pick(r, langs)
		ref := zoo3ChildRef(r.snapshot(), fmt.Sprintf("listitem %q", t), `button "Remove item"`)
		if ref == "" {
			r.skip("select2: the remove button of " + t)
			return
		}
		r.act(b, "select2: pw click a chip's remove button", []string{"pw", "click", ref},
			zoo3bSelect2Status(country, slices.DeleteFunc(slices.Clone(langs), func(s string) bool { return s == t })))
	case k < 93:
		switch len(langs) {
		case 0:
			r.mustFail(b, "select2: do click Remove item, no chip", "click Remove item", "not_found")
		case 1:
			r.act(b, "select2: do click Remove item, the one chip", []string{"do", "click Remove item"}, zoo3bSelect2Status(country, nil))
		default:
			r.mustFail(b, "select2: do click Remove item, two chips or more", "click Remove item", "ambiguous")
		}
	default:
		r.mustFail(b, "select2: do select from a part of its name", fmt.Sprintf("select %s from Countr", x), "not_found")
	}
}

// ---- Fluent web components ------------------------------------------------------------

var (
	zoo3bFruits   = []string{"Apple", "Banana", "Cherry"}
	zoo3bFCities  = []string{"Oslo", "Lima", "Rome"}
	zoo3bFluentRE = regexp.MustCompile(`^Fruit: (\w+); city: (\w+); gift: (yes|no)$`)
)

func (r *zooRun) genFluent(b zooProbe) {
	b, ok := r.ownProbe(b, zoo3bFluentProbe)
	if !ok {
		return
	}
	m := zoo3bFluentRE.FindStringSubmatch(b.S)
	if m == nil {
		r.st.note("unreadable fluent status", b.S, 1)
		return
	}
	fruit, city, gift := m[1], m[2], m[3]
	st := func(f, c, g string) string { return "Fruit: " + f + "; city: " + c + "; gift: " + g }
	other := map[string]string{"yes": "no", "no": "yes"}[gift]
	x := pick(r, zoo3bFruits)
	c := pick(r, zoo3bFCities)
	switch k := r.rng.IntN(100); {
	case k < 10:
		r.gapDo(b, "fluent: do select from Fruit", fmt.Sprintf("select %s from %s", x, r.said("Fruit")),
			gapOf("fluent: do select Banana from Fruit"), st(strings.ToLower(x), city, gift))
	case k < 32:
		// The dropdown is a combobox its label does not name to
		// Playwright: the first unnamed one.
		w := r.refOf("fluent: the Fruit combobox", `combobox "Fruit"`, "combobox")
		if w == "" {
			return
		}
		a := r.act(b, "fluent: pw click the Fruit combobox", []string{"pw", "click", w}, b.S)
		if !a.after.Open {
			return
		}
		b, ok := r.then(a)
		if !ok {
			return
		}
		o := r.refOf("fluent: option "+x, "generic: "+x)
		if o == "" {
			return
		}
		r.act(b, "fluent: pw click a fruit ref", []string{"pw", "click", o}, st(strings.ToLower(x), city, gift))
	case k < 40 && fruit == "none":
		a := r.act(b, "fluent: do click the Fruit placeholder", []string{"do", "click Choose a fruit"}, b.S)
		if !a.after.Open {
			return
		}
		if b, ok := r.then(a); ok {
			r.act(b, "fluent: do click a fruit in the open list", []string{"do", "click " + r.said(x)}, st(strings.ToLower(x), city, gift))
		}
	case k < 60:
		pfx := r.prefix(c)
		a := &zooAction{shape: "fluent: do fill City with a prefix", args: []string{"do", fmt.Sprintf("fill %s with %s", r.said("City"), pfx)},
			before: b, want: []string{b.S}, key: "field", keyTo: pfx}
		r.exec(a)
		if b, ok := r.then(a); ok {
			r.act(b, "fluent: do click the city", []string{"do", "click " + c}, st(fruit, strings.ToLower(c), gift))
		}
	case k < 72:
		f := r.refOf("fluent: the City combobox", `combobox "Type a city"`)
		if f == "" {
			return
		}
		pfx := r.prefix(c)
		a := &zooAction{shape: "fluent: pw fill the City combobox", args: []string{"pw", "fill", f, pfx},
			before: b, want: []string{b.S}, key: "field", keyTo: pfx}
		r.exec(a)
		b, ok := r.then(a)
		if !ok {
			return
		}
		if o := r.refOf("fluent: city "+c, "generic: "+c); o != "" {
			r.act(b, "fluent: pw click a city ref", []string{"pw", "click", o}, st(fruit, strings.ToLower(c), gift))
		}
	case k < 84:
		// The checkbox is an unnamed generic right before its label's text.
		ref := ""
		lines := strings.Split(r.snapshot(), "\n")
		for i := 1; i < len(lines); i++ {
			if t := strings.TrimSpace(lines[i]); t == "- text: Gift wrap" || strings.HasPrefix(t, "- generic [") && strings.HasSuffix(t, ": Gift wrap") {
				if m := refRE.FindStringSubmatch(lines[i-1]); m != nil && strings.HasPrefix(strings.TrimSpace(lines[i-1]), "- generic [") {
					ref = m[1]
				}
			}
		}
		if ref == "" {
			r.skip("fluent: the Gift wrap checkbox")
			return
		}
		r.act(b, "fluent: pw click the checkbox ref", []string{"pw", "click", ref}, st(fruit, city, other))
	case k < 90:
		// A click on the label's text: the label toggles its checkbox when
		// tied; beside, it is plain text.
		want := st(fruit, city, other)
		if r.page != nil && r.page.beside() {
			want = b.S
		}
		r.act(b, "fluent: pw a Playwright line's click on the label", []string{"pw", "page.getByText('Gift wrap').click()"}, want)
	case k < 95:
		r.gapDo(b, "fluent: do check Gift wrap", "check Gift wrap", gapOf("fluent: do check Gift wrap"), st(fruit, city, "yes"))
	default:
		r.mustFail(b, "fluent: do fill a part of its name", "fill Cit with "+c[:2], "not_found")
	}
}

// ---- DataTables ------------------------------------------------------------------

type zoo3bStaff struct {
	name, city string
	age        int
}

var (
	zoo3bStaffRows = []zoo3bStaff{{"Carol", "Berlin", 41}, {"Alice", "Paris", 33}, {"Bob", "Bern", 27}, {"Dan", "Oslo", 52}, {"Eve", "Rome", 38}, {"Frank", "Lima", 45}}
	zoo3bTableRE   = regexp.MustCompile(`^Sort: (?:(Name|City|Age) (asc|desc|)|none); search: (.+); rows: (.+)$`)
	zoo3bPageRE    = regexp.MustCompile(`^page (\d+) len (\d+)$`)
	// Searches: parts of names, cities and ages, one that matches nothing.
	zoo3bSearches = []string{"Ber", "ro", "a", "Li", "Pa", "3", "e", "Zed", "ob"}
)

// zoo3bTable is what DataTables shows: its sort, search, page and length.
type zoo3bTable struct {
	col, dir, search string // col "" for no sort yet, dir "" for a column's sort undone; search "" for none
	page, size       int
}

// rows are the rows it filters (its smart search: each word anywhere in a
// row, case aside) and sorts, all pages.
func (t zoo3bTable) rows() []zoo3bStaff {
	var out []zoo3bStaff
	for _, r := range zoo3bStaffRows {
		hay := strings.ToLower(r.name + "  " + r.city + "  " + strconv.Itoa(r.age))
		ok := true
		for _, w := range strings.Fields(strings.ToLower(t.search)) {
			ok = ok && strings.Contains(hay, w)
		}
		if ok {
			out = append(out, r)
		}
	}
	key := map[string]func(zoo3bStaff) string{
		"Name": func(s zoo3bStaff) string { return s.name },
		"City": func(s zoo3bStaff) string { return s.city },
		"Age":  func(s zoo3bStaff) string { return fmt.Sprintf("%03d", s.age) },
	}[t.col]
	if key != nil && t.dir != "" {
		sort.SliceStable(out, func(i, j int) bool {
			if t.dir == "desc" {
				return key(out[i]) > key(out[j])
			}
			return key(out[i]) < key(out[j])
		})
	}
	return out
}

func (t zoo3bTable) pages() int {
	n := len(t.rows())
	if n == 0 {
		return 1
	}
	return (n + t.size - 1) / t.size
}

func (t zoo3bTable) status() string {
	s := "Sort: none"
	if t.col != "" {
		s = "Sort: " + t.col + " " + t.dir
	}
	search := t.search
	if search == "" {
		search = "none"
	}
	var names []string
	rows := t.rows()
	for i := t.page * t.size; i < len(rows) && i < (t.page+1)*t.size; i++ {
		names = append(names, rows[i].name)
	}
	shown := "none"
	if len(names) > 0 {
		shown = strings.Join(names, ", ")
	}
	return s + "; search: " + search + "; rows: " + shown
}

// sorted is the table after a click on col's header: ascending, then
// descending, then unsorted (DataTables' order sequence), on its first page.
func (t zoo3bTable) sorted(col string) zoo3bTable {
	switch {
	case t.col == col && t.dir == "asc":
		t.dir = "desc"
	case t.col == col && t.dir == "desc":
		// DataTables keeps the column in its order with no direction:
		// the page says "Sort: Name " and the rows are as loaded.
		t.dir = ""
	default:
		t.col, t.dir = col, "asc"
	}
	t.page = 0
	return t
}

func (r *zooRun) genDataTables(b zooProbe) {
	b, ok := r.ownProbe(b, zoo3bTableProbe)
	if !ok {
		return
	}
	m, pm := zoo3bTableRE.FindStringSubmatch(b.S), zoo3bPageRE.FindStringSubmatch(b.Field)
	if m == nil || pm == nil {
		r.st.note("unreadable datatables status", b.String(), 1)
		return
	}
	t := zoo3bTable{col: m[1], dir: m[2], search: m[3]}
	if t.search == "none" {
		t.search = ""
	}
	t.page, _ = strconv.Atoi(pm[1])
	t.size, _ = strconv.Atoi(pm[2])
	if t.status() != b.S {
		r.st.note("datatables: the model does not show what the page shows", fmt.Sprintf("%+v: %q, the page %q", t, t.status(), b.S), 1)
		return
	}
	field := func(t zoo3bTable) string { return fmt.Sprintf("page %d len %d", t.page, t.size) }
	do := func(shape string, args []string, to zoo3bTable) {
		r.exec(&zooAction{shape: shape, args: args, before: b, want: []string{to.status()}, key: "field", keyTo: field(to)})
	}
	col := pick(r, []string{"Name", "City", "Age"})
	searched := t
	searched.search, searched.page = pick(r, zoo3bSearches), 0
	resized := t
	resized.size, resized.page = pick(r, []int{5, 10}), 0
	if resized.size == t.size {
		resized.page = t.page
	}
	step := map[string]int{"First": 0, "Previous": t.page - 1, "Next": t.page + 1, "Last": t.pages() - 1}
	link := pick(r, []string{"First", "Previous", "Next", "Last"})
	paged := t
	paged.page = step[link]
	disabled := (link == "First" || link == "Previous") && t.page == 0 || (link == "Next" || link == "Last") && t.page == t.pages()-1
	switch k := r.rng.IntN(100); {
	case k < 22:
		do("datatables: do click a header", []string{"do", "click " + r.said(col)}, t.sorted(col))
	case k < 36:
		ref := prefixRef(r.snapshot(), fmt.Sprintf("- columnheader \"%s ", col))
		if ref == "" {
			r.skip("datatables: columnheader " + col)
			return
		}
		do("datatables: pw click a header", []string{"pw", "click", ref}, t.sorted(col))
	case k < 44:
		ref := prefixRef(r.snapshot(), fmt.Sprintf("- button \"%s: ", col))
		if ref == "" {
			r.skip("datatables: the sort button of " + col)
			return
		}
		do("datatables: pw click a header's sort button", []string{"pw", "click", ref}, t.sorted(col))
	case k < 56:
		do("datatables: do fill Search", []string{"do", fmt.Sprintf("fill %s with %s", r.said("Search"), searched.search)}, searched)
	case k < 64:
		if ref := r.refOf("datatables: the search box", `searchbox "Search:"`); ref != "" {
			do("datatables: pw fill the search box", []string{"pw", "fill", ref, searched.search}, searched)
		}
	case k < 72:
		do("datatables: do select a page length", []string{"do", fmt.Sprintf("select %d from %s", resized.size, r.said("entries per page"))}, resized)
	case k < 78:
		if ref := r.refOf("datatables: the page length", `combobox "entries per page"`); ref != "" {
			do("datatables: pw select a page length", []string{"pw", "select", ref, strconv.Itoa(resized.size)}, resized)
		}
	case k < 90:
		if disabled {
			r.mustFail(b, "datatables: do click a disabled paging link", "click "+link, "not_actionable")
			return
		}
		do("datatables: do click a paging link", []string{"do", "click " + r.said(link)}, paged)
	case k < 95 && t.pages() > 1:
		p := r.rng.IntN(t.pages())
		ref := r.refOf("datatables: page link", fmt.Sprintf("link %q", strconv.Itoa(p+1)))
		if ref == "" {
			return
		}
		to := t
		to.page = p
		do("datatables: pw click a page number", []string{"pw", "click", ref}, to)
	default:
		r.mustFail(b, "datatables: do click a column it does not have", "click Salary", "not_found")
	}
}

// ---- TinyMCE ---------------------------------------------------------------------

var (
	zoo3bTinyRE = regexp.MustCompile(`^HTML: <(p|h[1-6]|pre|ul)>(?:<li>)?(.*?)(?:</li>)?</(?:p|h[1-6]|pre|ul)>$`)
	// The block menu's items and the tag each makes.
	zoo3bBlocks = map[string]string{"Paragraph": "p", "Heading 1": "h1", "Heading 2": "h2", "Heading 3": "h3", "Preformatted": "pre"}
)

func zoo3bTinyHTML(tag, text string) string {
	if tag == "ul" {
		return "HTML: <ul><li>" + text + "</li></ul>"
	}
	return "HTML: <" + tag + ">" + text + "</" + tag + ">"
}

func (r *zooRun) genTinyMCE(b zooProbe) {
	b, ok := r.ownProbe(b, zoo3bTinyProbe)
	if !ok {
		return
	}
	m := zoo3bTinyRE.FindStringSubmatch(b.S)
	if m == nil {
		r.st.note("unreadable tinymce status", b.S, 1)
		return
	}
	tag, text := m[1], m[2]
	r.values++
	fill := fmt.Sprintf("%s %d", pick(r, zooWords), r.values)
	// A fill replaces the text; the block it was in may stay.
	filled := []string{zoo3bTinyHTML("p", fill), zoo3bTinyHTML(tag, fill)}
	toggled := zoo3bTinyHTML(map[string]string{"p": "ul", "ul": "p"}[tag], text)
	var names []string
	for n, t := range zoo3bBlocks {
		if t != tag {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	block := pick(r, names)
	current := ""
	for n, t := range zoo3bBlocks {
		if t == tag {
			current = n
		}
	}
	switch k := r.rng.IntN(100); {
	case k < 12:
		r.gapDo(b, "tinymce: do fill Body", fmt.Sprintf("fill %s with %s", r.said("Body"), fill),
			gapOf("tinymce: do fill Body with Hello world."), filled...)
	case k < 36:
		if ref := r.refOf("tinymce: the Rich Text Area", `generic "Rich Text Area"`); ref != "" {
			r.act(b, "tinymce: pw fill the Rich Text Area", []string{"pw", "fill", ref, fill}, filled...)
		}
	case k < 50 && (tag == "p" || tag == "ul"):
		r.act(b, "tinymce: do click Bullet list", []string{"do", "click " + r.said("Bullet list")}, toggled)
	case k < 60 && (tag == "p" || tag == "ul"):
		if ref := r.refOf("tinymce: button Bullet list", `button "Bullet list"`); ref != "" {
			r.act(b, "tinymce: pw click Bullet list", []string{"pw", "click", ref}, toggled)
		}
	case k < 74 && current != "":
		// The block menu's button shows the block the caret is in.
		a := r.act(b, "tinymce: do click the block menu", []string{"do", "click " + current}, b.S)
		if !a.after.Open {
			return
		}
		if b, ok := r.then(a); ok {
			r.act(b, "tinymce: do click a block format", []string{"do", "click " + block}, zoo3bTinyHTML(zoo3bBlocks[block], text))
		}
	case k < 88 && current != "":
		w := prefixRef(r.snapshot(), `- button "Block `)
		if w == "" {
			r.skip("tinymce: the block menu button")
			return
		}
		a := r.act(b, "tinymce: pw click the block menu", []string{"pw", "click", w}, b.S)
		if !a.after.Open {
			return
		}
		b, ok := r.then(a)
		if !ok {
			return
		}
		if o := r.refOf("tinymce: menuitem "+block, fmt.Sprintf("menuitemcheckbox %q", block)); o != "" {
			r.act(b, "tinymce: pw click a block format ref", []string{"pw", "click", o}, zoo3bTinyHTML(zoo3bBlocks[block], text))
		}
	case k < 94:
		r.mustFail(b, "tinymce: do click a part of a word", "click Bullet lis", "not_found")
	default:
		r.mustFail(b, "tinymce: do fill a part of its name", "fill Bod with "+fill, "not_found")
	}
}

// ---- jQuery UI ---------------------------------------------------------------------

var (
	zoo3bLanguages = []string{"Java", "JavaScript", "Julia", "Python", "Perl"}
	zoo3bFolds     = []string{"Visas", "Luggage", "Insurance"}
	zoo3bJQUIRE    = regexp.MustCompile(`^Language: (\w+); arrival: ([\w-]+); open: (\w+)$`)
)

func (r *zooRun) genJQueryUI(b zooProbe) {
	b, ok := r.ownProbe(b, zoo3bJQUIProbe)
	if !ok {
		return
	}
	m := zoo3bJQUIRE.FindStringSubmatch(b.S)
	if m == nil {
		r.st.note("unreadable jqueryui status", b.S, 1)
		return
	}
	lang, arrival, open := m[1], m[2], m[3]
	st := func(l, a, o string) string { return "Language: " + l + "; arrival: " + a + "; open: " + o }
	fold := pick(r, zoo3bFolds)
	toggled := fold
	if open == fold {
		toggled = "none" // collapsible: the open one closes
	}
	switch k := r.rng.IntN(100); {
	case k < 30:
		x := pick(r, zoo3bLanguages)
		pfx := r.prefix(x)
		shown, hidden := zooMatches(zoo3bLanguages, pfx)
		// The language picked is in the status line: a click on it has a
		// target even when the menu holds none.
		hidden = slices.DeleteFunc(hidden, func(s string) bool { return s == lang })
		target := pick(r, shown)
		a := &zooAction{shape: "jqueryui: do fill Language with a prefix", args: []string{"do", fmt.Sprintf("fill %s with %s", r.said("Language"), pfx)},
			before: b, want: []string{b.S}, key: "field", keyTo: pfx}
		if r.pct(30) {
			// By ref.
			f := r.layoutRef("jqueryui: textbox Language", []string{`textbox "Language"`}, []string{"textbox"})
			if f == "" {
				return
			}
			a.shape, a.args = "jqueryui: pw fill Language with a prefix", []string{"pw", "fill", f, pfx}
		}
		r.exec(a)
		b, ok := r.then(a)
		if !ok || !b.Open {
			return
		}
		if len(hidden) > 0 && r.pct(15) {
			r.mustFail(b, "jqueryui: do click a language the prefix filtered out", "click "+pick(r, hidden), "not_found")
			return
		}
		if strings.HasPrefix(a.shape, "jqueryui: pw") {
			o := r.refOf("jqueryui: menu item "+target, fmt.Sprintf("menuitem %q", target), fmt.Sprintf("option %q", target), "generic: "+target, "listitem: "+target)
			if o != "" {
				r.exec(&zooAction{shape: "jqueryui: pw click a menu item ref", args: []string{"pw", "click", o}, before: b,
					want: []string{st(target, arrival, open)}, key: "field", keyTo: target})
			}
			return
		}
		r.exec(&zooAction{shape: "jqueryui: do click a language it lists", args: []string{"do", "click " + target}, before: b,
			want: []string{st(target, arrival, open)}, key: "field", keyTo: target})
	case k < 40:
		d := time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, r.rng.IntN(330)).Format("2006-01-02")
		r.gapDo(b, "jqueryui: do pick a date in Arrival", fmt.Sprintf("pick %s in %s", d, r.said("Arrival")),
			gapOf("jqueryui: do pick 2027-03-14 in Arrival"), st(lang, d, open))
	case k < 62:
		f := r.layoutRef("jqueryui: textbox Arrival", []string{`textbox "Arrival"`}, []string{`textbox "mm/dd/yyyy"`})
		if f == "" {
			return
		}
		a := r.act(b, "jqueryui: pw click the Arrival field", []string{"pw", "click", f}, b.S)
		if a.after.View == "" {
			return
		}
		b, ok := r.then(a)
		if !ok || b.View == "" {
			return
		}
		if r.pct(35) {
			// A month step, by its arrow's ref.
			dir := pick(r, []string{"Prev", "Next"})
			ref := r.refOf("jqueryui: "+dir, fmt.Sprintf("generic %q", dir), fmt.Sprintf("link %q", dir))
			if ref == "" {
				return
			}
			a = &zooAction{shape: "jqueryui: pw click a month arrow", args: []string{"pw", "click", ref}, before: b, want: []string{b.S}}
			r.exec(a)
			if b, ok = r.then(a); !ok || b.View == "" {
				return
			}
		}
		view, err := time.Parse("January 2006", b.View)
		if err != nil {
			r.st.note("unreadable jqueryui calendar month", b.View, 1)
			return
		}
		day := 1 + r.rng.IntN(28)
		if ref := r.refOf("jqueryui: a day", fmt.Sprintf("link %q", strconv.Itoa(day))); ref != "" {
			r.act(b, "jqueryui: pw click a day ref", []string{"pw", "click", ref}, st(lang, view.AddDate(0, 0, day-1).Format("2006-01-02"), open))
		}
	case k < 72:
		r.act(b, "jqueryui: do click a fold", []string{"do", "click " + r.said(fold)}, st(lang, arrival, toggled))
	case k < 80:
		if ref := r.refOf("jqueryui: tab "+fold, fmt.Sprintf("tab %q", fold)); ref != "" {
			r.act(b, "jqueryui: pw click a fold", []string{"pw", "click", ref}, st(lang, arrival, toggled))
		}
	case k < 86:
		r.act(b, "jqueryui: do expand a fold", []string{"do", "expand " + fold}, st(lang, arrival, fold))
	case k < 91:
		after := b.S
		if open == fold {
			after = st(lang, arrival, "none")
		}
		r.act(b, "jqueryui: do collapse a fold", []string{"do", "collapse " + fold}, after)
	case k < 96:
		r.mustFail(b, "jqueryui: do click a part of a word", "click "+fold[:len(fold)-1], "not_found")
	default:
		r.mustFail(b, "jqueryui: do fill a part of its name", "fill Langu with Ja", "not_found")
	}
}

// ---- SweetAlert2 -------------------------------------------------------------------

var (
	zoo3bPlans  = []string{"Basic", "Pro", "Team"}
	zoo3bSwalRE = regexp.MustCompile(`^Plan: (\w+); draft: (\w+); dialog: (.+)$`)
)

func (r *zooRun) genSweetAlert(b zooProbe) {
	b, ok := r.ownProbe(b, zoo3bSwalProbe)
	if !ok {
		return
	}
	m := zoo3bSwalRE.FindStringSubmatch(b.S)
	if m == nil {
		r.st.note("unreadable sweetalert2 status", b.S, 1)
		return
	}
	plan, draft, dialog := m[1], m[2], m[3]
	st := func(p, d, g string) string { return "Plan: " + p + "; draft: " + d + "; dialog: " + g }
	for i := 0; i < 3 && r.more(); i++ {
		var a *zooAction
		switch dialog {
		case "closed":
			switch k := r.rng.IntN(100); {
			case k < 30:
				a = r.act(b, "sweetalert2: do click Delete draft", []string{"do", "click " + r.said("Delete draft")}, st(plan, draft, "Delete the draft?"))
			case k < 45:
				if ref := r.refOf("sweetalert2: button Delete draft", `button "Delete draft"`); ref != "" {
					a = r.act(b, "sweetalert2: pw click Delete draft", []string{"pw", "click", ref}, st(plan, draft, "Delete the draft?"))
				}
			case k < 70:
				// The plan button: named by its label when tied, by its text beside.
				if ref := r.layoutRef("sweetalert2: the plan button", []string{`button "Plan"`}, []string{`button "Choose…"`}); ref != "" {
					a = r.act(b, "sweetalert2: pw click the plan button", []string{"pw", "click", ref}, st(plan, draft, "Choose a plan"))
				}
			case k < 85:
				a = r.act(b, "sweetalert2: do click the plan button by its text", []string{"do", "click Choose…"}, st(plan, draft, "Choose a plan"))
			case k < 93:
				r.mustFail(b, "sweetalert2: do click a part of a word", "click Delete dra", "not_found")
			default:
				r.mustFail(b, "sweetalert2: do click a button it does not have", "click Publish", "not_found")
			}
		case "Delete the draft?":
			switch k := r.rng.IntN(100); {
			case k < 35:
				a = r.act(b, "sweetalert2: do click Yes, delete it", []string{"do", "click " + r.said("Yes, delete it")}, st(plan, "deleted", "closed"))
			case k < 50:
				if ref := r.refOf("sweetalert2: button Yes, delete it", `button "Yes, delete it"`); ref != "" {
					a = r.act(b, "sweetalert2: pw click Yes, delete it", []string{"pw", "click", ref}, st(plan, "deleted", "closed"))
				}
			case k < 70:
				a = r.act(b, "sweetalert2: do click Cancel", []string{"do", "click " + r.said("Cancel")}, st(plan, draft, "closed"))
			case k < 85:
				a = r.act(b, "sweetalert2: do press Escape", []string{"do", "press Escape"}, st(plan, draft, "closed"))
			default:
				if ref := r.refOf("sweetalert2: button Cancel", `button "Cancel"`); ref != "" {
					a = r.act(b, "sweetalert2: pw click Cancel", []string{"pw", "click", ref}, st(plan, draft, "closed"))
				}
			}
		case "Choose a plan":
			chosen := map[string]string{"basic": "Basic", "pro": "Pro", "team": "Team"}[b.Field]
			x := pick(r, zoo3bPlans)
			switch k := r.rng.IntN(100); {
			case k < 30:
				a = &zooAction{shape: "sweetalert2: do select a plan in the dialog", args: []string{"do", fmt.Sprintf("select %s from %s", x, r.said("Plan"))},
					before: b, want: []string{b.S}, key: "field", keyTo: strings.ToLower(x)}
				r.exec(a)
			case k < 45:
				if ref := r.refOf("sweetalert2: the dialog's select", `combobox "Plan"`); ref != "" {
					a = &zooAction{shape: "sweetalert2: pw select a plan in the dialog", args: []string{"pw", "select", ref, x},
						before: b, want: []string{b.S}, key: "field", keyTo: strings.ToLower(x)}
					r.exec(a)
				}
			case k < 65 && chosen != "":
				a = r.act(b, "sweetalert2: do click OK", []string{"do", "click OK"}, st(chosen, draft, "closed"))
			case k < 78 && chosen != "":
				if ref := r.refOf("sweetalert2: button OK", `button "OK"`); ref != "" {
					a = r.act(b, "sweetalert2: pw click OK", []string{"pw", "click", ref}, st(chosen, draft, "closed"))
				}
			case k < 90:
				a = r.act(b, "sweetalert2: do click Cancel in the plan dialog", []string{"do", "click " + r.said("Cancel")}, st(plan, draft, "closed"))
			default:
				r.mustFail(b, "sweetalert2: do select a plan it does not have", "select Gold from Plan", "not_found")
			}
		default:
			r.st.note("unreadable sweetalert2 dialog", b.S, 1)
			return
		}
		if b, ok = r.then(a); !ok {
			return
		}
		if m = zoo3bSwalRE.FindStringSubmatch(b.S); m == nil {
			return
		}
		plan, draft, dialog = m[1], m[2], m[3]
		if dialog == "closed" && r.pct(50) {
			return
		}
	}
}

// ---- intl-tel-input ----------------------------------------------------------------

// zoo3bPhone is a country intl-tel-input offers: its name, dial code, a
// number as the field formats it (its placeholder), and that number as
// getNumber gives it.
type zoo3bPhone struct{ iso, name, dial, local, e164 string }

var zoo3bPhones = []zoo3bPhone{
	{"gb", "United Kingdom", "+44", "7400 123456", "+447400123456"},
	{"fr", "France", "+33", "6 12 34 56 78", "+33612345678"},
	{"de", "Germany", "+49", "1512 3456789", "+4915123456789"},
	{"it", "Italy", "+39", "312 345 6789", "+393123456789"},
	{"es", "Spain", "+34", "612 34 56 78", "+34612345678"},
	{"us", "United States", "+1", "201-555-0123", "+12015550123"},
}

var zoo3bTelRE = regexp.MustCompile(`^Country: (\w+); number: (.+)$`)

func (r *zooRun) genIntlTel(b zooProbe) {
	b, ok := r.ownProbe(b, zoo3bTelProbe)
	if !ok {
		return
	}
	m := zoo3bTelRE.FindStringSubmatch(b.S)
	if m == nil {
		r.st.note("unreadable intltel status", b.S, 1)
		return
	}
	iso, number := m[1], m[2]
	var cur zoo3bPhone
	for _, p := range zoo3bPhones {
		if p.iso == iso {
			cur = p
		}
	}
	if cur.iso == "" {
		r.st.note("unreadable intltel country", b.S, 1)
		return
	}
	st := func(iso, n string) string { return "Country: " + iso + "; number: " + n }
	to := pick(r, zoo3bPhones)
	// A country picked: the list closes. A country is changed only with
	// the field empty (a number kept is read in the new country's plan).
	pickCountry := func(b zooProbe, how string) {
		want := st(to.iso, number)
		switch how {
		case "do":
			r.act(b, "intltel: do click a country in the open list", []string{"do", "click " + r.said(to.name)}, want)
		case "search":
			a := &zooAction{shape: "intltel: do fill the country search", args: []string{"do", "fill Search with " + to.name[:3]}, before: b, want: []string{b.S}}
			r.exec(a)
			if b, ok := r.then(a); ok {
				r.act(b, "intltel: do click the country it found", []string{"do", "click " + to.name}, want)
			}
		default:
			if ref := r.refOf("intltel: option "+to.name, fmt.Sprintf("option %q", to.name+" ("+to.dial+")")); ref != "" {
				r.act(b, "intltel: pw click a country option ref", []string{"pw", "click", ref}, want)
			}
		}
	}
	how := pick(r, []string{"do", "search", "pw"})
	if b.Open {
		if number == "none" {
			pickCountry(b, how)
		} else {
			r.act(b, "intltel: do press Escape on the list", []string{"do", "press Escape"}, b.S)
		}
		return
	}
	switch k := r.rng.IntN(100); {
	case k < 22 && number == "none":
		a := r.act(b, "intltel: do click the dial code", []string{"do", "click " + cur.dial}, b.S)
		if !a.after.Open {
			return
		}
		if b, ok := r.then(a); ok {
			pickCountry(b, how)
		}
	case k < 40 && number == "none":
		ref := prefixRef(r.snapshot(), `- button "Change country for phone number`)
		if ref == "" {
			r.skip("intltel: the country button")
			return
		}
		a := r.act(b, "intltel: pw click the country button", []string{"pw", "click", ref}, b.S)
		if !a.after.Open {
			return
		}
		if b, ok := r.then(a); ok {
			pickCountry(b, how)
		}
	case k < 80:
		// Beside, the field is named by its placeholder, the country's example.
		f := r.layoutRef("intltel: textbox Phone", []string{`textbox "Phone"`}, []string{fmt.Sprintf("textbox %q", cur.local)})
		if f == "" {
			return
		}
		r.exec(&zooAction{shape: "intltel: pw fill the phone field", args: []string{"pw", "fill", f, cur.local},
			before: b, want: []string{st(iso, cur.e164)}, key: "field", keyTo: cur.local})
	case k < 88 && number != "none":
		f := r.layoutRef("intltel: textbox Phone", []string{`textbox "Phone"`}, []string{fmt.Sprintf("textbox %q", cur.local)})
		if f == "" {
			return
		}
		r.exec(&zooAction{shape: "intltel: pw fill the phone field empty", args: []string{"pw", "fill", f, ""},
			before: b, want: []string{st(iso, "none")}, key: "field", keyTo: ""})
	case k < 94:
		r.mustFail(b, "intltel: do fill a part of its name", "fill Phon with "+cur.local, "not_found")
	default:
		r.mustFail(b, "intltel: do click a country not in the list", "click Norway", "not_found")
	}
}

// ---- Virtual Select -----------------------------------------------------------------

func (r *zooRun) genVirtualSelect(b zooProbe) {
	b, ok := r.ownProbe(b, zoo3bSeatProbe)
	if !ok {
		return
	}
	cur, ok := strings.CutPrefix(b.S, "Seat: ")
	if !ok {
		r.st.note("unreadable virtualselect status", b.S, 1)
		return
	}
	st := func(n int) string { return "Seat: " + strconv.Itoa(n) }
	// A seat other than the one picked: one of the first ten, in view
	// when the list opens unscrolled, or one far below.
	near := 1 + r.rng.IntN(10)
	far := 100 + r.rng.IntN(200)
	if strconv.Itoa(near) == cur {
		near = near%10 + 1
	}
	if strconv.Itoa(far) == cur {
		far++
	}
	// The widget shows the seat picked, or its placeholder.
	shown := "Pick a seat"
	if cur != "none" {
		shown = "Seat " + cur
	}
	// An option it shows, other than the one picked.
	optionRefs := func() (refs []string, seats []int) {
		for _, l := range strings.Split(r.snapshot(), "\n") {
			l = strings.TrimSpace(l)
			var n int
			if mm := refRE.FindStringSubmatch(l); mm != nil && strings.HasPrefix(l, `- option "Seat `) {
				if _, err := fmt.Sscanf(strings.TrimPrefix(l, `- option "Seat `), "%d", &n); err == nil && strconv.Itoa(n) != cur {
					refs, seats = append(refs, mm[1]), append(seats, n)
				}
			}
		}
		return refs, seats
	}
	search := func(b zooProbe) {
		n := far
		if r.pct(30) {
			n = near
		}
		s := &zooAction{shape: "virtualselect: do fill its search", args: []string{"do", fmt.Sprintf("fill Search with %d", n)}, before: b,
			want: []string{b.S}, key: "field", keyTo: strconv.Itoa(n)}
		r.exec(s)
		if b, ok := r.then(s); ok {
			r.act(b, "virtualselect: do click the seat it found", []string{"do", fmt.Sprintf("click Seat %d", n)}, st(n))
		}
	}
	// No shape closes the list once a seat is picked, by a pick or
	// otherwise (a prima defect: the Changes of that close say the
	// widget's shown text or its clear button went, which stay).
	if b.Open && cur != "none" {
		r.mustFail(b, "virtualselect: do select from a part of its name", fmt.Sprintf("select Seat %d from Sea", near), "not_found")
		return
	}
	if b.Open {
		// Left open (a gap's failure opens it): a pick in it.
		if r.pct(50) {
			search(b)
			return
		}
		refs, seats := optionRefs()
		if len(refs) == 0 {
			r.skip("virtualselect: an option in the open list")
			return
		}
		i := r.rng.IntN(len(refs))
		r.act(b, "virtualselect: pw click an option ref", []string{"pw", "click", refs[i]}, st(seats[i]))
		return
	}
	switch k := r.rng.IntN(100); {
	case k < 10:
		r.gapDo(b, "virtualselect: do select a seat in view", fmt.Sprintf("select Seat %d from %s", near, r.said("Seat")),
			gapOf("virtualselect: do select Seat 7 from Seat"), st(near))
	case k < 18:
		r.gapDo(b, "virtualselect: do select a seat out of view", fmt.Sprintf("select Seat %d from %s", far, r.said("Seat")),
			gapOf("virtualselect: do select Seat 250 from Seat"), st(far))
	case k < 45 && cur == "none":
		w := r.layoutRef("virtualselect: the combobox", []string{`combobox "Seat"`}, []string{`combobox "Options list"`})
		if w == "" {
			return
		}
		a := r.act(b, "virtualselect: pw click the combobox", []string{"pw", "click", w}, b.S)
		if !a.after.Open {
			return
		}
		b, ok := r.then(a)
		if !ok {
			return
		}
		refs, seats := optionRefs()
		if len(refs) == 0 {
			r.skip("virtualselect: an option in the open list")
			return
		}
		i := r.rng.IntN(len(refs))
		r.act(b, "virtualselect: pw click an option ref", []string{"pw", "click", refs[i]}, st(seats[i]))
	case k < 75 && cur == "none":
		a := r.act(b, "virtualselect: do click the widget by what it shows", []string{"do", "click " + shown}, b.S)
		if !a.after.Open {
			return
		}
		if b, ok := r.then(a); ok {
			search(b)
		}
	case k < 85:
		if ref := r.refOf("virtualselect: the combobox", `combobox "Seat"`, `combobox "Options list"`); ref != "" {
			// Playwright's fill on the widget: a div, no field.
			r.exec(&zooAction{shape: "virtualselect: pw fill the widget", args: []string{"pw", "fill", ref, "7"}, before: b, want: []string{b.S}, fail: "not_actionable"})
		}
	default:
		r.mustFail(b, "virtualselect: do select from a part of its name", fmt.Sprintf("select Seat %d from Sea", near), "not_found")
	}
}

// ---- Tippy.js -------------------------------------------------------------------------

var zoo3bTippyRE = regexp.MustCompile(`^Menu: (open|closed); last: (\w+)$`)

func (r *zooRun) genTippy(b zooProbe) {
	m := zoo3bTippyRE.FindStringSubmatch(b.S)
	if m == nil {
		r.st.note("unreadable tippy status", b.S, 1)
		return
	}
	last := m[2]
	st := func(menu, l string) string { return "Menu: " + menu + "; last: " + l }
	item := pick(r, []string{"Rename", "Archive"})
	// The button's name: its label's when tied, its text beside.
	name := "Actions"
	if r.page != nil && r.page.beside() {
		name = "⋯"
	}
	var a *zooAction
	byHover := false
	if m[1] == "closed" {
		switch k := r.rng.IntN(100); {
		case k < 40:
			if ref := r.refOf("tippy: the actions button", fmt.Sprintf("button %q", name)); ref != "" {
				a, byHover = r.act(b, "tippy: pw hover the actions button", []string{"pw", "hover", ref}, st("open", last)), true
			}
		case k < 55:
			a, byHover = r.act(b, "tippy: pw a Playwright line's hover", []string{"pw", fmt.Sprintf("page.getByRole('button', { name: '%s' }).hover()", name)}, st("open", last)), true
		case k < 75:
			// A click focuses it: the menu shows on focus too.
			if ref := r.refOf("tippy: the actions button", fmt.Sprintf("button %q", name)); ref != "" {
				a = r.act(b, "tippy: pw click the actions button", []string{"pw", "click", ref}, st("open", last))
			}
		case k < 90:
			// The menu is not shown: its items are nowhere, but the status
			// line may hold the word (rule 10).
			r.exec(&zooAction{shape: "tippy: do click a menu item, menu closed", args: []string{"do", "click " + item}, before: b,
				want: []string{b.S}, fail: "not_found", unproven: true})
			return
		default:
			r.mustFail(b, "tippy: do click a part of a word", "click Renam", "not_found")
			return
		}
		if b, _ = r.then(a); b.S == "" {
			return
		}
	}
	if !strings.HasPrefix(b.S, "Menu: open") {
		return
	}
	switch k := r.rng.IntN(100); {
	case k < 40:
		r.act(b, "tippy: do click a menu item", []string{"do", "click " + r.said(item)}, st("closed", item))
	case k < 70:
		if ref := r.refOf("tippy: button "+item, fmt.Sprintf("button %q", item)); ref != "" {
			r.act(b, "tippy: pw click a menu item ref", []string{"pw", "click", ref}, st("closed", item))
		}
	case k < 85 && byHover:
		r.act(b, "tippy: do hover away", []string{"do", "hover over report.pdf"}, st("closed", last))
	default:
		r.mustFail(b, "tippy: do click a menu item it does not have", "click Delete", "not_found")
	}
}
