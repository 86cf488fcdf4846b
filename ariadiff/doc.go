// Package ariadiff parses, compacts and diffs Playwright's accessibility (aria) snapshots.
//
// # What a diff compares
//
// Diff reduces each tree to entries in document order:
//
//   - elements: what a user can act on (button, link, textbox, checkbox…)
//     and what a page announces with (heading, alert, status, dialog…),
//     with their name, states ([checked], [disabled]…) and value;
//   - texts: every other node that shows text of its own, an inline value
//     (`- paragraph: …`, `- listitem: …`, `- cell: …`, `- generic: …`,
//     `- text: …`) or the name of a leaf (`- cell "x"`, `- img "Logo"`).
//
// A text that an element already says is not a second entry: the text
// inside a button or link that is part of its name, the text of a field (a
// contenteditable textbox's paragraphs are its value), what a live region
// says, and a label beside the element it names (`- text: Email` next to
// `- textbox "Email"`).
//
// Refs, [active] and [cursor=…] are noise: a tree whose refs were merely
// renumbered diffs to no entries. Diff returns no entries only when the
// ref-free trees are identical, text included; a difference no entry
// covers (a wrapper, a link's URL, an empty node) still gives one.
//
// # Repeated elements
//
// An element whose role and name occur more than once (the unnamed
// checkboxes of a todo list, a "Delete" button on every row) is told apart
// by its context: the text of the nearest enclosing node that shows any
// (its list item, row or container), else the names of the other elements
// there. Alignment pairs copies by it, so deleting one item reads as that
// item removed, never as another item's box toggled. The entry names it:
// `checkbox (in "Walk the dog")`.
//
// # Wording
//
// Each Change is a Kind and a Text; the envelope prints them grouped by
// kind, in this order, and in document order within a kind:
//
//	typed:    textbox "Name": "" -> "Ada"
//	selected: combobox "Size": "Medium" -> "Large"
//	toggled:  checkbox "Agree": unchecked -> checked
//	toggled:  checkbox: unchecked -> checked (in "Walk the dog")
//	changed:  button "Save": disabled -> enabled
//	changed:  paragraph: "Count: 1" -> "Count: 2"          a text changed in place
//	changed:  listitem ×120 (first: "Buy 1" -> "Sell 1", last: "Buy 120" -> "Sell 120")
//	changed:  link "Next": /url: "/p/2" -> "/p/3"         what no entry covers
//	renamed:  heading "List page 1" -> "List page 2"
//	added:    heading "Share" [level=2]
//	added:    status: Profile saved
//	added:    paragraph: Thank you, your order ships Monday
//	added:    cell "Total"
//	added:    listitem ×500 (first: "Item 1", last: "Item 500")
//	added:    button "Delete" ×20
//	removed:  text: old
//	removed:  checkbox (in "Walk the dog")
//
// Typed, selected, toggled and changed entries about an element start with
// its Head and ":", and a repeated element's context comes last, so callers
// can find the entries about one element by prefix. A text changed in
// place is one `changed` entry when it is clearly the same node: texts of
// one role replaced between the same neighbours, in order when as many
// went as came, else only those that stayed alike. After a navigation
// (DiffNavigated) nothing is changed in place: texts and elements are only
// added or removed.
//
// Runs are counted: from 6 texts (12 elements) of one kind and role in one
// place, a single entry `role ×N (first: …, last: …)` stands for them,
// `role "name" ×N` when all share one name. Names, values and texts are cut
// at 120 runes (`…(+N chars)`); when two long texts differ past the cut,
// both are shown from a little before the difference (`"…tail"`). Contexts
// and the examples of a run are cut at 60 runes.
//
// # Invisible characters
//
// Wherever ariadiff writes a name or a value (diff entries, Compact, Head,
// the canonical String), zero-width characters, bidi controls, other format
// and control characters print as `\u200b`-style escapes, so `Sa\u200bve`
// never looks like `Save`; EscapeInvisible does the same for other packages.
// Roles and bracket groups are Playwright's own vocabulary and print as
// they are.
package ariadiff
