package engine

import (
	"testing"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/prima/browser"
)

// A press the page answered by taking the element away is the user's
// click only when it changed something besides that element.
func TestPressActed(t *testing.T) {
	tag := &NoClickError{Target: `button "Tag urgent"`, Role: "button", Name: "Tag urgent"}
	submit := &NoClickError{Target: `button "Submit"`, Role: "button", Name: "Submit", Disabled: true}
	byLocator := &NoClickError{Target: "#submit", Disabled: true}
	diff := func(before, after string) []ariadiff.Change {
		return ariadiff.Diff(ariadiff.Parse(before), ariadiff.Parse(after))
	}
	for _, c := range []struct {
		name  string
		e     *NoClickError
		cs    []ariadiff.Change
		evs   []browser.Event
		acted bool
	}{
		{"removed, a text changed", tag, diff("- paragraph: No tags\n- button \"Tag urgent\"", "- paragraph: \"Tagged: urgent\""), nil, true},
		{"removed, nothing else", tag, diff("- paragraph: No tags\n- button \"Tag urgent\"", "- paragraph: No tags"), nil, false},
		{"replaced by an identical node", tag, nil, nil, false},
		{"disabled, nothing else", submit, diff("- button \"Submit\"", "- button \"Submit\" [disabled]"), nil, false},
		{"disabled, another button too", submit, diff("- button \"Submit\"\n- button \"Cancel\"", "- button \"Submit\" [disabled]\n- button \"Cancel\" [disabled]"), nil, true},
		{"disabled, a dialog opened", submit, nil, []browser.Event{{Kind: browser.EventDialog, Text: `dialog: alert "Sent"`}}, true},
		{"disabled, console errors only", submit, nil, []browser.Event{browser.ConsoleErrors(2)}, false},
		{"unnamed target: any change may be the press's", byLocator, diff("- button \"Submit\"", "- button \"Submit\" [disabled]"), nil, true},
	} {
		if got := c.e.pressActed(c.cs, c.evs); got != c.acted {
			t.Errorf("%s: pressActed = %v, want %v (changes %v)", c.name, got, c.acted, c.cs)
		}
	}
}
