package ariadiff

import (
	"slices"
	"strings"
	"testing"
)

// TestDiffPairsByNode: trees of one Space pair their entries by node, so
// an element that stayed is never listed removed and added, whatever
// changed around it or in its name; trees of no Space or of two pair as
// before, by what their lines say.
func TestDiffPairsByNode(t *testing.T) {
	cases := []struct {
		name          string
		before, after string
		// want is the diff of one Space; without one, the diff is the same
		// when lost is "", else it holds lost, what only the nodes avoid.
		want []string
		lost string
	}{
		{"an expanded button whose context changed, its name repeated unevenly, stays",
			"- generic [ref=n1]:\n  - button \"Details\" [expanded=false] [ref=n2]\n  - paragraph [ref=n3]: Ships in 2 days\n" +
				"- generic [ref=n4]:\n  - button \"Details\" [expanded=false] [ref=n5]\n  - paragraph [ref=n6]: 30 days\n" +
				"- generic [ref=n7]:\n  - button \"Details\" [expanded=false] [ref=n8]\n  - paragraph [ref=n9]: Card only\n",
			"- generic [ref=n1]:\n  - button \"Details\" [expanded=false] [ref=n2]\n  - paragraph [ref=n3]: Ships tomorrow by air\n" +
				"- generic [ref=n4]:\n  - button \"Details\" [expanded=true] [ref=n5]\n  - paragraph [ref=n6]: 60 days, free\n",
			[]string{`changed: paragraph: "Ships in 2 days" -> "Ships tomorrow by air"`, `changed: button "Details": false -> true (near "60 days, free")`,
				`changed: paragraph: "30 days" -> "60 days, free"`, `removed: button "Details" [expanded=false] (near "Card only")`, `removed: paragraph: Card only`},
			`removed: button "Details" [expanded=false] (near "Ships in 2 days")`},
		{"a button renamed as it moved to another list stays, moved",
			"- list \"Todo\" [ref=n1]:\n  - listitem [ref=n2]:\n    - button \"Pin\" [ref=n3]\n  - listitem [ref=n4]: Milk\n" +
				"- list \"Pinned\" [ref=n5]:\n  - listitem [ref=n6]: Eggs\n",
			"- list \"Todo\" [ref=n1]:\n  - listitem [ref=n4]: Milk\n" +
				"- list \"Pinned\" [ref=n5]:\n  - listitem [ref=n6]: Eggs\n  - listitem [ref=n2]:\n    - button \"Unpin\" [ref=n3]\n",
			[]string{`changed: button "Unpin" moved into list "Pinned"`, `renamed: button "Pin" -> "Unpin"`},
			`removed: button "Pin"`},
		{"a status that says something else is known by its node",
			"- button \"Save\" [ref=n5]\n- status [ref=n6]: One\n- status [ref=n7]: Two\n",
			"- button \"Save\" [ref=n5]\n- status [ref=n6]: Three\n- status [ref=n7]: Four\n",
			[]string{`changed: status: "One" -> "Three"`, `changed: status: "Two" -> "Four"`},
			`removed: status: One`},
		{"a node that shows the next item after the first went: the first is removed",
			"- list [ref=n1]:\n  - listitem [ref=n2]: Apples\n  - listitem [ref=n3]: Bread\n  - listitem [ref=n4]: Cheese\n",
			"- list [ref=n1]:\n  - listitem [ref=n2]: Bread\n  - listitem [ref=n3]: Cheese\n",
			[]string{`removed: listitem: Apples`},
			""},
		{"a combobox's shown text, its own line once the combobox holds a search field, stays",
			"- combobox \"Seat\" [ref=n4]:\n  - generic [ref=n5]: Pick a seat\n- status [ref=n6]: \"Seat: none\"\n",
			"- combobox \"Seat\" [expanded] [ref=n4]:\n  - generic [ref=n5]: Pick a seat\n  - listbox [ref=n7]:\n    - textbox \"Search\" [ref=n11]\n    - option \"Seat 1\" [ref=n13]\n- status [ref=n6]: \"Seat: none\"\n",
			[]string{`changed: combobox "Seat": collapsed -> expanded`, `added: listbox`, `added: textbox "Search"`, `added: option "Seat 1"`},
			`added: generic: Pick a seat`},
		{"and when it closes on another pick, its text changed",
			"- combobox \"Seat\" [expanded] [ref=n4]:\n  - generic [ref=n5]: Seat 2\n  - listbox [ref=n7]:\n    - textbox \"Search\" [ref=n11]\n    - option \"Seat 1\" [ref=n13]\n",
			"- combobox \"Seat\" [ref=n4]:\n  - generic [ref=n5]: Seat 1\n",
			[]string{`changed: combobox "Seat": expanded -> collapsed`, `changed: generic: "Seat 2" -> "Seat 1"`, `removed: listbox`, `removed: textbox "Search"`, `removed: option "Seat 1"`},
			`removed: generic: Seat 2`},
		{"a label that comes to stand next to its field stays",
			"- text: Languages\n- generic [ref=n11]:\n  - text: English\n  - link \"×\" [ref=n12]\n- textbox \"Languages\" [ref=n13]\n",
			"- text: Languages\n- textbox \"Languages\" [ref=n13]\n",
			[]string{`removed: text: English`, `removed: link "×"`},
			""},
		{"a dialog's heading is no page heading renamed",
			"- main [ref=n1]:\n  - heading \"Account\" [level=2] [ref=n2]\n  - button \"Delete draft\" [ref=n3]\n",
			"- dialog \"Delete the draft?\" [ref=n9]:\n  - heading \"Delete the draft?\" [level=2] [ref=n10]\n  - button \"Yes, delete it\" [ref=n11]\n",
			[]string{`added: dialog "Delete the draft?"`, `added: heading "Delete the draft?" [level=2]`, `added: button "Yes, delete it"`,
				`removed: heading "Account" [level=2]`, `removed: button "Delete draft"`},
			`renamed: heading "Account" -> "Delete the draft?"`},
		{"a paragraph redrawn in its place changed",
			"- main [ref=n1]:\n  - paragraph [ref=n2]: \"Status: draft\"\n  - button \"Publish\" [ref=n3]\n",
			"- main [ref=n1]:\n  - paragraph [ref=n7]: \"Status: published\"\n  - button \"Publish\" [ref=n3]\n",
			[]string{`changed: paragraph: "Status: draft" -> "Status: published"`},
			""},
		{"a heading of another level in its place is another heading",
			"- main:\n  - heading \"tiny-router\" [level=1]\n  - paragraph: A readme\n",
			"- main:\n  - heading \"Current Tags (1)\" [level=6]\n  - paragraph: A readme\n",
			[]string{`added: heading "Current Tags (1)" [level=6]`, `removed: heading "tiny-router" [level=1]`},
			""},
		{"a node whose role changed is another control",
			"- button \"Edit\" [ref=n1]\n",
			"- link \"Edit\" [ref=n1]\n",
			[]string{`added: link "Edit"`, `removed: button "Edit"`},
			""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			diff := func(space, other string) []string {
				b, a := Parse(c.before), Parse(c.after)
				b.StripRefs()
				a.StripRefs()
				b.Space, a.Space = space, other
				var got []string
				for _, ch := range Diff(b, a) {
					got = append(got, ch.String())
				}
				return got
			}
			if got := diff("w1", "w1"); !slices.Equal(got, c.want) {
				t.Errorf("one space:\n got %q\nwant %q", got, c.want)
			}
			for _, sp := range [][2]string{{"", ""}, {"w1", "w2"}} {
				got := diff(sp[0], sp[1])
				if c.lost == "" && !slices.Equal(got, c.want) {
					t.Errorf("spaces %q:\n got %q\nwant %q", sp, got, c.want)
				}
				if c.lost != "" && !slices.Contains(got, c.lost) {
					t.Errorf("spaces %q: %q does not hold %q: the case shows nothing only nodes tell", sp, got, c.lost)
				}
			}
		})
	}
}

// TestAdoptIDs: a snapshot takes the node IDs of a render of the same
// page, and none from a render of another.
func TestAdoptIDs(t *testing.T) {
	snap := "- button \"Save\" [ref=e5]\n- list [ref=e6]:\n  - listitem [ref=e7]: Milk\n"
	render := Parse("- button \"Save\" [ref=n1]\n- list [ref=n2]:\n  - listitem [ref=n3]: Milk\n")
	render.StripRefs()
	render.Space = "w1"
	got := Parse(snap)
	if !AdoptIDs(got, render) || got.Space != "w1" {
		t.Fatalf("the same page adopted nothing (space %q)", got.Space)
	}
	var ids []string
	got.Root.Walk(func(n *Node, _ int) bool { ids = append(ids, n.ID); return true })
	if !slices.Equal(ids, []string{"n1", "n2", "n3"}) {
		t.Errorf("ids %q, want n1 n2 n3", ids)
	}
	other := Parse(strings.Replace(snap, "Milk", "Eggs", 1))
	if AdoptIDs(other, render) || other.Space != "" || other.Root.Children[0].ID != "e5" {
		t.Errorf("another page adopted the render's ids: space %q, first id %q", other.Space, other.Root.Children[0].ID)
	}
}
