package engine

import (
	"strings"
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

// A press no click followed is proven by the action's own work only: when
// the tracker saw the action's input and none of its work change the page,
// what changed meanwhile is the page's (a feed, a re-sort), even where it
// is not marked so.
func TestPressChangesNeedTheActionsWork(t *testing.T) {
	cs := ariadiff.Diff(ariadiff.Parse("- paragraph: Layout 220"), ariadiff.Parse("- paragraph: Layout 223"))
	if got := pressChanges(cs, &Attribution{Acts: 3, Own: 2}); got != nil {
		t.Errorf("no work of the action's changed the page, and %v still proves the press", got)
	}
	if got := pressChanges(cs, &Attribution{Acts: 3, Act: 1, Caused: []string{"Layout 223"}}); len(got) != len(cs) {
		t.Errorf("the action's work changed the page, and its changes were dropped: %v", got)
	}
	// The press's work changed one element while the page churned on its
	// own: only the change that shows the press's work proves it.
	churn := ariadiff.Diff(ariadiff.Parse("- paragraph: Layout 220\n- checkbox \"Item 5\" [checked]"), ariadiff.Parse("- paragraph: Layout 223"))
	if got := pressChanges(churn, &Attribution{Acts: 3, Act: 1, Own: 4, Caused: []string{"Layout 223"}}); len(got) != 1 || !strings.Contains(got[0].Text, "Layout") {
		t.Errorf("the churn's removal proves the press: %v", got)
	}
	if got := pressChanges(churn, &Attribution{Acts: 3, Act: 1, Own: 4, Caused: []string{"Calendar"}}); len(got) != 0 {
		t.Errorf("changes that show none of the press's work prove it: %v", got)
	}
	if got := pressChanges(cs, nil); len(got) != len(cs) {
		t.Errorf("with no tracker (a frame), the changes were dropped: %v", got)
	}
	// In the element's own document, a tracker window that cannot be read
	// or saw no input of the press leaves nothing to prove it with: Act
	// drops the changes then (act.go), as a page's own churn would pass.
}
