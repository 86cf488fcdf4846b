package steps

import (
	"strings"
	"testing"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/prima/engine"
)

// A do step is proven by the change of the element it acted on, told by
// the Change's element (its role and name), never by another element's
// change or by reading the text back: a name longer than a Change shows
// still finds its change.
func TestProofIsTheActedElementsChange(t *testing.T) {
	long := strings.Repeat("Delivery instructions for the courier ", 5)
	diff := func(before, after string) []ariadiff.Change {
		return ariadiff.Diff(ariadiff.Parse(before), ariadiff.Parse(after))
	}
	name := engine.Target{Role: "textbox", Name: "Name"}
	cs := diff("- textbox \"Name\"\n- textbox \"Email\"", "- textbox \"Name\"\n- textbox \"Email\": ada@example.com")
	if p := proof("fill", name, "/a", "/a", cs); p != "" {
		t.Errorf("fill Name proven by another field's change: %q", p)
	}
	cs = diff("- textbox \"Name\"\n- textbox \"Email\"", "- textbox \"Name\": Ada\n- textbox \"Email\"")
	if p := proof("fill", name, "/a", "/a", cs); !strings.Contains(p, `textbox "Name"`) || !strings.Contains(p, "Ada") {
		t.Errorf("fill Name: proof %q, want its typed change", p)
	}
	cs = diff("- textbox \""+long+"\"", "- textbox \""+long+"\": ring twice")
	if p := proof("fill", engine.Target{Role: "textbox", Name: long}, "/a", "/a", cs); !strings.Contains(p, "ring twice") {
		t.Errorf("fill a field with a %d-character name: proof %q (changes %v)", len(long), p, cs)
	}
	// An autocomplete's combobox: the text typed into it is its value.
	city := engine.Target{Role: "combobox", Name: "City"}
	cs = diff("- combobox \"City\"\n- combobox \"Town\"", "- combobox \"City\": ber\n- combobox \"Town\"")
	if p := proof("fill", city, "/a", "/a", cs); !strings.Contains(p, `combobox "City"`) || !strings.Contains(p, "ber") {
		t.Errorf("fill City: proof %q, want its value change (changes %v)", p, cs)
	}
	cs = diff("- combobox \"City\"\n- combobox \"Town\"", "- combobox \"City\"\n- combobox \"Town\": ber")
	if p := proof("fill", city, "/a", "/a", cs); p != "" {
		t.Errorf("fill City proven by another combobox's change: %q", p)
	}
	cs = diff("- checkbox \"Agree\"\n- checkbox \"Subscribe\"", "- checkbox \"Agree\"\n- checkbox \"Subscribe\" [checked]")
	if p := proof("check", engine.Target{Role: "checkbox", Name: "Agree"}, "/a", "/a", cs); p != "" {
		t.Errorf("check Agree proven by Subscribe: %q", p)
	}
}

// A check of a box no name tells apart (a web component's, drawn in its
// shadow root) is proven by the one box that turned as asked: not by a
// box that turned the other way, nor when two turned.
func TestBoxProof(t *testing.T) {
	diff := func(before, after string) []ariadiff.Change {
		return ariadiff.Diff(ariadiff.Parse(before), ariadiff.Parse(after))
	}
	one := diff("- generic:\n  - checkbox\n- status: no", "- generic:\n  - checkbox [checked]\n- status: yes")
	if p := boxProof("checked", one); !strings.Contains(p, "unchecked -> checked") {
		t.Errorf("boxProof(checked) = %q, want the box's toggle (changes %v)", p, one)
	}
	if p := boxProof("unchecked", one); p != "" {
		t.Errorf("an uncheck proven by a box that was checked: %q", p)
	}
	two := diff("- generic:\n  - checkbox\n- generic:\n  - checkbox", "- generic:\n  - checkbox [checked]\n- generic:\n  - checkbox [checked]")
	if p := boxProof("checked", two); p != "" {
		t.Errorf("two boxes that turned prove neither, got %q (changes %v)", p, two)
	}
}

// An expand is proven only by the element it named saying it is expanded
// now: its being selected, or another element expanding, proves nothing.
func TestDisclosed(t *testing.T) {
	diff := func(before, after string) []ariadiff.Change {
		return ariadiff.Diff(ariadiff.Parse(before), ariadiff.Parse(after))
	}
	docs := engine.Target{Role: "treeitem", Name: "Documents"}
	selected := diff("- tree:\n  - treeitem \"Documents\"\n  - treeitem \"Photos\"", "- tree:\n  - treeitem \"Documents\" [selected]\n  - treeitem \"Photos\"")
	if p := disclosed(docs, "expanded", selected); p != "" {
		t.Errorf("expand proven by a selection: %q (changes %v)", p, selected)
	}
	other := diff("- tree:\n  - treeitem \"Documents\"\n  - treeitem \"Photos\"", "- tree:\n  - treeitem \"Documents\"\n  - treeitem \"Photos\" [expanded]")
	if p := disclosed(docs, "expanded", other); p != "" {
		t.Errorf("expand Documents proven by Photos: %q (changes %v)", p, other)
	}
	opened := diff("- tree:\n  - treeitem \"Documents\"\n  - treeitem \"Photos\"", "- tree:\n  - treeitem \"Documents\" [expanded]\n  - treeitem \"Photos\"")
	if p := disclosed(docs, "expanded", opened); !strings.Contains(p, `treeitem "Documents"`) || !strings.Contains(p, "expanded") {
		t.Errorf("disclosed = %q, want Documents' change to expanded (changes %v)", p, opened)
	}
	if p := disclosed(docs, "collapsed", opened); p != "" {
		t.Errorf("a collapse proven by an expand: %q", p)
	}
}
