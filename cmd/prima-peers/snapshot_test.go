package main

import (
	"fmt"
	"testing"
)

func TestFindRef(t *testing.T) {
	cli := `- generic [ref=e1]:
  - listbox "Colour" [expanded] [active] [ref=e4] [cursor=pointer]:
      - generic [ref=e5]:
        - combobox "Colour":
          - option "Green"
        - option "Pick a colour" [selected] [ref=e7]
      - listbox [ref=e10]:
        - option "Green" [ref=e13]
  - generic "December 15, 2026" [ref=f4e50] [cursor=pointer]: 15
  - listbox [ref=e20]:
    - option [ref=e21]:
      - mark: Ap
      - text: ple
  - status [ref=e8]: "Chosen: nothing"`
	// ### New refs group refs under their container, indented.
	prima := `### New refs
- textbox "Arrival" [ref=f1e4]
in listbox "City":
  - option "Paris" [ref=f3e12]
  - option "Red" [ref=e12]
- button "Edit row 2500" [ref=f1e18759]
in grid "December 2026":
  - generic "December …, 2026": 1 [ref=f4e36], 15 [ref=f4e50], 31 [ref=f4e66]
- row "Order: …": "Ada, 3 items" [ref=e110], Cy [ref=e112]
`
	for _, c := range []struct {
		text string
		want target
		ref  string
	}{
		{cli, target{"listbox", "Colour"}, "e4"},
		{cli, target{"option", "Green"}, "e13"},
		{cli, target{"generic", "December 15, 2026"}, "f4e50"},
		{cli, target{"option", "Apple"}, "e21"},
		{cli, target{"status", "Chosen: nothing"}, "e8"},
		{cli, target{"option", "Blue"}, ""},
		{prima, target{"option", "Paris"}, "f3e12"},
		{prima, target{"option", "Red"}, "e12"},
		{prima, target{"textbox", "Arrival"}, "f1e4"},
		{prima, target{"listbox", "City"}, ""},
		{prima, target{"button", "Edit row 2500"}, "f1e18759"},
		{prima, target{"button", "Edit row 250"}, ""},
		{prima, target{"generic", "December 15, 2026"}, "f4e50"},
		{prima, target{"generic", "December 31, 2026"}, "f4e66"},
		{prima, target{"generic", "December 5, 2026"}, ""},
		{prima, target{"row", "Order: Ada, 3 items"}, "e110"},
		{prima, target{"row", "Order: Cy"}, "e112"},
	} {
		got, err := findRef(c.text, c.want)
		if err != nil || got != c.ref {
			t.Errorf("findRef(%s) = %q, %v; want %q", c.want, got, err, c.ref)
		}
	}
	if _, err := findRef("- button \"A\" [ref=e1]\n- button \"A\" [ref=e2]\n", target{"button", "A"}); err == nil {
		t.Errorf("two elements with one name: no error")
	}
}

func TestEvalAnswerAndSections(t *testing.T) {
	if v, ok := evalAnswer("### Result\n\"Chosen: Green\"\n### Ran Playwright code\n"); !ok || v != "Chosen: Green" {
		t.Errorf("playwright-cli eval: %q %v", v, ok)
	}
	if v, ok := evalAnswer("### Result\nok: true\n\n### Answer\n\"City: Paris\"\n"); !ok || v != "City: Paris" {
		t.Errorf("prima eval: %q %v", v, ok)
	}
	tk := task{Solved: exact("City: Paris")}
	if !seen("added:\n  - status: City: Paris\n", tk) || !seen("- status [ref=e8]: \"City: Paris\"", tk) ||
		!seen("changed:\n  - status: City: none -> City: Paris\n", tk) || seen("- status: City: none", tk) ||
		!seen("changed:\n  - status: \"City: none\" -> \"City: Paris\"\n", tk) || seen("  - status: \"City: Paris\" -> \"City: none\"\n", tk) {
		t.Errorf("seen")
	}
	if l := ymlLinks("- [Snapshot](.playwright-cli/page-1.yml)\n"); len(l) != 1 || l[0] != ".playwright-cli/page-1.yml" {
		t.Errorf("ymlLinks = %v", l)
	}
}

func TestHeldRefs(t *testing.T) {
	if got := heldRefs("### Changes\nno change\n"); got != "the envelope has no ### New refs" {
		t.Errorf("no New refs: %q", got)
	}
	short := "### New refs\n- combobox \"Size\" [ref=f2e11]\n"
	if got := heldRefs(short); got != `its ### New refs list only - combobox "Size" [ref=f2e11]` {
		t.Errorf("short: %q", got)
	}
	long := "### New refs\n"
	for i := 1; i <= 20; i++ {
		long += fmt.Sprintf("- button \"Edit row %d\" [ref=e%d]\nin cell \"Note %d\":\n  - textbox \"Note %d\" [ref=e%d]\n", i, 2*i, i, i, 2*i+1)
	}
	long += "- … 9963 more: prima snapshot lists them\n"
	want := "its ### New refs list only 40 refs, `- button \"Edit row 1\" [ref=e2]` to `- textbox \"Note 20\" [ref=e41]`, then `- … 9963 more: prima snapshot lists them`"
	if got := heldRefs(long); got != want {
		t.Errorf("long:\n got %q\nwant %q", got, want)
	}
}
