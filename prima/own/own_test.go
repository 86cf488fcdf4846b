package own

import (
	"strings"
	"testing"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/shown"
)

// change is a Change as ariadiff writes it: a line of prima's words and
// the page's texts, and the element it names.
func change(k ariadiff.Kind, of *ariadiff.Element, parts ...shown.Part) ariadiff.Change {
	l := shown.Line(parts)
	return ariadiff.Change{Kind: k, Text: l.String(), Of: of, Parts: l}
}

func word(s string) shown.Part   { return shown.Part{Text: s} }
func quoted(s string) shown.Part { return shown.Part{Text: s, Show: shown.Quoted} }
func plain(s string) shown.Part  { return shown.Part{Text: s, Show: shown.Plain} }

// over is a with its Self cut: the page changed more than the tracker keeps.
func over(a *Attribution) *Attribution { a.SelfOver = true; return a }

func TestMarkTellsThePagesChangesFromTheActions(t *testing.T) {
	tick := change(ariadiff.Changed, nil, word("paragraph: "), quoted("Tick 1"), word(" -> "), quoted("Tick 2"))
	status := change(ariadiff.Added, &ariadiff.Element{Role: "status", Value: "Saved 3", HasValue: true}, word("status: "), plain("Saved 3"))
	slide := change(ariadiff.Added, &ariadiff.Element{Role: "listitem", Value: "Slide 9", HasValue: true}, word("listitem: "), plain("Slide 9"))
	named := change(ariadiff.Toggled, &ariadiff.Element{Role: "tab", Name: "Offers", Named: true, From: "unselected", To: "selected"},
		word("tab "), quoted("Offers"), word(": unselected -> selected"))
	typed := change(ariadiff.Typed, &ariadiff.Element{Role: "textbox", Name: "Note", Named: true, To: "Tick 2", Quoted: true},
		word("textbox "), quoted("Note"), word(": "), quoted(""), word(" -> "), quoted("Tick 2"))
	// The line escapes what the page's texts hold: the tracker's texts
	// are raw.
	said := change(ariadiff.Changed, nil, word("paragraph: "), quoted(`Updated "12:00:00"`), word(" -> "), quoted(`Updated "12:00:01"`))
	hidden := change(ariadiff.Changed, nil, word("paragraph: "), quoted("Tick 1"), word(" -> "), quoted("Tick\u200b 2"))
	quote := change(ariadiff.Changed, nil, word("paragraph: "), quoted("Tick 1"), word(" -> "), quoted(`Tick "2"`))
	long := strings.Repeat("Offer of the day ", 10)
	cut := change(ariadiff.Toggled, &ariadiff.Element{Role: "tab", Name: long[:120] + shown.CutMark(50), NameCut: 50, Named: true, From: "unselected", To: "selected"},
		word("tab "), shown.Part{Text: long[:120], Show: shown.Quoted, Cut: 50}, word(": unselected -> selected"))
	seen := func(self, caused []string) *Attribution {
		return &Attribution{Acts: 3, Act: len(caused), Unk: len(self), Seen: true, Self: self, Caused: caused}
	}
	for _, c := range []struct {
		name string
		a    *Attribution
		cs   []ariadiff.Change
		own  []bool
	}{
		{"no attribution", nil, []ariadiff.Change{tick}, []bool{false}},
		{"a tick while a click did nothing", seen([]string{"Tick 2"}, nil), []ariadiff.Change{tick}, []bool{true}},
		{"a tick beside the click's answer", seen([]string{"Tick 2", "Slide 9", "Slide 6"}, []string{"Saved 3"}),
			[]ariadiff.Change{tick, status, slide}, []bool{true, false, true}},
		{"text spaced otherwise in the tree", seen([]string{"Tick\n  2"}, nil), []ariadiff.Change{tick}, []bool{true}},
		{"the action changed the same element", seen([]string{"Tick 2"}, []string{"Tick 2"}), []ariadiff.Change{tick}, []bool{false}},
		{"the action reset a clock the page ticked on since", seen([]string{"Tick 1", "Tick 2"}, []string{"Tick 0"}), []ariadiff.Change{tick}, []bool{false}},
		{"the action changed another element than the clock", seen([]string{"Tick 2"}, []string{"Saved 3"}), []ariadiff.Change{tick}, []bool{true}},
		{"an element named inside a larger changed block", seen([]string{"Deals Offers Today"}, nil), []ariadiff.Change{named}, []bool{true}},
		{"a value typed is the action's", seen([]string{"Tick 2"}, nil), []ariadiff.Change{typed}, []bool{false}},
		{"too short a text is found anywhere", seen([]string{"2"}, nil), []ariadiff.Change{tick}, []bool{false}},
		{"no evidence the page changes on its own", &Attribution{Acts: 3, Unk: 1, Self: []string{"Tick 2"}}, []ariadiff.Change{tick}, []bool{false}},
		{"the action's input never reached the page", &Attribution{Unk: 1, Seen: true, Self: []string{"Tick 2"}}, []ariadiff.Change{tick}, []bool{false}},
		{"a text with quotes, which the line escapes", seen([]string{`Updated "12:00:01"`}, nil), []ariadiff.Change{said}, []bool{true}},
		{"a text with an invisible character, which the line escapes", seen([]string{"Tick\u200b 2"}, nil), []ariadiff.Change{hidden}, []bool{true}},
		{"the action changed an element whose text has quotes", seen([]string{"Tick"}, []string{`Tick "2"`}), []ariadiff.Change{quote}, []bool{false}},
		{"an element whose name the line cuts", seen([]string{"Deals " + long}, nil), []ariadiff.Change{cut}, []bool{true}},
		{"prima's words are no text of the page", seen([]string{"selected"}, nil), []ariadiff.Change{named}, []bool{false}},
		{"nothing but the action changed the page", &Attribution{Acts: 3, Act: 1, Seen: true, Caused: []string{"Saved 3"}}, []ariadiff.Change{status}, []bool{false}},
		// A strip that churned more slides than the tracker keeps: the
		// ones the diff shows were dropped for later ones.
		{"a slide the tracker dropped, kept ones shaped as it", over(seen([]string{"Slide 40", "Slide 41"}, []string{"Saved 3"})),
			[]ariadiff.Change{slide, status}, []bool{true, false}},
		{"a slide the tracker dropped, with nothing dropped", seen([]string{"Slide 40", "Slide 41"}, nil), []ariadiff.Change{slide}, []bool{false}},
		{"a dropped slide shaped as the action's own work", over(seen([]string{"Slide 40"}, []string{"Slide 1"})), []ariadiff.Change{slide}, []bool{false}},
		{"the action's answer is never the page's by shape alone", over(seen([]string{"Saved 1", "Saved 2"}, []string{"Saved 3"})), []ariadiff.Change{status}, []bool{false}},
	} {
		got := Mark(c.cs, c.a)
		for i := range got {
			if got[i].Own != c.own[i] {
				t.Errorf("%s: %s own = %v, want %v", c.name, got[i].Text, got[i].Own, c.own[i])
			}
		}
		for i := range c.cs {
			if c.cs[i].Own {
				t.Errorf("%s: the caller's changes were written to", c.name)
			}
		}
	}
}

func TestAttributionsAddUp(t *testing.T) {
	a := &Attribution{Acts: 1, Unk: 1, Self: []string{"Tick 2"}}
	b := &Attribution{Acts: 2, Act: 1, Seen: true, Caused: []string{"Saved"}, SelfOver: true}
	sum := a.Add(b)
	if sum.Acts != 3 || sum.Act != 1 || sum.Unk != 1 || !sum.Seen || len(sum.Self) != 1 || len(sum.Caused) != 1 || !sum.SelfOver {
		t.Errorf("sum = %+v", sum)
	}
	if a.Add(nil) != a || (*Attribution)(nil).Add(b) != b {
		t.Errorf("a nil side is nothing seen")
	}
	if len(a.Self) != 1 {
		t.Errorf("adding wrote to a side: %+v", a)
	}
}

// A press no click followed is proven by the action's own work only: when
// the tracker saw the action's input and none of its work change the page,
// what changed meanwhile is the page's (a feed, a re-sort), even where it
// is not marked so.
func TestPressChangesNeedTheActionsWork(t *testing.T) {
	cs := ariadiff.Diff(ariadiff.Parse("- paragraph: Layout 220"), ariadiff.Parse("- paragraph: Layout 223"))
	if got := PressChanges(cs, &Attribution{Acts: 3, Own: 2}); got != nil {
		t.Errorf("no work of the action's changed the page, and %v still proves the press", got)
	}
	if got := PressChanges(cs, &Attribution{Acts: 3, Act: 1, Caused: []string{"Layout 223"}}); len(got) != len(cs) {
		t.Errorf("the action's work changed the page, and its changes were dropped: %v", got)
	}
	// The press's work changed one element while the page churned on its
	// own: only the change that shows the press's work proves it.
	churn := ariadiff.Diff(ariadiff.Parse("- paragraph: Layout 220\n- checkbox \"Item 5\" [checked]"), ariadiff.Parse("- paragraph: Layout 223"))
	if got := PressChanges(churn, &Attribution{Acts: 3, Act: 1, Own: 4, Caused: []string{"Layout 223"}}); len(got) != 1 || !strings.Contains(got[0].Text, "Layout") {
		t.Errorf("the churn's removal proves the press: %v", got)
	}
	if got := PressChanges(churn, &Attribution{Acts: 3, Act: 1, Own: 4, Caused: []string{"Calendar"}}); len(got) != 0 {
		t.Errorf("changes that show none of the press's work prove it: %v", got)
	}
	if got := PressChanges(cs, nil); len(got) != len(cs) {
		t.Errorf("with no tracker (a frame), the changes were dropped: %v", got)
	}
	// Only the press's work changed the page (a tag's remove button that
	// removes its tag on mousedown): each change is the press's, whatever
	// texts the work's elements held.
	removed := ariadiff.Diff(ariadiff.Parse("- text: Red\n- button \"Remove Red\"\n- status: Tags: Red, Green"), ariadiff.Parse("- status: Tags: Green"))
	if got := PressChanges(removed, &Attribution{Acts: 3, Act: 2, Caused: []string{"×"}}); len(got) != len(removed) {
		t.Errorf("the press's work alone changed the page, and %d of its %d changes prove it: %v", len(got), len(removed), got)
	}
	// The element pressed ("Item 309d") changed nothing by itself: a
	// rename of another item, shaped like it, is the page's own churn and
	// proves no press; one showing the pressed element's text does.
	renamed := ariadiff.Diff(ariadiff.Parse("- paragraph: Layout 220\n- checkbox \"Item 358c\""), ariadiff.Parse("- paragraph: Layout 226\n- checkbox \"Item 358d\""))
	pressed := &Attribution{Acts: 3, Act: 1, Own: 4, Caused: []string{"Calendar"}, Hit: []string{"Item 309d"}}
	if got := PressChanges(renamed, pressed); len(got) != 0 {
		t.Errorf("an element shaped as the one pressed proves the press: %v", got)
	}
	if got := PressChanges(renamed, &Attribution{Acts: 3, Act: 1, Own: 4, Caused: []string{"Calendar"}, Hit: []string{"Item 358d"}}); len(got) == 0 {
		t.Errorf("a change of the element pressed does not count as the press's: %v", got)
	}
	// Nor does a change of another element whose context (the text of the
	// list it is in) holds the pressed element's name: CI's chaos page
	// answered ok for a press whose click the page's move stopped, proven
	// by another item's rename "in" a list naming every item.
	beside := change(ariadiff.Renamed, nil, word("textbox "), quoted("Item 156b"), word(" -> "), quoted("Item 143c"), word(" (in "),
		shown.Part{Text: "Item 167 Item 148b Item 156b", Show: shown.Quoted, Where: true}, word(")"))
	onList := &Attribution{Acts: 3, Act: 1, Own: 4, Caused: []string{"Calendar"}, Hit: []string{"Item 148b"}}
	if got := PressChanges([]ariadiff.Change{beside}, onList); len(got) != 0 {
		t.Errorf("a change beside the element pressed proves the press: %v", got)
	}
	if got := Mark([]ariadiff.Change{beside}, &Attribution{Acts: 3, Own: 4, Seen: true, Self: []string{"Item 143c"}, Hit: []string{"Item 148b"}}); !got[0].Own {
		t.Errorf("a change of the page's own beside the element pressed is not marked so: %v", got)
	}
	// What the action's work changed still shows in a context: the list
	// it changed is where the element is.
	if got := PressChanges([]ariadiff.Change{beside}, &Attribution{Acts: 3, Act: 1, Caused: []string{"Item 167 Item 148b"}}); len(got) != 1 {
		t.Errorf("a change in a block the action's work changed does not count: %v", got)
	}
	// In the element's own document, a tracker window that cannot be read
	// or saw no input of the press leaves nothing to prove it with: Act
	// drops the changes then (the engine's act.go), as a page's own churn would pass.
}
