package envelope

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// docs/envelope.md shows envelopes a reader takes for the contract: each
// of its examples is what the renderer prints for that envelope, so a
// change of the rendering (a byte trim, a line left out) fails here until
// the reference says it too.
func TestTheEnvelopeReferenceShowsWhatTheRendererPrints(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "docs", "envelope.md"))
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	parts := strings.Split(string(b), "```")
	for i := 1; i < len(parts); i += 2 {
		blocks = append(blocks, strings.TrimPrefix(parts[i], "\n"))
	}
	section := func(md, title string) string {
		i := strings.Index(md, "### "+title+"\n")
		if i < 0 {
			return ""
		}
		rest := md[i:]
		if j := strings.Index(rest[4:], "\n### "); j >= 0 {
			return rest[:j+5]
		}
		return rest
	}
	save := Envelope{OK: true, Command: `pw click "text=Save"`, Used: "await page.getByRole('button', { name: 'Save', exact: true }).click();",
		Changes: &Changes{Groups: []ChangeGroup{{Kind: "added", Items: lines("status: Profile saved")}}}}
	dialog := Envelope{OK: true, Command: "pw click e9", Used: "await page.getByRole('button', { name: 'Delete files', exact: true }).click();",
		Changes: &Changes{Groups: []ChangeGroup{{Kind: "not observed", Items: []ChangeItem{{Note: "a dialog blocks the page; answer it (prima dialog accept|dismiss) and its envelope shows the Changes"}}}}},
		Events:  []string{`dialog: confirm "Delete 3 files?" -> left open (answer: prima dialog accept|dismiss)`}}
	options := Envelope{OK: true, NewRefs: []NewRef{plainRef("option", "Red", "e12", `listbox "Colour"`), plainRef("option", "Green", "e13", `listbox "Colour"`)}}
	mismatch := Envelope{OK: false, Code: CodeValueMismatch, Command: "pw fill e7 abcdef",
		Used:    "await page.getByRole('textbox', { name: 'Code', exact: true }).fill('abcdef');",
		Failure: &Failure{Error: `textbox "Code" holds "abc" after the action, not "abcdef" as asked`}}
	for name, want := range map[string]string{
		"a successful click":           save.Markdown(),
		"a dialog an action left open": dialog.Markdown(),
		"the New refs of a list":       section(options.Markdown(), "New refs"),
		"a value mismatch":             strings.SplitN(mismatch.Markdown(), "\n### Current page", 2)[0],
	} {
		found := false
		for _, bl := range blocks {
			found = found || strings.TrimSpace(bl) == strings.TrimSpace(want)
		}
		if !found {
			t.Errorf("docs/envelope.md does not show %s as the renderer prints it:\n%s", name, want)
		}
	}
}
