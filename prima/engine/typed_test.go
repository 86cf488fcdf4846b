package engine

import (
	"testing"

	"github.com/prima-dev/prima/ariadiff"
)

// The word typed stays on the value change of the field the action typed
// into; every other value change is the page's, so changed. The field is
// told by the change's element, never by its text.
func TestTypedOnlyKeepsTheFieldsChange(t *testing.T) {
	before := "- textbox \"Email\"\n- textbox \"Emails sent\": \"3\"\n- textbox\n- spinbutton \"Count\": \"1\""
	after := "- textbox \"Email\": a@b.c\n- textbox \"Emails sent\": \"4\"\n- textbox: hi\n- spinbutton \"Count\": \"2\""
	cs := ariadiff.Diff(ariadiff.Parse(before), ariadiff.Parse(after))
	typed := func(got []ariadiff.Change) map[string]bool {
		m := map[string]bool{}
		for _, c := range got {
			m[c.Text] = c.Kind == ariadiff.Typed
		}
		return m
	}
	if len(cs) != 4 {
		t.Fatalf("the diff has %d changes, want 4: %v", len(cs), cs)
	}
	for _, c := range []struct {
		name   string
		typing bool
		field  Target
		want   map[string]bool // line -> still typed
	}{
		{"not typing: none is typed", false, Target{Role: "textbox", Name: "Email"}, map[string]bool{
			`textbox "Email": "" -> "a@b.c"`: false, `textbox "Emails sent": "3" -> "4"`: false, `textbox: "" -> "hi"`: false, `spinbutton "Count": "1" -> "2"`: false}},
		{"the named field only, not one whose name it begins", true, Target{Role: "textbox", Name: "Email"}, map[string]bool{
			`textbox "Email": "" -> "a@b.c"`: true, `textbox "Emails sent": "3" -> "4"`: false, `textbox: "" -> "hi"`: false, `spinbutton "Count": "1" -> "2"`: false}},
		{"an unnamed field: the change about no named element", true, Target{Role: "textbox"}, map[string]bool{
			`textbox "Email": "" -> "a@b.c"`: false, `textbox "Emails sent": "3" -> "4"`: false, `textbox: "" -> "hi"`: true, `spinbutton "Count": "1" -> "2"`: false}},
		{"a field found by its locator: every one may be it", true, Target{Code: "locator('#email')"}, map[string]bool{
			`textbox "Email": "" -> "a@b.c"`: true, `textbox "Emails sent": "3" -> "4"`: true, `textbox: "" -> "hi"`: true, `spinbutton "Count": "1" -> "2"`: true}},
	} {
		got := typed(TypedOnly(cs, c.typing, c.field))
		for line, want := range c.want {
			if k, ok := got[line]; !ok || k != want {
				t.Errorf("%s: %s typed = %v (in diff: %v), want %v", c.name, line, k, ok, want)
			}
		}
	}
}

// A contenteditable's typed change is added to the Changes unless the
// diff already shows that element's: found by the element, or, for one
// named by no element, by the same line.
func TestHasTyped(t *testing.T) {
	cs := ariadiff.Diff(ariadiff.Parse("- textbox \"Note\": a\n- textbox \"Notes\": x\n- textbox: p"), ariadiff.Parse("- textbox \"Note\": ab\n- textbox \"Notes\": y\n- textbox: q"))
	for _, c := range []struct {
		name  string
		typed ariadiff.Change
		want  bool
	}{
		{"the same element, its value read otherwise", ariadiff.ValueChange(ariadiff.Typed, "textbox", "Note", "a", "ab "), true},
		{"another element whose name begins the same", ariadiff.ValueChange(ariadiff.Typed, "textbox", "Not", "a", "ab"), false},
		{"an element the diff does not show", ariadiff.ValueChange(ariadiff.Typed, "textbox", "Title", "", "T"), false},
		{"an unnamed field, the same line", ariadiff.ValueChange(ariadiff.Typed, "textbox", "", "p", "q"), true},
		{"an unnamed field, another line", ariadiff.ValueChange(ariadiff.Typed, "textbox", "", "p", "qq"), false},
		{"a field named by its locator", ariadiff.Change{Kind: ariadiff.Typed, Text: `locator('#n'): "p" -> "q"`}, false},
	} {
		if got := HasTyped(cs, c.typed); got != c.want {
			t.Errorf("%s: HasTyped(%s) = %v, want %v (diff %v)", c.name, c.typed, got, c.want, cs)
		}
	}
}

// The acted element's own change comes first, so the cap on Changes
// (which keeps the first ones) never cuts the proof of the action.
func TestTargetFirst(t *testing.T) {
	before := ariadiff.Parse("- status: a\n- status: b\n- combobox \"Month\": December\n- status: c")
	after := ariadiff.Parse("- status: a2\n- status: b2\n- combobox \"Month\": March\n- status: c2")
	cs := ariadiff.Diff(before, after)
	got := targetFirst(cs, Target{Role: "combobox", Name: "Month"})
	if len(got) != len(cs) || got[0].Of == nil || !got[0].Of.Is("combobox", "Month") {
		t.Errorf("the target's change is not first: %v", got)
	}
	if kept, _ := ariadiff.Cap(got, 1); !kept[0].Of.Is("combobox", "Month") {
		t.Errorf("a cap of one cut the target's change: %v", kept)
	}
	if got := targetFirst(cs, Target{}); len(got) != len(cs) || got[0].Text != cs[0].Text {
		t.Errorf("an unnamed target reordered the Changes")
	}
}
