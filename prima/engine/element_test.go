package engine

import (
	"strings"
	"testing"

	"github.com/prima-dev/prima/ariadiff"
)

// A select action fails at once on an option the select does not hold,
// listing what it holds (the first 20); one matched by value or by label
// is there.
func TestHoldsOptions(t *testing.T) {
	opts := [][2]string{{"eu", "Europe"}, {"as", "Asia"}}
	if got, err := holdsOptions(`combobox "Region"`, opts, []string{"as", "Europe"}); err != nil || strings.Join(got, ",") != "as,Europe" {
		t.Errorf("by value and by label: %v %v", got, err)
	}
	// A label with a non-breaking or a repeated space, as a user types it:
	// the option's value, which Playwright matches.
	spacedOpts := [][2]string{{"ny", "New\u00a0York"}, {"sf", "San  Francisco"}}
	if got, err := holdsOptions("combobox", spacedOpts, []string{"New York", "San Francisco"}); err != nil || strings.Join(got, ",") != "ny,sf" {
		t.Errorf("labels with other spacing: %v %v", got, err)
	}
	_, err := holdsOptions(`combobox "Region"`, opts, []string{"Europe", "Mars"})
	if err == nil || err.Error() != `combobox "Region" has no option "Mars" (its options: "Europe", "Asia"); nothing was done` {
		t.Errorf("Mars: %v", err)
	}
	many := make([][2]string, 25)
	for i := range many {
		many[i] = [2]string{string(rune('a' + i)), string(rune('A' + i))}
	}
	if _, err := holdsOptions("combobox", many, []string{"zz"}); err == nil || !strings.Contains(err.Error(), `"T", … 5 more)`) {
		t.Errorf("25 options: %v", err)
	}
}

// A field that left the page as it was filled is proven only by a value
// change of its own role and name to what was asked.
func TestLeftPageProvenByTheDiff(t *testing.T) {
	diff := func(before, after string) []ariadiff.Change {
		return ariadiff.Diff(ariadiff.Parse(before), ariadiff.Parse(after))
	}
	e := &LeftPageError{Target: `textbox "Item 37"`, Role: "textbox", Name: "Item 37", Want: "v128"}
	for _, c := range []struct {
		name   string
		cs     []ariadiff.Change
		proven bool
	}{
		{"the field shows the value", diff(`- textbox "Item 37"`, `- textbox "Item 37": v128`), true},
		{"another field shows it", diff("- textbox \"Item 37\"\n- textbox \"Item 38\"", "- textbox \"Item 37\"\n- textbox \"Item 38\": v128"), false},
		{"the field shows another value", diff(`- textbox "Item 37"`, `- textbox "Item 37": v12`), false},
		{"the page changed elsewhere", diff(`- paragraph: Layout 210`, `- paragraph: Layout 213`), false},
		{"nothing changed", nil, false},
	} {
		if got := e.provenBy(c.cs); got != c.proven {
			t.Errorf("%s: provenBy = %v, want %v (changes %v)", c.name, got, c.proven, c.cs)
		}
	}
}

// A type whose text the page made an element of, emptying the field (a
// tag input on its comma), is proven by that element alone: added by the
// action, showing the text typed without its separator.
func TestATypeTheTagInputTookIsProvenByItsTag(t *testing.T) {
	diff := func(before, after string) []ariadiff.Change {
		return ariadiff.Diff(ariadiff.Parse(before), ariadiff.Parse(after))
	}
	tags := "- list:\n  - listitem: Red\n  - listitem: Green\n- textbox \"Tags\""
	added := diff(tags, "- list:\n  - listitem: Red\n  - listitem: Green\n  - listitem: Yellow\n- textbox \"Tags\"")
	for _, c := range []struct {
		name   string
		e      ValueMismatchError
		cs     []ariadiff.Change
		proven bool
	}{
		{"the comma made a tag", ValueMismatchError{Want: "Yellow,", Got: "", Typing: true}, added, true},
		{"a fill is not a type", ValueMismatchError{Want: "Yellow,", Got: "", Typing: false}, added, false},
		{"the field still holds the text", ValueMismatchError{Want: "Yellow,", Got: "Yellow", Typing: true}, added, false},
		{"another tag was added", ValueMismatchError{Want: "Blue,", Got: "", Typing: true}, added, false},
		{"nothing was added", ValueMismatchError{Want: "Yellow,", Got: "", Typing: true}, diff(tags, tags), false},
		{"a tag removed is no proof", ValueMismatchError{Want: "Green,", Got: "", Typing: true}, diff(tags, "- list:\n  - listitem: Red\n- textbox \"Tags\""), false},
	} {
		if got := c.e.provenBy(c.cs); got != c.proven {
			t.Errorf("%s: provenBy = %v, want %v (changes %v)", c.name, got, c.proven, c.cs)
		}
	}
}
