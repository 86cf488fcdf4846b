package steps

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/prima/engine"
)

// scriptedPage is a do run's browser with no browser: each instruction's
// result is scripted, a step may open a dialog, and each view after is
// numbered so the test sees which view each step read.
type scriptedPage struct {
	results map[string]stepResult // by instruction
	dialog  string                // open after a blocking step, until an answer
	read    []string              // the view title each step read, in order
	nexts   int
}

func (p *scriptedPage) Step(_ context.Context, view *engine.View, instructions, _ []string, i int) stepResult {
	text := instructions[i]
	p.read = append(p.read, view.Title)
	r, ok := p.results[text]
	if !ok {
		r = stepResult{status: StepOK, proof: "added: status: done", used: "await page.click('" + text + "');"}
	}
	if r.blocked {
		p.dialog = "confirm \"Sure?\""
	}
	if answersDialog(text) {
		p.dialog = ""
	}
	r.after = &engine.View{Title: "after " + text}
	return r
}

func (p *scriptedPage) Next(_ context.Context, view, after *engine.View, _ bool) *engine.View {
	p.nexts++
	if after != nil {
		return after
	}
	return view
}

func (p *scriptedPage) Blocking() string { return p.dialog }

func TestRunSteps(t *testing.T) {
	failed := errors.New("nothing on the page fits click Nope")
	typed := ariadiff.ValueChange(ariadiff.Typed, "textbox", "Note", "", "hi")
	for _, c := range []struct {
		name         string
		instructions []string
		results      map[string]stepResult
		want         []string // "status: proof" per step
		read         []string // the view each step that ran read
		proven       int
		err          string // a part of the run's error; "" for none
		blocked      bool
		used         string
		typed        int
	}{
		{name: "every step runs on the view the one before left",
			instructions: []string{"click A", "click B", "fill Note with 'hi'"},
			results:      map[string]stepResult{"click B": {status: StepUnproven, proof: "no observed change"}, "fill Note with 'hi'": {status: StepOK, proof: "typed", used: "fill", typed: &typed}},
			want:         []string{"ok: added: status: done", "unproven: no observed change", "ok: typed"},
			read:         []string{"first", "after click A", "after click B"},
			proven:       2, used: "fill", typed: 1},
		{name: "the first failure stops the run; the rest are not run",
			instructions: []string{"click A", "click Nope", "click C"},
			results:      map[string]stepResult{"click Nope": {status: StepFail, proof: failed.Error(), err: failed}},
			want:         []string{"ok: added: status: done", "FAIL: " + failed.Error(), "FAIL: not run: step 2 failed"},
			read:         []string{"first", "after click A"},
			proven:       1, err: "nothing on the page fits", used: "await page.click('click A');"},
		{name: "while a step's dialog is open, only its answer runs",
			instructions: []string{"click Delete", "click B", "click C"},
			results:      map[string]stepResult{"click Delete": {status: StepOK, proof: "opened a dialog", blocked: true}},
			want:         []string{"ok: opened a dialog", `FAIL: not run: a dialog is open: confirm "Sure?"; answer it first with prima dialog accept [TEXT] | dismiss`, "FAIL: not run: step 2 failed"},
			read:         []string{"first"},
			proven:       1, err: "a dialog is open", blocked: true},
		{name: "an answer to the dialog runs, and the steps after it",
			instructions: []string{"click Delete", "accept the dialog", "click C"},
			results:      map[string]stepResult{"click Delete": {status: StepOK, proof: "opened a dialog", blocked: true}, "accept the dialog": {status: StepOK, proof: "accepted"}},
			want:         []string{"ok: opened a dialog", "ok: accepted", "ok: added: status: done"},
			read:         []string{"first", "after click Delete", "after accept the dialog"},
			proven:       3, used: "await page.click('click C');"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := &scriptedPage{results: c.results}
			rec := &doRecord{dir: t.TempDir(), redact: func(s string) string { return s }}
			run := runSteps(context.Background(), p, &engine.View{Title: "first"}, c.instructions, rec)
			var got []string
			for _, s := range run.steps {
				got = append(got, s.Status+": "+s.Proof)
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("steps:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
			if fmt.Sprint(p.read) != fmt.Sprint(c.read) {
				t.Errorf("the steps read %v, want %v", p.read, c.read)
			}
			if run.proven != c.proven || run.blocked != c.blocked || run.used != c.used || len(run.typed) != c.typed {
				t.Errorf("proven %d blocked %v used %q typed %d; want %d %v %q %d", run.proven, run.blocked, run.used, len(run.typed), c.proven, c.blocked, c.used, c.typed)
			}
			if (run.err == nil) != (c.err == "") || (run.err != nil && !strings.Contains(run.err.Error(), c.err)) {
				t.Errorf("err %v, want %q", run.err, c.err)
			}
			if len(rec.lines) != len(c.instructions) {
				t.Fatalf("%d step records, want %d", len(rec.lines), len(c.instructions))
			}
			for i, l := range rec.lines {
				ran := i < len(c.read)
				if l.Status != run.steps[i].Status || (l.Planner == "none") == ran {
					t.Errorf("record %d: %+v (ran %v)", i+1, l, ran)
				}
			}
			if p.nexts != len(c.read) {
				t.Errorf("Next asked %d times, want once per step that ran (%d)", p.nexts, len(c.read))
			}
		})
	}
}

// A click on a list's item is no proof when a value now names another
// item of that list (a widget that selected the first or the focused
// one); the value is read from the Change, never from its line.
func TestOtherSelected(t *testing.T) {
	snap := "- listbox \"Fruit\" [ref=e1]:\n  - option \"Apple\" [ref=e2]\n  - option \"Banana\" [ref=e3]\n  - option \"Cherry\" [ref=e4]\n- combobox \"Pick\" [ref=e5]: Apple"
	view := &engine.View{Text: snap, Tree: ariadiff.Parse(snap)}
	banana := view.Refs()["e3"]
	diff := func(after string) []ariadiff.Change {
		return ariadiff.Diff(view.Tree, ariadiff.Parse(after))
	}
	for _, c := range []struct {
		name  string
		cs    []ariadiff.Change
		other string
	}{
		{"the clicked item is what the value names", diff("- listbox \"Fruit\":\n  - option \"Apple\"\n  - option \"Banana\"\n  - option \"Cherry\"\n- combobox \"Pick\": Banana"), ""},
		{"another item is", diff("- listbox \"Fruit\":\n  - option \"Apple\"\n  - option \"Banana\"\n  - option \"Cherry\"\n- combobox \"Pick\": cherry"), "Cherry"},
		{"a value told apart by its context names another item", []ariadiff.Change{{Kind: ariadiff.Typed, Text: `textbox "Note": "" -> "Apple" (in "Row A")`, To: "Apple"}}, "Apple"},
		{"a value that names no item", diff("- listbox \"Fruit\":\n  - option \"Apple\"\n  - option \"Banana\"\n  - option \"Cherry\"\n- combobox \"Pick\": Durian"), ""},
		{"a state word is no value", []ariadiff.Change{{Kind: ariadiff.Changed, Text: `option "Cherry": unselected -> selected`}}, ""},
	} {
		if got := otherSelected(view, banana, c.cs); got != c.other {
			t.Errorf("%s: otherSelected = %q, want %q (changes %v)", c.name, got, c.other, c.cs)
		}
	}
}

// A field acted on through markup has no head in the tree: its proof is
// the one value change from and to the values the element held, read
// from the Changes' values, never from their lines.
func TestFieldProof(t *testing.T) {
	two := "- group:\n  - slider: \"30\"\n- group:\n  - slider: \"30\""
	one := ariadiff.Diff(ariadiff.Parse(two), ariadiff.Parse("- group:\n  - slider: \"70\"\n- group:\n  - slider: \"30\""))
	if got := fieldProof(nil, &[2]string{"30", "70"}, one); !strings.Contains(got, `"30" -> "70"`) {
		t.Errorf("fieldProof = %q, want the slider's change from 30 to 70 (changes %v)", got, one)
	}
	if got := fieldProof(nil, &[2]string{"30", "60"}, one); got != "" {
		t.Errorf("a value the diff does not show proves %q", got)
	}
	both := ariadiff.Diff(ariadiff.Parse(two), ariadiff.Parse("- group:\n  - slider: \"70\"\n- group:\n  - slider: \"70\""))
	if len(both) != 2 {
		t.Fatalf("the diff of two sliders moved alike: %v", both)
	}
	if got := fieldProof(nil, &[2]string{"30", "70"}, both); got != "" {
		t.Errorf("two fields changed alike prove neither, got %q", got)
	}
	// A status that echoes the value is no second field.
	echo := ariadiff.Diff(ariadiff.Parse("- slider: \"30\"\n- status: \"30\""), ariadiff.Parse("- slider: \"70\"\n- status: \"70\""))
	if got := fieldProof(nil, &[2]string{"30", "70"}, echo); !strings.HasPrefix(got, "changed: slider") && !strings.HasPrefix(got, "typed: slider") {
		t.Errorf("fieldProof = %q, want the slider's change (changes %v)", got, echo)
	}
}

// A date a do instruction writes is read in the usual spellings, and
// found again in a calendar's day labels and a field's shown value.
func TestDateSpellings(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string // 2006-01-02, "" when no date
	}{
		{"2026-12-24", "2026-12-24"},
		{"December 24, 2026", "2026-12-24"},
		{"24 December 2026", "2026-12-24"},
		{"Dec  24 2026", "2026-12-24"},
		{"2026-02-30", ""},
		{"Large", ""},
	} {
		d, ok := parseDate(c.in)
		if got := map[bool]string{true: d.Format("2006-01-02"), false: ""}[ok]; got != c.want {
			t.Errorf("parseDate(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	d, _ := parseDate("2026-12-01")
	if got := dateSpellings(d); !slices.Contains(got, "December 1st, 2026") || !slices.Contains(got, "1 December 2026") {
		t.Errorf("dateSpellings = %q", got)
	}
	if _, ok := showsDate("Arrival 01/12/2026", d); ok {
		t.Errorf("showsDate took 01/12/2026, which may be the 12th of January, for the 1st of December")
	}
	if xmas, _ := parseDate("2026-12-24"); !func() bool { f, ok := showsDate("Arrival 24/12/2026", xmas); return ok && f == "24/12/2026" }() {
		t.Errorf("showsDate did not find 24/12/2026, which can only be the 24th of December")
	}
	if _, ok := showsDate("2026-12-10", d); ok {
		t.Errorf("showsDate found 2026-12-01 in 2026-12-10")
	}
	if got := dayLabel("Thursday, December 24, 2026"); got != "December 24, 2026" {
		t.Errorf("dayLabel = %q", got)
	}
}
