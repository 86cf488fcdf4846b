package instruct

import (
	"fmt"
	"slices"
	"testing"
)

func TestWords(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"Unsubscribe from all", []string{"unsubscribe", "from", "all"}},
		{"Sign-in", []string{"sign", "in"}},
		{"  Save, draft!  ", []string{"save", "draft"}},
		{"Don't save", []string{"don", "t", "save"}},
		{"ÉLAN vital", []string{"élan", "vital"}},
		{"Сохранить черновик", []string{"сохранить", "черновик"}},
		{"保存する", []string{"保存する"}},
		{"Item 22", []string{"item", "22"}},
		{"🚀 Launch", []string{"launch"}},
		{"+ …", nil},
		{"e\u0301lan", []string{"e\u0301lan"}}, // a combining accent stays in its word
	} {
		if got := Words(c.in); !slices.Equal(got, c.want) {
			t.Errorf("Words(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestNameMatch(t *testing.T) {
	for _, c := range []struct{ target, name, want string }{
		{"Subscribe", "Unsubscribe from all", ""},
		{"Subscribe", "Subscribe", MatchExact},
		{"subscribe", "SUBSCRIBE", MatchExact},
		{"Save  all", "Save all", MatchExact},
		{"Save", "Save draft", MatchWords},
		{"draft", "Save draft", MatchWords},
		{"Save", "Saved", ""},
		{"Save", "Unsaved changes", ""},
		{"all Save", "Save all", MatchWords},
		{"Save copy", "Save draft", ""},
		{"sign in", "Sign-in", MatchWords},
		{"+", "+ Add", ""},
		{"İstanbul", "istanbul", MatchExact},
	} {
		if got := NameMatch(c.target, c.name); got != c.want {
			t.Errorf("NameMatch(%q, %q) = %q, want %q", c.target, c.name, got, c.want)
		}
	}
}

// TestTextPattern pins the JavaScript patterns; their behaviour in a
// browser is rule 10's: no match inside a longer word.
func TestTextPattern(t *testing.T) {
	const lb, la = `(?<![\p{L}\p{N}\p{M}])`, `(?![\p{L}\p{N}\p{M}])`
	for _, c := range []struct{ in, want string }{
		{"Subscribe", lb + "Subscribe" + la},
		{"Profile  saved", lb + `Profile\s+saved` + la},
		{"Saved!", lb + `Saved!`},
		{"$12.50", `\$12\.50` + la},
		{`Say "hi" > 'bye'`, lb + `Say\s+\x22hi\x22\s+\x3e\s+\x27bye\x27`},
		{"a/b (c)", lb + `a\/b\s+\(c\)`},
		{"x\u200by", lb + `x\u{200b}y` + la},
		{"Élan", lb + "Élan" + la},
		{"  ", ""},
	} {
		if got := TextPattern(c.in); got != c.want {
			t.Errorf("TextPattern(%q)\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

func TestRoleWord(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"button", "button"}, {"Field", "textbox"}, {"menu  item", "menuitem"}, {"alert", "alert"},
		{"status", "status"}, {"progress bar", "progressbar"}, {"image", "img"}, {"list item", "listitem"},
		{"navigation", "navigation"}, {"banner", "banner"}, {"main", "main"}, {"modal", "dialog"},
		{"alertdialog", "alertdialog"}, {"spinbutton", "spinbutton"}, {"treeitem", "treeitem"},
		{"message", ""}, {"toast", ""}, {"search", ""},
	} {
		got, ok := RoleWord(c.in)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("RoleWord(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
}

func ExampleNameMatch() {
	fmt.Printf("%q\n", NameMatch("Subscribe", "Unsubscribe from all"))
	fmt.Printf("%q\n", NameMatch("Save", "Save draft"))
	fmt.Printf("%q\n", NameMatch("save draft", "Save  draft"))
	// Output:
	// ""
	// "words"
	// "exact"
}
