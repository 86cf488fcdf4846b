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
