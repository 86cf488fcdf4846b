package engine

import (
	"maps"
	"slices"
	"testing"

	"github.com/prima-dev/prima/ariadiff"
)

// What an earlier view with refs says was there before an action whose
// view before holds none: the refs of the elements before still shows at
// the same place, and none of a place where before shows fewer (some
// hidden since), nor one that only shares a role and name with another.
func TestStillThere(t *testing.T) {
	earlier := &View{Tree: ariadiff.Parse(`- listbox "Colour" [ref=e4]:
  - option "Pick a colour" [ref=e7]
- menu "File" [ref=e8]:
  - menuitem "Open" [ref=e9]
  - menuitem "Save" [ref=e10]
- button "Go" [ref=e11]
- button "Go" [ref=e12]`)}
	for _, c := range []struct {
		name, before string
		want         []string
	}{
		{"all still there", `- listbox "Colour":
  - option "Pick a colour"
- menu "File":
  - menuitem "Open"
  - menuitem "Save"
- button "Go"
- button "Go"`, []string{"e10", "e11", "e12", "e4", "e7", "e8", "e9"}},
		{"a menu closed since", `- listbox "Colour":
  - option "Pick a colour"
- button "Go"
- button "Go"`, []string{"e11", "e12", "e4", "e7"}},
		{"one of two alike gone", `- listbox "Colour":
  - option "Pick a colour"
- button "Go"`, []string{"e4", "e7"}},
		{"renamed", `- listbox "Colour":
  - option "Red"`, []string{"e4"}},
		{"moved elsewhere", `- menuitem "Open"
- menuitem "Save"`, []string{}},
	} {
		got := slices.Sorted(maps.Keys(stillThere(earlier, &View{Tree: ariadiff.Parse(c.before), RefFree: true})))
		if got == nil {
			got = []string{}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: old refs %v, want %v", c.name, got, c.want)
		}
	}
	// A custom list's options, closed since, beside the hidden native
	// select whose options have the same roles and names.
	native := &View{Tree: ariadiff.Parse(`- combobox:
  - option "Paris"
- listbox "City" [ref=e10]:
  - option "Paris" [ref=e11]`)}
	if got := stillThere(native, &View{Tree: ariadiff.Parse("- combobox:\n  - option \"Paris\""), RefFree: true}); len(got) != 0 {
		t.Errorf("the closed list's options are taken for the native select's: %v", got)
	}
}
