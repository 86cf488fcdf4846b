//go:build reliability

package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prima-dev/prima/envelope"
)

// TestReliabilityZoo is the reliability suite's widget-zoo run: a
// randomized chain of RELIABILITY_ZOO_ACTIONS (default 300) actions over
// the zoo's pages, the widgets of real npm component libraries (see
// fixtures/zoo.go), with each page's status line as the oracle: the
// widget's state read through the library's own API, never through
// prima. RELIABILITY_SEED (default 1) seeds it, RELIABILITY_ZOO_BUDGET
// (default 10m) bounds it, RELIABILITY_ZOO_TRACE=1 prints one line per
// action.
//
// The chain visits a page (an uncounted `go`, then waits for the page's
// first status line), does 3 to 8 of that page's shapes there, and moves
// on. The shapes:
//
//   - a custom select (/zoo/choices, Choices.js): `do "select X from
//     Colour"`, X one of its options or (a quarter of the time) one it does
//     not hold, a part of a word or an extra word, which must fail
//     not_found; and by refs, a click on the widget and one on an option
//     of the list it opened;
//   - two autocompletes: Tom Select's City (/zoo/tomselect) with `do
//     "select X from City"` too, and autoComplete.js's Fruit
//     (/zoo/autocomplete): a prefix filled, then a click on an option it
//     shows, by `do` ("fill City with Be", "click Berlin"), in one `do`
//     with both, and by refs (`pw fill`, then `pw click` on the ref its
//     ### New refs list); now and then a click on an option the prefix
//     filtered out, which must fail not_found. Veggie, on the same page, is
//     wired to take its first match whatever was clicked: a click on
//     another item must fail value_mismatch (its field is the oracle
//     there);
//   - two boards: `pw drag` of a random card onto a random card or list,
//     and `do "drag X to Y"` (/zoo/sortable, SortableJS's pointer drag, and
//     /zoo/dragula, mouse events): the card must end up next to the card
//     it was dropped on (before or after it), or anywhere in the list it
//     was dropped on, every other card in its order;
//   - a grid sort (/zoo/tabulator): a click on a random column header by
//     ref or by `do`; the sort toggles as Tabulator's does, and the Changes
//     must never say a header was removed (it is still there);
//   - shadow DOM (/zoo/shoelace): `do "select X from Size"` (or one it does
//     not hold), `do "check|uncheck Gift wrap"`, `pw click` on the
//     checkbox's label refs, and on the combobox then on an option ref its
//     click listed;
//   - and a div slider (/zoo/slider, keys by ref and by `do`; a fill must
//     fail not_actionable), a rich-text editor (/zoo/quill) and a
//     CodeMirror JSON editor (/zoo/jsoneditor), filled by ref and by `do`.
//
// Each action's expectation is computed from the page's state read just
// before it (`prima eval` of the status line, the autocompletes' fields and
// whether a widget's list is open) and the action: the status lines a hit
// may leave (a drag has several), the field value a fill leaves, or the
// failure the rules say. The state is read again after it (for up to 3 s
// when it is not yet what an ok claims, and once more 0.4 s later when a
// failure left it as it was), and once more before the next action: a
// change that came later is the earlier action's, which is judged again.
// The classes:
//
//   - hit: exit 0, ok: true, and the page shows what was asked;
//   - honest failure: exit 1, ok: false with a ### Failure, and the status
//     (and the field acted on) as it was; or, where a rule says the action
//     fails after it ran (Veggie's swap), the page as that rule says; or,
//     in a two-step `do` whose second step failed, the page as its first
//     step left it;
//   - wrong hit: ok: true where the page does not show what was asked, or
//     where the rules say it fails (an option the widget does not hold);
//     a failure after which the page shows something else than before or
//     than asked; a grid sort whose Changes say a header was removed;
//     anything but exit 0 or an ok:false envelope with a Failure;
//   - false failure: ok: false, but the page shows the action happened as
//     asked (an orchestrator that trusts it acts twice);
//   - false `no change`: ok: true, the page changed (status, field, a list
//     opened or closed), and ### Changes says `no change` (or only the
//     page's own), or a one-step `do` says `unproven — no observed change`
//     (in a two-step `do`, its last step while the status changed), as the
//     truth suite counts a `do` step;
//   - removed but present: an otherwise hit or honest failure whose
//     ### Changes list as removed an element the page still shows as often
//     as if it had not been removed (checkRemoved: the role and exact name
//     counted in a snapshot taken right before the action and one after,
//     taken only when the Changes remove something).
//
// The run fails on any wrong hit, false failure, false `no change` or
// removed but present, printing the first 10 with the command, the
// envelope and the state before and after, and repeating the first in its
// last line (CI keeps a log's tail). Failures with another code than the
// rules say, and failures of actions on targets the page holds, are listed
// (not counted as wrong). A control at the end shows the oracle catches
// what it is there for: a Choices value set behind the widget's back
// (`prima eval` on its hidden <select>) judged as `select Red from Colour`
// must be a wrong hit, and a real select whose envelope is forged to ok:
// false, or to `no change`, or to a removed column header, or to a removed
// heading the page still shows, must be caught as such.
func TestReliabilityZoo(t *testing.T) {
	seed := envInt("RELIABILITY_SEED", 1)
	want := envInt("RELIABILITY_ZOO_ACTIONS", 300)
	// The budget is a hang guard, not a speed bound: the suite is about
	// its actions' truth, and on a loaded 2-CPU machine, beside the other
	// suites, its actions have taken most of 15 minutes. It stays under
	// scripts/e2e's 30-minute guard.
	budget := 20 * time.Minute
	if d, err := time.ParseDuration(os.Getenv("RELIABILITY_ZOO_BUDGET")); err == nil {
		budget = d
	}
	r := &zooRun{
		t: t, h: newHarness(t), seed: seed, want: want, budget: budget,
		rng:   rand.New(rand.NewPCG(uint64(seed), 0x7a6f6f)),
		trace: os.Getenv("RELIABILITY_ZOO_TRACE") == "1",
	}
	r.h.primaOK("browser", "open", app.URL+"/zoo/choices")
	r.chain()
	r.finish(r.controls)
}

// chain runs the randomized chain until it has its actions or its time.
func (r *zooRun) chain() {
	r.start = time.Now()
	for r.more() {
		r.visit()
	}
	r.closePrev()
	if time.Since(r.start) > r.budget {
		r.t.Logf("time budget %s spent after %d actions", r.budget, r.st.actions)
	}
}

// finish logs the run's summary, runs the oracle's controls, and fails
// the test on any wrong answer, printing the first 10 and repeating the
// first in its last line (CI keeps a log's tail).
func (r *zooRun) finish(controls func()) {
	t, seed, want := r.t, r.seed, r.want
	took := time.Since(r.start).Round(time.Second)
	r.summary(took)
	st := &r.st
	if r.fatal != "" || st.wrong > 0 || st.ff > 0 || st.fnc > 0 || st.rbp > 0 {
		b, _ := os.ReadFile(r.h.home + "/daemon.log")
		t.Logf("daemon.log (last 4000 bytes):\n%s", tail(b, 4000))
	}
	bad := r.badList()
	for i, a := range bad {
		if i == 10 {
			t.Logf("... and %d more", len(bad)-10)
			break
		}
		t.Errorf("%s #%d of %d (%s): %s\n%s", a.class, i+1, len(bad), a.why, a.line(), a.res)
	}
	if r.fatal != "" {
		t.Fatalf("seed %d: %s", seed, r.fatal)
	}
	controls()
	if st.wrong > 0 {
		t.Errorf("seed %d: %d wrong hits out of %d actions", seed, st.wrong, st.actions)
	}
	if st.ff > 0 {
		t.Errorf("seed %d: %d false failures out of %d actions: the page shows the action happened and prima answered ok: false", seed, st.ff, st.actions)
	}
	if st.fnc > 0 {
		t.Errorf("seed %d: %d false `no change` out of %d actions: the page changed and prima said it did not", seed, st.fnc, st.actions)
	}
	if st.rbp > 0 {
		t.Errorf("seed %d: %d removed but present out of %d actions: the Changes said an element was removed that the page still shows", seed, st.rbp, st.actions)
	}
	if st.actions < want {
		t.Errorf("seed %d: only %d actions in %s, want at least %d", seed, st.actions, r.budget, want)
	}
	if len(bad) > 0 {
		a := bad[0]
		t.Errorf("seed %d: first: %s (%s): %s; envelope: %s", seed, a.class, a.why, a.line(), zooCompact(a.res))
	}
}

// ---- the oracle: the page's state, read through prima eval -----------------

// zooProbe is a zoo page's state as its widgets show it: the status line,
// the autocompletes' fields, and whether a widget's list is open.
type zooProbe struct {
	S     string `json:"s"`
	City  string `json:"city"`
	Fruit string `json:"fruit"`
	Veg   string `json:"veg"`
	// Field is a zoo3 page's own field (Tagify's typed text, Awesomplete's
	// input, htmx's count), View the month an open date picker shows.
	Field string `json:"field"`
	View  string `json:"view"`
	Open  bool   `json:"open"`
}

const zooProbeJS = `(() => { const v = s => { const e = document.querySelector(s); return e ? e.value : null; };` +
	` const st = document.getElementById('state'); const sz = document.querySelector('sl-select');` +
	` const open = !!(document.querySelector('.choices.is-open') || (window.ts && window.ts.isOpen) || (window.ac && window.ac.isOpen) || (window.veg && window.veg.isOpen) || (sz && sz.open));` +
	` return JSON.stringify({s: st ? st.textContent : null, city: v('#city-ts-control'), fruit: v('#fruit'), veg: v('#veg'), open: open}); })()`

func (p zooProbe) field(key string) string {
	switch key {
	case "city":
		return p.City
	case "fruit":
		return p.Fruit
	case "veg":
		return p.Veg
	case "field":
		return p.Field
	}
	return ""
}

func (p zooProbe) String() string {
	s := strconv.Quote(p.S)
	for _, kv := range [][2]string{{"city", p.City}, {"fruit", p.Fruit}, {"veg", p.Veg}, {"field", p.Field}, {"view", p.View}} {
		if kv[1] != "" {
			s += fmt.Sprintf(", %s %q", kv[0], kv[1])
		}
	}
	if p.Open {
		s += ", a list open"
	}
	return s
}

// ---- the run ----------------------------------------------------------------

type zooRun struct {
	t      *testing.T
	h      *harness
	seed   int
	want   int
	budget time.Duration
	start  time.Time
	rng    *rand.Rand
	trace  bool
	fatal  string

	page   *zooPage
	cur    zooProbe   // the page's state as last read
	prev   *zooAction // the last action, until the next one's state is read
	bad    map[*zooAction]bool
	st     zooStats
	fails  int // failed go, probe and snapshot commands in a row
	values int
	seen   string // the Changes of the last state read

	pages   []*zooPage // the pages visited (zooPages when nil)
	deck    bool       // visit the pages in shuffled rounds, each once a round
	round   []*zooPage // what is left of this round
	probeJS string     // how the page arrived at is read
	snap    string     // the snapshot taken since the page's state was last read before an action ("" none)
}

const (
	classFalseNoChange = "false no change"
	// classRemovedPresent: the Changes list as removed an element the page
	// still shows as often as if it had not been removed.
	classRemovedPresent = "removed-but-present"
)

type zooAction struct {
	n      int
	shape  string
	args   []string
	before zooProbe
	want   []string // the status lines a hit may leave
	key    string   // a field the action sets: city, fruit or veg ("" none)
	keyTo  string   // what that field must hold after it
	fail   string   // the code the rules say the action fails with ("" none)
	// unproven: the rules may also match the words to another element
	// (rule 10: whole words, when exactly one element's text holds them);
	// an ok whose step says unproven, the page as it was, is honest.
	unproven bool
	grid     bool // a grid sort: the Changes must not say a header was removed
	// A do whose first step sets a field: a failure of a later step may
	// leave the status as it was and that field as the first step set it.
	partKey, partTo string

	gap string // a thing prima cannot do yet: an honest failure is expected

	page       *zooPage
	snapBefore string   // the page with refs right before the action
	present    []string // Changes' removed entries the page still shows, with counts

	res   result
	after zooProbe
	class string
	why   string
	late  bool
}

func (r *zooRun) pct(p int) bool { return r.rng.IntN(100) < p }

func (r *zooRun) more() bool {
	return r.fatal == "" && r.st.actions < r.want && time.Since(r.start) < r.budget
}

func pick[T any](r *zooRun, xs []T) T { return xs[r.rng.IntN(len(xs))] }

// zooPage is a page of the zoo, the status line it shows when ready, and
// its shapes; lib and layout name it in a per-library table, probe reads
// its state (zooProbeJS when "").
type zooPage struct {
	path, initial string
	weight        int
	gen           func(r *zooRun, b zooProbe)
	lib, layout   string
	probe         string
}

var zooPages = []*zooPage{
	{path: "/zoo/choices", initial: "Chosen: nothing", weight: 3, gen: (*zooRun).genChoices},
	{path: "/zoo/tomselect", initial: "City: none", weight: 3, gen: (*zooRun).genTomSelect},
	{path: "/zoo/autocomplete", initial: "Picked: nothing", weight: 3, gen: (*zooRun).genAutocomplete},
	{path: "/zoo/sortable", initial: "To do: a b c; Done: d", weight: 2, gen: (*zooRun).genSortable},
	{path: "/zoo/dragula", initial: "Mine: dishes laundry plants; Yours: bins", weight: 2, gen: (*zooRun).genDragula},
	{path: "/zoo/tabulator", initial: "Unsorted", weight: 2, gen: (*zooRun).genTabulator},
	{path: "/zoo/shoelace", initial: "Size: none; Gift wrap: no", weight: 3, gen: (*zooRun).genShoelace},
	{path: "/zoo/slider", initial: "Volume: 50", weight: 1, gen: (*zooRun).genSlider},
	{path: "/zoo/quill", initial: "Text: Call the printer", weight: 1, gen: (*zooRun).genQuill},
	{path: "/zoo/jsoneditor", initial: `JSON: {"name":"prima"}`, weight: 1, gen: (*zooRun).genJSON},
}

// beside: the page's labels are text beside its widgets, tied to none.
func (pg *zooPage) beside() bool { return strings.HasSuffix(pg.path, "-beside") }

// name is the page's library and layout, for the per-library table.
func (pg *zooPage) name() (lib, layout string) {
	lib, layout = pg.lib, pg.layout
	if lib == "" {
		lib = strings.TrimSuffix(strings.TrimPrefix(pg.path, "/zoo/"), "-beside")
	}
	if layout == "" {
		layout = "tied"
		if pg.beside() {
			layout = "beside"
		}
	}
	return lib, layout
}

// besideRef is the ref of a widget by its name on a tied page, or by
// what the beside layout shows of it (zoo3Ref's targets: `role "name"`,
// `role: text`, or a bare role for the first unnamed one).
func (r *zooRun) besideRef(snap, role, name string, beside ...string) string {
	if r.page != nil && r.page.beside() && len(beside) > 0 {
		return zoo3Ref(snap, beside...)
	}
	return zooRef(snap, role, name)
}

// visit goes to a page and does a few of its shapes there.
func (r *zooRun) visit() {
	pg := r.next()
	if !r.arrive(pg) {
		return
	}
	n := 3 + r.rng.IntN(6)
	if r.deck {
		// Shorter visits, so that a round of every page fits a default run.
		n = 3 + r.rng.IntN(4)
	}
	for i := 0; i < n && r.more(); i++ {
		b, ok := r.ready()
		if !ok {
			return
		}
		pg.gen(r, b)
	}
}

// next is the page to visit: drawn by weight, or, for a deck, the next of
// a shuffled round of every page (so that a short run still sees each).
func (r *zooRun) next() *zooPage {
	pages := r.pages
	if pages == nil {
		pages = zooPages
	}
	if r.deck {
		if len(r.round) == 0 {
			r.round = slices.Clone(pages)
			r.rng.Shuffle(len(r.round), func(i, j int) { r.round[i], r.round[j] = r.round[j], r.round[i] })
		}
		pg := r.round[0]
		r.round = r.round[1:]
		return pg
	}
	total := 0
	for _, p := range pages {
		total += p.weight
	}
	k := r.rng.IntN(total)
	pg := pages[0]
	for _, p := range pages {
		if k < p.weight {
			pg = p
			break
		}
		k -= p.weight
	}
	return pg
}

// arrive loads pg and waits for its first status line.
func (r *zooRun) arrive(pg *zooPage) bool {
	r.closePrev()
	r.page, r.snap, r.probeJS = nil, "", pg.probe
	res := r.h.run(60*time.Second, nil, primaBin, "go", app.URL+pg.path, "--timeout", "20s")
	r.st.visits++
	if res.code != 0 {
		r.failed(fmt.Sprintf("prima go %s: %s", pg.path, res))
		return false
	}
	deadline := time.Now().Add(15 * time.Second)
	for {
		p, ok := r.probe()
		if !ok {
			return false
		}
		if p.S == pg.initial {
			r.page, r.cur, r.fails = pg, p, 0
			return true
		}
		if time.Now().After(deadline) {
			r.failed(fmt.Sprintf("%s: the status line reads %s, not %q, 15 s after the go", pg.path, p, pg.initial))
			return false
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// failed counts a failed uncounted command; fatal when they keep failing.
func (r *zooRun) failed(what string) {
	r.fails++
	r.st.setupFailures++
	r.t.Logf("%s", what)
	if r.fails > 8 {
		r.fatal = "the zoo's pages keep failing to load or be read; last: " + what
	}
}

// probe reads the page's state.
func (r *zooRun) probe() (zooProbe, bool) {
	for try := 0; try < 4; try++ {
		js := zooProbeJS
		if r.probeJS != "" {
			js = r.probeJS
		}
		res := r.h.run(30*time.Second, nil, primaBin, "eval", js, "--timeout", "10s")
		r.st.probes++
		r.st.tProbe += res.took
		if res.code == 0 {
			var s string
			var p zooProbe
			if json.Unmarshal([]byte(strings.TrimSpace(section(res.out, "Answer"))), &s) == nil && json.Unmarshal([]byte(s), &p) == nil {
				r.fails = 0
				r.seen = section(res.out, "Changes")
				return p, true
			}
		}
		r.failed("prima eval of the page's state: " + res.String())
		if r.fatal != "" {
			return zooProbe{}, false
		}
		time.Sleep(300 * time.Millisecond)
	}
	return zooProbe{}, false
}

// ready reads the page's state before an action; a change since the last
// action's state was read is that action's, judged again.
func (r *zooRun) ready() (zooProbe, bool) {
	p, ok := r.probe()
	if !ok {
		return p, false
	}
	if a := r.prev; a != nil && p != a.after {
		r.rejudge(a, p)
	}
	r.cur, r.snap = p, ""
	return p, true
}

// closePrev reads the state once more after the last action, before the
// page is left.
func (r *zooRun) closePrev() {
	if r.prev == nil || r.page == nil {
		return
	}
	time.Sleep(200 * time.Millisecond)
	r.ready()
	r.prev = nil
}

func (r *zooRun) rejudge(a *zooAction, p zooProbe) {
	r.st.count(a, -1)
	a.after, a.late = p, true
	r.classify(a)
	r.st.count(a, +1)
	r.st.late++
	r.track(a)
	if r.trace {
		r.t.Logf("   #%d judged again on a later state %s: %s %s", a.n, p, a.class, a.why)
	}
}

// snapshot takes a snapshot for refs ("" when it failed).
func (r *zooRun) snapshot() string {
	res := r.h.run(60*time.Second, nil, primaBin, "snapshot")
	r.st.snaps++
	if res.code != 0 {
		r.failed("prima snapshot: " + res.String())
		return ""
	}
	r.fails = 0
	r.snap = res.out
	return res.out
}

// skip notes a shape that could not be built (a ref the page did not show).
func (r *zooRun) skip(what string) {
	r.st.note("skipped: no ref for", what, 1)
}

// exec runs a counted action and judges it.
func (r *zooRun) exec(a *zooAction) {
	// The page with refs right before the action, for the removed-but-
	// present check: the one the shape took for its refs, else one now.
	if r.snap == "" {
		r.snapshot()
	}
	a.snapBefore, a.page = r.snap, r.page
	r.st.seq++
	a.n = r.st.seq
	args := append(slices.Clone(a.args), "--timeout", "10s")
	a.res = r.h.run(90*time.Second, nil, primaBin, args...)
	r.st.tAct += a.res.took
	a.after = r.settle(a)
	r.checkRemoved(a)
	r.snap = ""
	r.classify(a)
	r.st.count(a, +1)
	r.track(a)
	r.prev, r.cur = a, a.after
	if steps := rtStepLines(a.res.out); len(steps) > 1 && strings.Contains(steps[0], "no observed change") {
		// The field it filled is not what the page shows at the end: noted.
		r.st.note("a first step `unproven — no observed change` in a two-step do", a.shape, 1)
	}
	if r.trace {
		r.t.Logf("#%d %s | %s | exit %d %s | %s -> %s | %s %s", a.n, a.shape, zooCmd(a.args), a.res.code, codeOf(a.res.out), a.before, a.after, a.class, a.why)
	}
}

// settle reads the state after an action: until it shows what an ok
// claims (up to 3 s), or once more a moment later when a failure left it
// as it was.
func (r *zooRun) settle(a *zooAction) zooProbe {
	p, ok := r.probe()
	if !ok {
		return a.before
	}
	if l := zooLate(r.seen); l != "" && a.res.code == 0 {
		// Noted, not judged: a widget that finishes after prima's
		// settle shows it here, in a read, instead of in the action's
		// Changes; the action's own proof is judged by the status.
		r.st.note("the first read after an ok action shows a change the page made after its envelope", a.shape+": "+l, 1)
	}
	if a.res.code == 0 {
		deadline := time.Now().Add(3 * time.Second)
		for !a.matches(p) && time.Now().Before(deadline) {
			time.Sleep(150 * time.Millisecond)
			if q, ok := r.probe(); ok {
				p = q
			}
		}
		return p
	}
	if !a.moved(p) {
		time.Sleep(400 * time.Millisecond)
		if q, ok := r.probe(); ok {
			p = q
		}
	}
	return p
}

func (r *zooRun) track(a *zooAction) {
	if r.bad == nil {
		r.bad = map[*zooAction]bool{}
	}
	if a.class == classHit || a.class == classHonest {
		delete(r.bad, a)
	} else {
		r.bad[a] = true
	}
}

func (r *zooRun) badList() []*zooAction {
	var out []*zooAction
	for a := range r.bad {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].n < out[j].n })
	return out
}

// ---- judging ------------------------------------------------------------------

// matches: p shows what a hit of a leaves.
func (a *zooAction) matches(p zooProbe) bool {
	return slices.Contains(a.want, p.S) && (a.key == "" || p.field(a.key) == a.keyTo)
}

// moved: the status, or the field the action sets, is not as before.
func (a *zooAction) moved(p zooProbe) bool {
	return p.S != a.before.S || (a.key != "" && p.field(a.key) != a.before.field(a.key))
}

func (r *zooRun) classify(a *zooAction) {
	out := a.res.out
	okEnv := a.res.code == 0 && strings.Contains(out, "ok: true")
	failEnv := a.res.code == 1 && strings.Contains(out, "ok: false") && strings.Contains(out, "### Failure")
	match, moved, changed := a.matches(a.after), a.moved(a.after), a.after != a.before
	partial := failEnv && a.partKey != "" && rtFailedStep(out) > 0 && a.after.S == a.before.S && a.after.field(a.partKey) == a.partTo
	a.class, a.why = classHit, ""
	switch {
	case okEnv && a.fail != "" && a.unproven && !moved && strings.Contains(out, "proven: 0/"):
		a.class, a.why = classHonest, "unproven: the words matched another element, which did nothing"
	case okEnv && a.fail != "":
		a.class, a.why = classWrong, "ok, where the rules say it fails with "+a.fail
	case okEnv && !match:
		a.class, a.why = classWrong, "ok, but the page shows "+a.after.String()+", not "+a.wanted()
	case okEnv && a.grid && zooHeaderRemoved(section(out, "Changes")):
		a.class, a.why = classWrong, "ok, but the Changes say a column header was removed"
	case okEnv && changed && a.saysNoChange():
		a.class, a.why = classFalseNoChange, "the page changed ("+a.before.String()+" -> "+a.after.String()+"), the envelope says it did not"
	case okEnv:
	case failEnv && (!moved || partial):
		a.class, a.why = classHonest, codeOf(out)
	case failEnv && a.fail != "" && match:
		// The rules say it fails after it ran: the page is as they say.
		a.class, a.why = classHonest, codeOf(out)
	case failEnv && match:
		a.class, a.why = classFalseFailure, "ok: false (code "+codeOf(out)+"), but the page shows "+a.after.String()
	case failEnv && strings.Contains(section(out, "Failure"), "did not come to"):
		// The drag ran, and the page put the element elsewhere: the
		// envelope says so, and its Changes show where.
		a.class, a.why = classHonest, codeOf(out)+": the drop missed, as the envelope says"
	case failEnv:
		a.class, a.why = classWrong, "failed, and the page changed to "+a.after.String()+", neither as before nor "+a.wanted()
	default:
		a.class, a.why = classWrong, fmt.Sprintf("exit %d without an ok:false envelope and a Failure", a.res.code)
	}
	if len(a.present) > 0 && (a.class == classHit || a.class == classHonest) {
		a.class, a.why = classRemovedPresent, "the Changes say removed what the page still shows: "+strings.Join(a.present, "; ")
	}
}

func (a *zooAction) wanted() string {
	var ws []string
	for _, w := range a.want {
		ws = append(ws, strconv.Quote(w))
	}
	s := strings.Join(ws, " or ")
	if len(a.want) > 1 {
		s = "one of " + s
	}
	if a.key != "" {
		s += fmt.Sprintf(" with %s %q", a.key, a.keyTo)
	}
	return s
}

// saysNoChange: the envelope of an ok action says the page did not change.
func (a *zooAction) saysNoChange() bool {
	ch := section(a.res.out, "Changes")
	if ch == "no change" || rtOnlyOwn(ch) {
		return true
	}
	steps := rtStepLines(a.res.out)
	switch {
	case len(steps) == 1:
		return strings.Contains(steps[0], "no observed change")
	case len(steps) > 1:
		return strings.Contains(steps[len(steps)-1], "no observed change") && a.after.S != a.before.S
	}
	return false
}

// checkRemoved is the removed-but-present oracle: for each element the
// Changes list as removed (a counted run as that many), the page after the
// action must show it fewer times than before, as many fewer as the
// Changes say went, less those they say came: the lines of that role and
// exact name (or, unnamed, text) in a snapshot before and after, refs and
// attributes aside. Only an action whose Changes remove an element pays
// for the snapshot after.
func (r *zooRun) checkRemoved(a *zooAction) {
	ch := section(a.res.out, "Changes")
	removed := zooEntries(ch, "removed:")
	if len(removed) == 0 || a.snapBefore == "" {
		return
	}
	after := r.snapshot()
	if after == "" {
		return
	}
	a.present = zooPresent(a.snapBefore, after, removed, zooEntries(ch, "added:"))
	r.st.note("the removed-but-present oracle", "actions whose Changes removed an element, judged on a snapshot after", 1)
}

// zooPresent lists the removed entries the snapshot after still shows as
// often as if they had not been removed: after > before - removed + added.
func zooPresent(before, after string, removed, added []string) []string {
	gone, came := map[string]int{}, map[string]int{}
	var keys []string
	for _, e := range removed {
		if k, n, ok := zooEntryKey(e); ok {
			if _, seen := gone[k]; !seen {
				keys = append(keys, k)
			}
			gone[k] += n
		}
	}
	for _, e := range added {
		if k, n, ok := zooEntryKey(e); ok {
			came[k] += n
		}
	}
	var out []string
	for _, k := range keys {
		n0, n1 := zooKeyCount(before, k), zooKeyCount(after, k)
		if n1 > 0 && n1 > n0-gone[k]+came[k] {
			out = append(out, fmt.Sprintf("%s (removed %d, added %d; the page shows it %d times before, %d after)",
				strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(k, "\x00\x00", ": "), "\x00", " ")), gone[k], came[k], n0, n1))
		}
	}
	return out
}

// zooEntries are the entries of one kind (`removed:`, `added:`) in a
// Changes section, one line each; a navigation's `removed: the page
// before, …` is none.
func zooEntries(changes, kind string) []string {
	var out []string
	in := false
	for _, l := range strings.Split(changes, "\n") {
		switch {
		case strings.HasPrefix(l, kind):
			in = true
			if rest := strings.TrimSpace(strings.TrimPrefix(l, kind)); rest != "" {
				in = false
				if !strings.HasPrefix(rest, "the page before") {
					out = append(out, rest)
				}
			}
		case in && strings.HasPrefix(l, "  - "):
			out = append(out, strings.TrimPrefix(l, "  - "))
		case !strings.HasPrefix(l, " "):
			in = false
		}
	}
	return out
}

var (
	zooRunRE = regexp.MustCompile(` ×(\d+)$`)
	zooCtxRE = regexp.MustCompile(` \((?:in|near) "(?:[^"\\]|\\.)*"\)`)
)

// zooEntryKey is what a Changes entry names, as role, name and (unnamed)
// text, and how many it stands for (a run `button "remove tag" ×2` is 2);
// not ok for an entry that names no one element exactly (a run of unlike
// elements, a name cut short).
func zooEntryKey(e string) (key string, n int, ok bool) {
	e = strings.TrimSuffix(strings.TrimSpace(e), " (on its own)")
	n = 1
	if m := zooRunRE.FindStringSubmatch(e); m != nil {
		n, _ = strconv.Atoi(m[1])
		e = strings.TrimSuffix(e, m[0])
	}
	if strings.Contains(e, " ×") || strings.Contains(e, "…") {
		return "", 0, false
	}
	e = zooCtxRE.ReplaceAllString(e, "")
	role, name, text := zoo3Parse(e)
	if name != "" {
		text = ""
	}
	return role + "\x00" + name + "\x00" + text, n, true
}

// zooKeyCount counts a snapshot's lines that are the element key names.
func zooKeyCount(snap, key string) int {
	n := 0
	for _, l := range zooItemLines(snap) {
		role, name, text := zoo3Parse(l)
		if name != "" {
			text = ""
		}
		if role+"\x00"+name+"\x00"+text == key {
			n++
		}
	}
	return n
}

// zooHeaderRemoved: the Changes list a column header under removed:.
func zooHeaderRemoved(ch string) bool {
	block := ""
	for _, l := range strings.Split(ch, "\n") {
		if !strings.HasPrefix(l, " ") {
			block = strings.TrimSpace(l)
			continue
		}
		if block == "removed:" && strings.Contains(l, "columnheader") {
			return true
		}
	}
	return false
}

func (a *zooAction) line() string {
	late := ""
	if a.late {
		late = " (judged on a later state)"
	}
	return fmt.Sprintf("action %d, %s: prima %s; before %s; after %s%s; want %s", a.n, a.shape, zooCmd(a.args), a.before, a.after, late, a.wanted())
}

// zooCmd is a command line as a shell would take it.
func zooCmd(args []string) string {
	var out []string
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " \"'{}[]$\\") {
			a = strconv.Quote(a)
		}
		out = append(out, a)
	}
	return strings.Join(out, " ")
}

// zooCompact is an envelope's Result, Changes and Steps on one line.
func zooCompact(res result) string {
	s := fmt.Sprintf("exit %d; %s", res.code, section(res.out, "Result"))
	if c := section(res.out, "Changes"); c != "" {
		s += "; Changes: " + c
	}
	if st := section(res.out, "Steps"); st != "" {
		s += "; Steps: " + st
	}
	if f := section(res.out, "Failure"); f != "" && section(res.out, "Steps") == "" {
		s += "; Failure: " + f
	}
	return strings.Join(strings.Fields(s), " ")
}

// ---- refs in snapshots and New refs ----------------------------------------

// zooLate is the first line of a read's Changes that the page did not
// do on its own ("" for none): the rest of a change an action answered.
func zooLate(changes string) string {
	for _, l := range strings.Split(changes, "\n") {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "- ") && !strings.HasSuffix(l, "(on its own)") {
			return l
		}
	}
	return ""
}

// zooRef is the ref of `- ROLE "NAME"` in text, a run line's elements
// included ("" when none).
func zooRef(text, role, name string) string {
	needle := fmt.Sprintf("- %s %q", role, name)
	for _, l := range strings.Split(envelope.ExpandRuns(text), "\n") {
		l = strings.TrimSpace(l)
		if l == needle || strings.HasPrefix(l, needle+" ") {
			if m := refRE.FindStringSubmatch(l); m != nil {
				return m[1]
			}
		}
	}
	return ""
}

// zooTextRef is the ref of `- ROLE [...]: TEXT` in text ("" when none).
func zooTextRef(text, role, shown string) string {
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "- "+role+" ") && strings.HasSuffix(l, ": "+shown) {
			if m := refRE.FindStringSubmatch(l); m != nil {
				return m[1]
			}
		}
	}
	return ""
}

// zooOptionRef is the ref of an option named name, or showing it (in a
// snapshot, an option named by its content shows it split by the
// highlight: `- mark: Ap`, `- text: ple`).
func zooOptionRef(text, name string) string {
	if r := zooRef(text, "option", name); r != "" {
		return r
	}
	if r := zooTextRef(text, "option", name); r != "" {
		return r
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		t := strings.TrimSpace(l)
		m := refRE.FindStringSubmatch(t)
		if m == nil || !strings.HasPrefix(t, "- option [") || !strings.HasSuffix(t, ":") {
			continue
		}
		indent, shown := len(l)-len(strings.TrimLeft(l, " ")), ""
		for _, c := range lines[i+1:] {
			if len(c)-len(strings.TrimLeft(c, " ")) <= indent {
				break
			}
			if _, v, ok := strings.Cut(strings.TrimSpace(c), ": "); ok {
				shown += v
			}
		}
		if shown == name {
			return m[1]
		}
	}
	return ""
}

// zooBlock is the lines indented under the first line head accepts.
func zooBlock(text string, head func(string) bool) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if !head(strings.TrimSpace(l)) {
			continue
		}
		indent := len(l) - len(strings.TrimLeft(l, " "))
		var out []string
		for _, m := range lines[i+1:] {
			if len(m)-len(strings.TrimLeft(m, " ")) <= indent {
				break
			}
			out = append(out, m)
		}
		return strings.Join(out, "\n")
	}
	return ""
}

// zooNthRef is the ref of the k-th line (from 0) that starts with head.
func zooNthRef(text, head string, k int) string {
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); !strings.HasPrefix(l, head) {
			continue
		}
		if k == 0 {
			if m := refRE.FindStringSubmatch(l); m != nil {
				return m[1]
			}
			return ""
		}
		k--
	}
	return ""
}

// zooWrapperRef is the ref of the line just above `- CHILD` that wraps it.
func zooWrapperRef(text, child string) string {
	lines := strings.Split(text, "\n")
	for i := 1; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if l == "- "+child || strings.HasPrefix(l, "- "+child+" ") {
			if m := refRE.FindStringSubmatch(lines[i-1]); m != nil && strings.HasSuffix(strings.TrimSpace(lines[i-1]), ":") {
				return m[1]
			}
		}
	}
	return ""
}

// said is a name as an orchestrator may write it: now and then lower case.
func (r *zooRun) said(name string) string {
	if r.pct(20) {
		return strings.ToLower(name)
	}
	return name
}

// prefix is the first 2 or 3 letters of name, now and then lower case.
func (r *zooRun) prefix(name string) string {
	p := name[:2+r.rng.IntN(2)]
	if r.pct(50) {
		p = strings.ToLower(p)
	}
	return p
}

// ---- the custom select (Choices.js) ---------------------------------------

var zooColours = []string{"Red", "Green", "Blue"}

func (r *zooRun) genChoices(b zooProbe) {
	if r.pct(70) {
		r.doSelect(b, "choices", "Colour", zooColours, []string{"Purple", "Orange", "Gree", "Light Blue"}, func(x string) string { return "Chosen: " + x })
		return
	}
	// By refs: a click on the widget, then on an option of its list.
	snap := r.snapshot()
	w := r.besideRef(snap, "listbox", "Colour", "listbox")
	if w == "" {
		r.skip("choices: listbox Colour")
		return
	}
	a := &zooAction{shape: "choices: pw click the widget", args: []string{"pw", "click", w}, before: b, want: []string{b.S}}
	r.exec(a)
	if !b.Open && a.after.Open && !strings.Contains(section(a.res.out, "New refs"), "- option ") {
		r.st.note("a click that opened a list names none of its options in New refs", "choices", 1)
	}
	if a.class != classHit || !a.after.Open || !r.more() {
		return
	}
	b, ok := r.ready()
	if !ok {
		return
	}
	x := pick(r, zooColours)
	list := zooBlock(r.snapshot(), func(l string) bool { return strings.HasPrefix(l, "- listbox [") })
	o := zooRef(list, "option", x)
	if o == "" {
		r.skip("choices: option " + x + " in the open list")
		return
	}
	r.exec(&zooAction{shape: "choices: pw click an option ref", args: []string{"pw", "click", o}, before: b, want: []string{"Chosen: " + x}})
}

// doSelect is `do "select X from NAME"` on a custom select: X one of its
// options, or now and then one it does not hold, which must fail
// not_found with the state as it was.
func (r *zooRun) doSelect(b zooProbe, page, name string, options, absent []string, status func(string) string) {
	a := &zooAction{before: b}
	x := pick(r, options)
	if r.pct(25) {
		x = pick(r, absent)
		a.shape, a.fail, a.want = page+": do select, an option it does not hold", "not_found", []string{b.S}
	} else {
		a.shape, a.want = page+": do select", []string{status(x)}
	}
	a.args = []string{"do", fmt.Sprintf("select %s from %s", r.said(x), name)}
	r.exec(a)
}

// ---- the autocompletes (Tom Select, autoComplete.js) -----------------------

var zooCities = []string{"Amsterdam", "Berlin", "Lisbon", "Paris"}

// zooMatches are the items holding text, case aside, in their order.
func zooMatches(items []string, text string) (in, out []string) {
	for _, it := range items {
		if strings.Contains(strings.ToLower(it), strings.ToLower(text)) {
			in = append(in, it)
		} else {
			out = append(out, it)
		}
	}
	return in, out
}

func (r *zooRun) genTomSelect(b zooProbe) {
	switch k := r.rng.IntN(100); {
	case k < 35:
		r.doSelect(b, "tomselect", "City", zooCities, []string{"Oslo", "Rome", "Lis", "New Paris"}, func(x string) string { return "City: " + x })
	default:
		r.fillAndPick(b, autoWidget{page: "tomselect", field: "City", role: "combobox", key: "city", items: zooCities,
			status: func(b zooProbe, x string) string { return "City: " + x },
			// The city chosen is shown in the control, outside the list.
			elsewhere: func(b zooProbe) string { return strings.TrimPrefix(b.S, "City: ") },
			besideAs:  []string{`combobox "Type a city"`}})
	}
}

// autoWidget is an autocomplete: its field, its items, and what a pick of
// x leaves (the status line, and the field's value).
type autoWidget struct {
	page, field, role, key string
	items                  []string
	status                 func(b zooProbe, x string) string
	keyAfter               func(x string) string   // the field after a pick ("" not checked)
	elsewhere              func(b zooProbe) string // an item's name the page shows outside the list
	first                  bool                    // the widget takes its first match whatever was clicked
	besideAs               []string                // the field in a snapshot of the beside layout (zoo3Ref's targets)
	refAs                  []string                // the field in a snapshot of either layout, when its name is another
}

// fillAndPick fills a prefix into the widget's field, then clicks an
// option it shows: by do, in one do, or by refs (the option's ref from the
// fill's New refs); now and then an option the prefix filtered out, which
// must fail not_found.
func (r *zooRun) fillAndPick(b zooProbe, w autoWidget) {
	x := pick(r, w.items)
	pfx := r.prefix(x)
	shown, hidden := zooMatches(w.items, pfx)
	if w.elsewhere != nil {
		// A click on that name has a target even when the list holds none.
		hidden = slices.DeleteFunc(hidden, func(x string) bool { return x == w.elsewhere(b) })
	}
	target, fail := pick(r, shown), ""
	if len(hidden) > 0 && r.pct(15) {
		target, fail = pick(r, hidden), "not_found"
	}
	pickAction := func(b zooProbe, args []string, how string) *zooAction {
		a := &zooAction{before: b, args: args}
		switch {
		case fail != "":
			a.shape, a.fail, a.want = w.page+": "+how+" an option the prefix filtered out", fail, []string{b.S}
		case w.first && target != shown[0] && strings.HasPrefix(how, "pw"):
			// pw clicks the ref it was given and proves nothing more: the
			// click is ok, and its Changes show what the widget selected
			// (as the truth suite counts a pw click on such a widget).
			a.shape, a.want, a.key, a.keyTo = w.page+": "+how+" an item the widget swaps", []string{b.S}, w.key, shown[0]
		case w.first && target != shown[0]:
			// The widget takes its first match: the rules say the click
			// fails, naming what the widget selected.
			a.shape, a.fail, a.want, a.key, a.keyTo = w.page+": "+how+" an item the widget swaps", "value_mismatch", []string{b.S}, w.key, shown[0]
		default:
			a.shape, a.want = w.page+": "+how+" an option", []string{w.status(b, target)}
			if w.keyAfter != nil {
				a.key, a.keyTo = w.key, w.keyAfter(target)
			}
		}
		return a
	}
	switch k := r.rng.IntN(100); {
	case k < 15 && !w.first:
		// One do, both instructions.
		a := pickAction(b, []string{"do", fmt.Sprintf("fill %s with %s", w.field, pfx), "click " + r.said(target)}, "do fill+click")
		a.partKey, a.partTo = w.key, pfx
		if a.fail == "" {
			a.shape = w.page + ": do fill+click"
		}
		r.exec(a)
	case k < 55:
		a := &zooAction{shape: w.page + ": do fill a prefix", args: []string{"do", fmt.Sprintf("fill %s with %s", w.field, pfx)}, before: b,
			want: []string{b.S}, key: w.key, keyTo: pfx}
		r.exec(a)
		if a.after.field(w.key) != pfx || !r.more() {
			return
		}
		b, ok := r.ready()
		if !ok {
			return
		}
		c := pickAction(b, []string{"do", "click " + r.said(target)}, "do click")
		r.exec(c)
	default:
		snap := r.snapshot()
		f := r.besideRef(snap, w.role, w.field, w.besideAs...)
		if len(w.refAs) > 0 {
			f = zoo3Ref(snap, w.refAs...)
		}
		if f == "" {
			r.skip(w.page + ": " + w.role + " " + w.field)
			return
		}
		a := &zooAction{shape: w.page + ": pw fill a prefix", args: []string{"pw", "fill", f, pfx}, before: b, want: []string{b.S}, key: w.key, keyTo: pfx}
		r.exec(a)
		if a.after.field(w.key) != pfx || !r.more() {
			return
		}
		if fail != "" {
			// An option filtered out has no ref: say it by name.
			b, ok := r.ready()
			if !ok {
				return
			}
			c := pickAction(b, []string{"do", "click " + target}, "do click")
			r.exec(c)
			return
		}
		o := zooOptionRef(section(a.res.out, "New refs"), target)
		if o == "" {
			if !b.Open {
				r.st.note("an option the fill made appear is not in its New refs", w.page+": "+target, 1)
			}
			if o = zooOptionRef(r.snapshot(), target); o == "" {
				r.skip(w.page + ": option " + target)
				return
			}
		}
		b, ok := r.ready()
		if !ok {
			return
		}
		r.exec(pickAction(b, []string{"pw", "click", o}, "pw click (New refs)"))
	}
}

var (
	zooFruits  = []string{"Apple", "Apricot", "Banana", "Grape", "Papaya", "Pear"}
	zooVeggies = []string{"Cabbage", "Carrot", "Celery", "Leek"}
)

func (r *zooRun) genAutocomplete(b zooProbe) {
	if r.pct(20) {
		r.fillAndPick(b, autoWidget{page: "autocomplete Veggie", field: "Veggie", role: "searchbox", key: "veg", items: zooVeggies, first: true,
			status:   func(b zooProbe, x string) string { return b.S },
			keyAfter: func(x string) string { return x },
			besideAs: []string{"searchbox"}})
		return
	}
	r.fillAndPick(b, autoWidget{page: "autocomplete Fruit", field: "Fruit", role: "searchbox", key: "fruit", items: zooFruits,
		status:   func(b zooProbe, x string) string { return "Picked: " + x },
		keyAfter: func(x string) string { return x },
		besideAs: []string{`searchbox "Type a fruit"`}})
}

// ---- the boards (SortableJS, dragula) --------------------------------------

// zooBoard reads and writes a board's status line.
type zooBoard struct {
	page    string
	lists   []string          // the lists' names, as the status line and the page name them
	cards   map[string]string // a card's id in the status line -> its name
	dragula bool              // the status line names the last drop ("Dropped X in L. ")
}

var (
	zooSortable = &zooBoard{page: "sortable", lists: []string{"To do", "Done"},
		cards: map[string]string{"a": "Card A", "b": "Card B", "c": "Card C", "d": "Card D"}}
	zooDragula = &zooBoard{page: "dragula", lists: []string{"Mine", "Yours"}, dragula: true,
		cards: map[string]string{"dishes": "Dishes", "laundry": "Laundry", "plants": "Plants", "bins": "Bins"}}
	zooDropRE = regexp.MustCompile(`^Dropped .+? in \S+\. `)
)

func (bd *zooBoard) parse(s string) ([][]string, bool) {
	s = zooDropRE.ReplaceAllString(s, "")
	parts := strings.Split(s, "; ")
	if len(parts) != len(bd.lists) {
		return nil, false
	}
	arr := make([][]string, len(parts))
	for i, p := range parts {
		ids, ok := strings.CutPrefix(p, bd.lists[i]+":")
		if !ok {
			return nil, false
		}
		arr[i] = strings.Fields(ids)
	}
	return arr, true
}

func (bd *zooBoard) format(arr [][]string) string {
	var parts []string
	for i, ids := range arr {
		parts = append(parts, bd.lists[i]+": "+strings.Join(ids, " "))
	}
	return strings.Join(parts, "; ")
}

// drops are the status lines a drag of card onto another card (onto >= 0
// is a list instead) may leave: the card next to the other (before or
// after it), or anywhere in the list, every other card in its order. A
// drop where the card was leaves the status as it was.
func (bd *zooBoard) drops(before string, card, onto string, list int) []string {
	arr, ok := bd.parse(before)
	if !ok {
		return nil
	}
	rest := make([][]string, len(arr))
	for i, ids := range arr {
		rest[i] = slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return id == card })
	}
	var cands [][][]string
	insert := func(l, at int) {
		c := make([][]string, len(rest))
		for i := range rest {
			c[i] = slices.Clone(rest[i])
		}
		c[l] = slices.Insert(c[l], at, card)
		cands = append(cands, c)
	}
	if onto != "" {
		for l, ids := range rest {
			if k := slices.Index(ids, onto); k >= 0 {
				insert(l, k)
				insert(l, k+1)
			}
		}
	} else {
		for at := 0; at <= len(rest[list]); at++ {
			insert(list, at)
		}
	}
	var out []string
	for _, c := range cands {
		s := bd.format(c)
		if s == bd.format(arr) {
			s = before // not moved: dragula says nothing, Sortable the same
		} else if bd.dragula {
			l := slices.IndexFunc(c, func(ids []string) bool { return slices.Contains(ids, card) })
			s = fmt.Sprintf("Dropped %s in %s. %s", bd.cards[card], bd.lists[l], s)
		}
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

func (r *zooRun) genSortable(b zooProbe) { r.genBoard(b, zooSortable) }
func (r *zooRun) genDragula(b zooProbe)  { r.genBoard(b, zooDragula) }

func (r *zooRun) genBoard(b zooProbe, bd *zooBoard) {
	if _, ok := bd.parse(b.S); !ok {
		r.t.Logf("%s: a status line the suite cannot read: %q", bd.page, b.S)
		r.st.note("unreadable board status", bd.page, 1)
		return
	}
	var ids []string
	for id := range bd.cards {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	card := pick(r, ids)
	onto, list := "", -1
	if r.pct(70) {
		others := slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return id == card })
		onto = pick(r, others)
	} else {
		list = r.rng.IntN(len(bd.lists))
	}
	a := &zooAction{before: b, want: bd.drops(b.S, card, onto, list)}
	if r.pct(30) {
		to := bd.lists[max(list, 0)]
		if onto != "" {
			to = bd.cards[onto]
		}
		a.shape = bd.page + ": do drag onto a card"
		if onto == "" {
			// The list's heading has its name too: ambiguous is honest.
			a.shape = bd.page + ": do drag onto a list"
			if r.page != nil && r.page.beside() {
				// Untied, the list has no name and its heading is what
				// bears it: a drop there moves nothing.
				a.want = append(a.want, b.S)
			}
		}
		a.args = []string{"do", fmt.Sprintf("drag %s %s %s", bd.cards[card], pick(r, []string{"to", "onto"}), to)}
		r.exec(a)
		return
	}
	snap := r.snapshot()
	from := zooTextRef(snap, "listitem", bd.cards[card])
	var to string
	if onto != "" {
		a.shape, to = bd.page+": pw drag onto a card", zooTextRef(snap, "listitem", bd.cards[onto])
	} else {
		a.shape, to = bd.page+": pw drag onto a list", zooRef(snap, "list", bd.lists[list])
		if r.page != nil && r.page.beside() {
			to = zooNthRef(snap, "- list [", list)
		}
	}
	if from == "" || to == "" {
		r.skip(a.shape)
		return
	}
	a.args = []string{"pw", "drag", from, to}
	r.exec(a)
}

// ---- the grid (Tabulator) ----------------------------------------------------

var zooSortRE = regexp.MustCompile(`^Sorted by (\w+) (asc|desc)$`)

func (r *zooRun) genTabulator(b zooProbe) {
	col := pick(r, []string{"Name", "Age"})
	field, dir := strings.ToLower(col), "asc"
	if m := zooSortRE.FindStringSubmatch(b.S); m != nil && m[1] == field && m[2] == "asc" {
		dir = "desc"
	} else if m == nil && b.S != "Unsorted" {
		r.st.note("unreadable grid status", b.S, 1)
		return
	}
	a := &zooAction{before: b, want: []string{"Sorted by " + field + " " + dir}, grid: true}
	if r.pct(35) {
		a.shape, a.args = "tabulator: do click a header", []string{"do", "click " + r.said(col)}
		r.exec(a)
		return
	}
	h := zooRef(r.snapshot(), "columnheader", col)
	if h == "" {
		r.skip("tabulator: columnheader " + col)
		return
	}
	a.shape, a.args = "tabulator: pw click a header", []string{"pw", "click", h}
	r.exec(a)
}

// ---- shadow DOM (Shoelace) ---------------------------------------------------

var (
	zooSizes   = []string{"Small", "Medium", "Large"}
	zooGiftRE  = regexp.MustCompile(`^Size: (.*); Gift wrap: (yes|no)$`)
	zooGiftFmt = "Size: %s; Gift wrap: %s"
)

func (r *zooRun) genShoelace(b zooProbe) {
	m := zooGiftRE.FindStringSubmatch(b.S)
	if m == nil {
		r.st.note("unreadable shoelace status", b.S, 1)
		return
	}
	size, gift := m[1], m[2]
	toggled := map[string]string{"yes": "no", "no": "yes"}[gift]
	switch k := r.rng.IntN(100); {
	case k < 30:
		r.doSelect(b, "shoelace", "Size", zooSizes, []string{"Huge", "Med", "Extra Large"}, func(x string) string { return fmt.Sprintf(zooGiftFmt, x, gift) })
	case k < 55:
		verb := pick(r, []string{"check", "uncheck"})
		to := map[string]string{"check": "yes", "uncheck": "no"}[verb]
		r.exec(&zooAction{shape: "shoelace: do " + verb, args: []string{"do", verb + " " + r.said("Gift wrap")}, before: b,
			want: []string{fmt.Sprintf(zooGiftFmt, size, to)}})
	case k < 70:
		snap := r.snapshot()
		ref, what := zooTextRef(snap, "generic", "Gift wrap"), "label text"
		if r.pct(50) {
			ref, what = zooWrapperRef(snap, `checkbox "Gift wrap"`), "label wrapper"
		}
		if ref == "" {
			r.skip("shoelace: the checkbox's " + what)
			return
		}
		r.exec(&zooAction{shape: "shoelace: pw click the checkbox's " + what, args: []string{"pw", "click", ref}, before: b,
			want: []string{fmt.Sprintf(zooGiftFmt, size, toggled)}})
	default:
		c := zooRef(r.snapshot(), "combobox", "Size")
		if c == "" {
			r.skip("shoelace: combobox Size")
			return
		}
		a := &zooAction{shape: "shoelace: pw click the combobox", args: []string{"pw", "click", c}, before: b, want: []string{b.S}}
		r.exec(a)
		if a.class != classHit || !a.after.Open || !r.more() {
			return
		}
		x := pick(r, zooSizes)
		o := zooRef(section(a.res.out, "New refs"), "option", x)
		if o == "" {
			r.st.note("an option the click showed is not in its New refs", "shoelace: "+x, 1)
			return
		}
		b, ok := r.ready()
		if !ok {
			return
		}
		r.exec(&zooAction{shape: "shoelace: pw click an option ref (New refs)", args: []string{"pw", "click", o}, before: b,
			want: []string{fmt.Sprintf(zooGiftFmt, x, gift)}})
	}
}

// ---- a slider, a rich-text editor, a JSON editor ----------------------------

var zooKeys = map[string]int{"ArrowRight": 5, "ArrowUp": 5, "ArrowLeft": -5, "ArrowDown": -5, "PageUp": 25, "PageDown": -25, "Home": -100, "End": 100}

func (r *zooRun) genSlider(b zooProbe) {
	v, err := strconv.Atoi(strings.TrimPrefix(b.S, "Volume: "))
	if err != nil {
		r.st.note("unreadable slider status", b.S, 1)
		return
	}
	var keys []string
	for k := range zooKeys {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	key := pick(r, keys)
	to := min(100, max(0, v+zooKeys[key]))
	a := &zooAction{before: b, want: []string{fmt.Sprintf("Volume: %d", to)}}
	switch k := r.rng.IntN(100); {
	case k < 35:
		a.shape, a.args = "slider: do press", []string{"do", fmt.Sprintf("press %s in Volume", key)}
		r.exec(a)
		return
	case k < 85:
		a.shape = "slider: pw press"
	default:
		a.shape, a.fail, a.want = "slider: pw fill (no text field)", "not_actionable", []string{b.S}
	}
	s := zooRef(r.snapshot(), "slider", "Volume")
	if s == "" {
		r.skip("slider: slider Volume")
		return
	}
	a.args = []string{"pw", "press", s, key}
	if a.fail != "" {
		a.args = []string{"pw", "fill", s, strconv.Itoa(5 * r.rng.IntN(21))}
	}
	r.exec(a)
}

var zooWords = []string{"Buy paper", "Call the printer", "Book a room", "Send the minutes", "Order toner"}

func (r *zooRun) genQuill(b zooProbe) {
	r.values++
	text := fmt.Sprintf("%s %d", pick(r, zooWords), r.values)
	a := &zooAction{before: b, want: []string{"Text: " + text}}
	if r.pct(50) {
		a.shape, a.args = "quill: do fill", []string{"do", "fill Notes with " + text}
		r.exec(a)
		return
	}
	e := zooRef(r.snapshot(), "generic", "Notes")
	if e == "" {
		r.skip("quill: generic Notes")
		return
	}
	a.shape, a.args = "quill: pw fill", []string{"pw", "fill", e, text}
	r.exec(a)
}

func (r *zooRun) genJSON(b zooProbe) {
	r.values++
	n := r.values
	text, status := fmt.Sprintf(`{"n": %d, "tag": "z%d"}`, n, n), fmt.Sprintf(`JSON: {"n":%d,"tag":"z%d"}`, n, n)
	if r.pct(30) {
		text, status = fmt.Sprintf("{\n  \"list\": [%d, %d]\n}", n, n+1), fmt.Sprintf(`JSON: {"list":[%d,%d]}`, n, n+1)
	}
	a := &zooAction{before: b, want: []string{status}}
	if r.pct(40) && !strings.Contains(text, "\n") {
		a.shape, a.args = "jsoneditor: do fill", []string{"do", "fill JSON editor with " + text}
		r.exec(a)
		return
	}
	e := zooRef(r.snapshot(), "textbox", "JSON editor")
	if e == "" {
		r.skip("jsoneditor: textbox JSON editor")
		return
	}
	a.shape, a.args = "jsoneditor: pw fill", []string{"pw", "fill", e, text}
	r.exec(a)
}

// ---- the control ---------------------------------------------------------------

// controls shows the oracle catches what it is there for, on /zoo/choices:
// a value set behind the widget's back (the hidden <select>, which
// Choices does not read) judged as `select Red from Colour` must be a
// wrong hit; a real select whose envelope is forged to ok: false must be a
// false failure, one forged to `no change` a false `no change`, one forged
// to say a column header was removed (judged as a grid sort) a wrong hit,
// and one forged to say the page's heading was removed removed but
// present.
func (r *zooRun) controls() {
	t := r.t
	r.prev = nil
	if !r.arrive(zooPages[0]) {
		t.Errorf("oracle control: /zoo/choices did not load")
		return
	}
	var k zooControl
	judge := func(what, wantClass string, a *zooAction) { r.judgeControl(&k, what, wantClass, a) }
	run := r.runControl

	// A value set behind the widget's back: prima eval answers ok, the
	// widget shows nothing new.
	behind := &zooAction{shape: "control", want: []string{"Chosen: Red"},
		args: []string{"eval", `(() => { const s = document.getElementById('colour'); s.value = 'red'; s.dispatchEvent(new Event('change', {bubbles: true})); return s.value; })()`}}
	if run(behind) {
		judge("Red set on the hidden <select>, judged as select Red from Colour", classWrong, behind)
	}

	// A real pick, its envelope forged to a failure.
	ff := &zooAction{shape: "control", args: []string{"do", "select Blue from Colour"}, want: []string{"Chosen: Blue"}}
	if run(ff) {
		r.classify(ff)
		if ff.class != classHit {
			t.Logf("oracle control: select Blue from Colour was no hit (%s %s); the forged failure is judged all the same", ff.class, ff.why)
		}
		ff.res.code = 1
		ff.res.out = strings.Replace(ff.res.out, "ok: true", "ok: false", 1) + "\n### Failure\nforged by the control\n"
		judge("select Blue from Colour forged to ok: false", classFalseFailure, ff)
	}

	// A real pick, its Changes forged to `no change`; then to a removed
	// column header, judged as a grid sort.
	fnc := &zooAction{shape: "control", args: []string{"do", "select Red from Colour"}, want: []string{"Chosen: Red"}}
	if run(fnc) {
		out := fnc.res.out
		ch := section(out, "Changes")
		fnc.res.out = strings.Replace(out, "### Changes\n"+ch, "### Changes\nno change", 1)
		judge("select Red from Colour forged to `no change`", classFalseNoChange, fnc)
		fnc.res.out, fnc.grid = strings.Replace(out, "### Changes\n"+ch, "### Changes\nremoved:\n  - columnheader \"Age\"", 1), true
		judge("select Red from Colour forged to a removed column header", classWrong, fnc)
		fnc.grid = false
		r.forgeRemoved(fnc, out, `heading "Paint order"`)
		judge("select Red from Colour forged to say the heading was removed", classRemovedPresent, fnc)
	}
	t.Logf("oracle control: %d of %d caught", k.caught, k.n)
}

// zooControl counts an oracle control's cases.
type zooControl struct{ caught, n int }

// judgeControl classifies a forged or planted case and says whether the
// oracle caught it as wantClass.
func (r *zooRun) judgeControl(k *zooControl, what, wantClass string, a *zooAction) {
	k.n++
	r.classify(a)
	if a.class == wantClass {
		k.caught++
		r.t.Logf("oracle control: %s: caught as %s (%s)", what, a.class, a.why)
		return
	}
	r.t.Errorf("oracle control: %s: judged %s (%s), want %s: the oracle may not see it\n%s", what, a.class, a.why, wantClass, a.res)
}

// runControl runs a control's action, uncounted, with the page's state
// and a snapshot before it.
func (r *zooRun) runControl(a *zooAction) bool {
	b, ok := r.ready()
	if !ok {
		return false
	}
	a.before, a.snapBefore = b, r.snapshot()
	a.res = r.h.run(90*time.Second, nil, primaBin, append(slices.Clone(a.args), "--timeout", "10s")...)
	a.after = r.settle(a)
	r.cur = a.after
	return true
}

// forgeRemoved gives a's envelope (out, as it came) Changes that say the
// elements entries name were removed, and judges them against a snapshot
// of the page now.
func (r *zooRun) forgeRemoved(a *zooAction, out string, entries ...string) {
	ch := section(out, "Changes")
	a.res.out = strings.Replace(out, "### Changes\n"+ch, "### Changes\nremoved:\n  - "+strings.Join(entries, "\n  - "), 1)
	a.present = zooPresent(a.snapBefore, r.snapshot(), entries, nil)
}

// ---- counting -------------------------------------------------------------------

type zooCount struct{ n, hit, honest, wrong, ff, fnc, rbp int }

type zooStats struct {
	actions, hits, honest, wrong, ff, fnc, rbp, late int
	seq                                              int
	visits, probes, snaps, setupFailures             int
	tAct, tProbe                                     time.Duration
	byShape                                          map[string]*zooCount
	byPage                                           map[[2]string]*zooCount // library, layout
	codes                                            map[string]int
	notes                                            map[string]map[string]int
	examples                                         map[string]string
}

func (s *zooStats) note(kind, what string, d int) {
	if s.notes == nil {
		s.notes = map[string]map[string]int{}
	}
	if s.notes[kind] == nil {
		s.notes[kind] = map[string]int{}
	}
	s.notes[kind][what] += d
}

func (s *zooStats) count(a *zooAction, d int) {
	if s.byShape == nil {
		s.byShape, s.codes, s.examples = map[string]*zooCount{}, map[string]int{}, map[string]string{}
	}
	c := s.byShape[a.shape]
	if c == nil {
		c = &zooCount{}
		s.byShape[a.shape] = c
	}
	if s.byPage == nil {
		s.byPage = map[[2]string]*zooCount{}
	}
	var pc *zooCount
	if a.page != nil {
		lib, layout := a.page.name()
		if pc = s.byPage[[2]string{lib, layout}]; pc == nil {
			pc = &zooCount{}
			s.byPage[[2]string{lib, layout}] = pc
		}
	} else {
		pc = &zooCount{}
	}
	s.actions += d
	c.n += d
	pc.n += d
	switch a.class {
	case classHit:
		s.hits += d
		c.hit += d
		pc.hit += d
	case classHonest:
		s.honest += d
		c.honest += d
		pc.honest += d
		code := codeOf(a.res.out)
		s.codes[code] += d
		switch {
		case a.gap != "":
			s.note("expected honest failures (things prima cannot do yet)", a.shape+": "+a.gap, d)
		case a.fail != "" && code != a.fail:
			s.note("a failure with another code than the rules say", fmt.Sprintf("%s: want %s, got %s", a.shape, a.fail, code), d)
		case a.fail == "":
			// The page holds the target: the failure is honest, and
			// still no hit.
			k := a.shape + ": " + failureMessage(a.res.out)
			s.note("failures on a target the page holds (honest: nothing happened)", k, d)
			if _, ok := s.examples[k]; !ok && d > 0 {
				s.examples[k] = fmt.Sprintf("prima %s (before %s)\n%s", zooCmd(a.args), a.before, zooCompact(a.res))
			}
		}
	case classFalseFailure:
		s.ff += d
		c.ff += d
		pc.ff += d
	case classFalseNoChange:
		s.fnc += d
		c.fnc += d
		pc.fnc += d
	case classRemovedPresent:
		s.rbp += d
		c.rbp += d
		pc.rbp += d
	default:
		s.wrong += d
		c.wrong += d
		pc.wrong += d
	}
}

func (r *zooRun) summary(took time.Duration) {
	t, s := r.t, &r.st
	t.Logf("seed %d: %d actions in %s on %d page visits (%d judged again on a later state)", r.seed, s.actions, took, s.visits, s.late)
	t.Logf("hits %d, honest failures %d, wrong hits %d, false failures %d, false `no change` %d, removed but present %d", s.hits, s.honest, s.wrong, s.ff, s.fnc, s.rbp)
	t.Logf("honest failures by code: %v", s.codes)
	var shapes []string
	for k := range s.byShape {
		shapes = append(shapes, k)
	}
	sort.Strings(shapes)
	for _, k := range shapes {
		v := s.byShape[k]
		t.Logf("  %-66s %4d actions: %4d hits, %3d honest failures, %d wrong, %d false failures, %d false no change, %d removed but present", k, v.n, v.hit, v.honest, v.wrong, v.ff, v.fnc, v.rbp)
	}
	var kinds []string
	for k := range s.notes {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		if !rtPositive(s.notes[k]) {
			continue
		}
		t.Logf("%s:", k)
		var whats []string
		for w, n := range s.notes[k] {
			if n > 0 {
				whats = append(whats, fmt.Sprintf("    %3d  %s", n, w))
			}
		}
		sort.Strings(whats)
		for _, w := range whats {
			t.Logf("%s", w)
		}
	}
	var ex []string
	for k := range s.examples {
		ex = append(ex, k)
	}
	sort.Strings(ex)
	for _, k := range ex {
		if s.notes["failures on a target the page holds (honest: nothing happened)"][k] > 0 {
			t.Logf("e.g. %s", s.examples[k])
		}
	}
	t.Logf("time: %s in the counted commands (%s each), %s reading the page's state (%d reads), %d snapshots; %d failed set-up commands",
		s.tAct.Round(time.Second), (s.tAct / time.Duration(max(1, s.seq))).Round(time.Millisecond), s.tProbe.Round(time.Second), s.probes, s.snaps, s.setupFailures)
}
