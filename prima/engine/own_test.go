package engine

import (
	"testing"

	"github.com/prima-dev/prima/ariadiff"
)

func TestMarkOwnTellsThePagesChangesFromTheActions(t *testing.T) {
	tick := ariadiff.Change{Kind: ariadiff.Changed, Text: `paragraph: "Tick 1" -> "Tick 2"`}
	status := ariadiff.Change{Kind: ariadiff.Added, Text: "status: Saved 3", Of: &ariadiff.Element{Role: "status"}}
	slide := ariadiff.Change{Kind: ariadiff.Added, Text: "listitem: Slide 9", Of: &ariadiff.Element{Role: "listitem"}}
	named := ariadiff.Change{Kind: ariadiff.Toggled, Text: `tab "Offers": unselected -> selected`,
		Of: &ariadiff.Element{Role: "tab", Name: "Offers", Named: true, From: "unselected", To: "selected"}}
	typed := ariadiff.Change{Kind: ariadiff.Typed, Text: `textbox "Note": "" -> "Tick 2"`,
		Of: &ariadiff.Element{Role: "textbox", Name: "Note", Named: true, To: "Tick 2", Quoted: true}}
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
		{"nothing but the action changed the page", &Attribution{Acts: 3, Act: 1, Seen: true, Caused: []string{"Saved 3"}}, []ariadiff.Change{status}, []bool{false}},
	} {
		got := MarkOwn(c.cs, c.a)
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
	b := &Attribution{Acts: 2, Act: 1, Seen: true, Caused: []string{"Saved"}}
	sum := a.Add(b)
	if sum.Acts != 3 || sum.Act != 1 || sum.Unk != 1 || !sum.Seen || len(sum.Self) != 1 || len(sum.Caused) != 1 {
		t.Errorf("sum = %+v", sum)
	}
	if a.Add(nil) != a || (*Attribution)(nil).Add(b) != b {
		t.Errorf("a nil side is nothing seen")
	}
	if len(a.Self) != 1 {
		t.Errorf("adding wrote to a side: %+v", a)
	}
}
