package instruct

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// parseCases are instructions the literal grammar must read, each named for
// the behaviour it pins. FuzzParse seeds from them too.
var parseCases = []struct {
	name string
	in   string
	want Intent
}{
	{"a tab before with still splits", "fill Name\twith Ada", Intent{Verb: "fill", Target: Target{Text: "Name"}, Value: "Ada"}},
	{"a value keeps its exclamation mark", "fill Message with Hello!", Intent{Verb: "fill", Target: Target{Text: "Message"}, Value: "Hello!"}},
	{"unicode that changes length when lower-cased", "fill İ with Ada", Intent{Verb: "fill", Target: Target{Text: "İ"}, Value: "Ada"}},
	// fill NAME with VALUE, and the VALUE into NAME forms.
	{"fill NAME with VALUE", "fill Name with Ada",
		Intent{Verb: "fill", Target: Target{Text: "Name"}, Value: "Ada"}},
	{"fill in the … field drops in, the and reads the role word", "fill in the Email field with ada@example.com",
		Intent{Verb: "fill", Target: Target{Text: "Email", Role: "textbox"}, Value: "ada@example.com"}},
	{"fill VALUE into NAME when there is no with", "fill Ada into Name",
		Intent{Verb: "fill", Target: Target{Text: "Name"}, Value: "Ada"}},
	{"fill VALUE in NAME when there is no with", "fill Ada in Name",
		Intent{Verb: "fill", Target: Target{Text: "Name"}, Value: "Ada"}},
	{"quoted value keeps an inner with", `fill Note with "bread with butter"`,
		Intent{Verb: "fill", Target: Target{Text: "Note"}, Value: "bread with butter"}},
	{"quoted target keeps an inner with", `fill "Notes with tags" with x`,
		Intent{Verb: "fill", Target: Target{Text: "Notes with tags", Quoted: true}, Value: "x"}},
	{"unquoted value splits at the first with", "fill Note with bread with butter",
		Intent{Verb: "fill", Target: Target{Text: "Note"}, Value: "bread with butter"}},
	{"quoted target with a role word", `fill the "Full name" field with Ada Lovelace`,
		Intent{Verb: "fill", Target: Target{Text: "Full name", Quoted: true, Role: "textbox"}, Value: "Ada Lovelace"}},
	{"single-quoted value is unquoted", "fill Email with 'ada@example.com'",
		Intent{Verb: "fill", Target: Target{Text: "Email"}, Value: "ada@example.com"}},
	{"smart quotes on target and value", "fill “Full name” with “Ada Lovelace”",
		Intent{Verb: "fill", Target: Target{Text: "Full name", Quoted: true}, Value: "Ada Lovelace"}},
	{"apostrophe inside a value is not a quote", "fill Name with O'Brien",
		Intent{Verb: "fill", Target: Target{Text: "Name"}, Value: "O'Brien"}},
	{"trailing period is dropped", "fill Name with Ada.",
		Intent{Verb: "fill", Target: Target{Text: "Name"}, Value: "Ada"}},
	{"extra spaces are ignored", "  fill   Name   with   Ada  ",
		Intent{Verb: "fill", Target: Target{Text: "Name"}, Value: "Ada"}},
	{"uppercase verb and keyword", "FILL Name WITH Ada",
		Intent{Verb: "fill", Target: Target{Text: "Name"}, Value: "Ada"}},
	{"accented name and value", "fill Prénom with Zoë",
		Intent{Verb: "fill", Target: Target{Text: "Prénom"}, Value: "Zoë"}},
	{"cyrillic name and value", "fill Имя with Ада",
		Intent{Verb: "fill", Target: Target{Text: "Имя"}, Value: "Ада"}},
	{"CJK name and value", "fill 名前 with 太郎",
		Intent{Verb: "fill", Target: Target{Text: "名前"}, Value: "太郎"}},
	{"box is a field", "fill the Search box with cats",
		Intent{Verb: "fill", Target: Target{Text: "Search", Role: "textbox"}, Value: "cats"}},
	{"input is a field", "fill Amount input with 12",
		Intent{Verb: "fill", Target: Target{Text: "Amount", Role: "textbox"}, Value: "12"}},
	{"textarea is a field", "fill the Bio textarea with Hello there",
		Intent{Verb: "fill", Target: Target{Text: "Bio", Role: "textbox"}, Value: "Hello there"}},
	{"searchbox role word", "fill the Query searchbox with cats",
		Intent{Verb: "fill", Target: Target{Text: "Query", Role: "searchbox"}, Value: "cats"}},
	{"write is fill", "write Hello into the Message box",
		Intent{Verb: "fill", Target: Target{Text: "Message", Role: "textbox"}, Value: "Hello"}},
	{"put is fill", "put ada@example.com in Email",
		Intent{Verb: "fill", Target: Target{Text: "Email"}, Value: "ada@example.com"}},
	{"fill with an empty quoted value", `fill Name with ""`,
		Intent{Verb: "fill", Target: Target{Text: "Name"}, Value: ""}},

	// type and enter.
	{"type VALUE into NAME", "type Ada into Name",
		Intent{Verb: "type", Target: Target{Text: "Name"}, Value: "Ada"}},
	{"type keeps into inside a quoted value", `type "milk into tea" into Note`,
		Intent{Verb: "type", Target: Target{Text: "Note"}, Value: "milk into tea"}},
	{"type VALUE in the … field", "type hello world in the Message field",
		Intent{Verb: "type", Target: Target{Text: "Message", Role: "textbox"}, Value: "hello world"}},
	{"type prefers into over an in inside the value", "type sign in into Login",
		Intent{Verb: "type", Target: Target{Text: "Login"}, Value: "sign in"}},
	{"type falls back to NAME with VALUE", "type Name with Ada",
		Intent{Verb: "type", Target: Target{Text: "Name"}, Value: "Ada"}},
	{"capitalised type", "Type Ada into Name",
		Intent{Verb: "type", Target: Target{Text: "Name"}, Value: "Ada"}},
	{"enter quoted value in quoted field", `enter "a b" in the "Full name" field`,
		Intent{Verb: "fill", Target: Target{Text: "Full name", Quoted: true, Role: "textbox"}, Value: "a b"}},
	{"enter VALUE into NAME is fill", "enter 42 into Age",
		Intent{Verb: "fill", Target: Target{Text: "Age"}, Value: "42"}},

	// set.
	{"set NAME to VALUE is fill", "set Name to Ada",
		Intent{Verb: "fill", Target: Target{Text: "Name"}, Value: "Ada"}},
	{"set the … dropdown to VALUE", "set the Size dropdown to Large",
		Intent{Verb: "fill", Target: Target{Text: "Size", Role: "combobox"}, Value: "Large"}},
	{"set keeps to inside a quoted target", `set "Go to page" to 3`,
		Intent{Verb: "fill", Target: Target{Text: "Go to page", Quoted: true}, Value: "3"}},

	// select, choose, pick.
	{"select VALUE from NAME", "select Large from Size",
		Intent{Verb: "select", Target: Target{Text: "Size"}, Value: "Large"}},
	{"choose quoted VALUE in the … dropdown", `choose "Large" in the Size dropdown`,
		Intent{Verb: "select", Target: Target{Text: "Size", Role: "combobox"}, Value: "Large"}},
	{"pick VALUE from the … select", "pick Red from the Color select",
		Intent{Verb: "select", Target: Target{Text: "Color", Role: "combobox"}, Value: "Red"}},
	{"select keeps from inside a quoted value", `select "Sign in from home" from Mode`,
		Intent{Verb: "select", Target: Target{Text: "Mode"}, Value: "Sign in from home"}},
	{"select the … tab is a click", "select the History tab",
		Intent{Verb: "click", Target: Target{Text: "History", Role: "tab"}}},
	{"select without a list is a click", "select History",
		Intent{Verb: "click", Target: Target{Text: "History"}}},

	// check, uncheck.
	{"check NAME", "check Agree",
		Intent{Verb: "check", Target: Target{Text: "Agree"}}},
	{"tick the … checkbox is check", "tick the Agree checkbox",
		Intent{Verb: "check", Target: Target{Text: "Agree", Role: "checkbox"}}},
	{"check the … switch", "check the Dark mode switch",
		Intent{Verb: "check", Target: Target{Text: "Dark mode", Role: "switch"}}},
	{"check the … radio", "check the Red radio",
		Intent{Verb: "check", Target: Target{Text: "Red", Role: "radio"}}},
	{"uncheck NAME", "uncheck Subscribed",
		Intent{Verb: "uncheck", Target: Target{Text: "Subscribed"}}},
	{"untick is uncheck", "untick the Subscribed checkbox",
		Intent{Verb: "uncheck", Target: Target{Text: "Subscribed", Role: "checkbox"}}},

	// hover.
	{"hover over the … button", "hover over the Menu button",
		Intent{Verb: "hover", Target: Target{Text: "Menu", Role: "button"}}},
	{"hover NAME", "hover Menu",
		Intent{Verb: "hover", Target: Target{Text: "Menu"}}},
	{"hover on NAME", "hover on Avatar",
		Intent{Verb: "hover", Target: Target{Text: "Avatar"}}},

	// press KEY [in TARGET].
	{"press a named key", "press Enter",
		Intent{Verb: "press", Value: "Enter"}},
	{"key names are spelled as Playwright wants", "press enter",
		Intent{Verb: "press", Value: "Enter"}},
	{"esc is Escape", "press Esc",
		Intent{Verb: "press", Value: "Escape"}},
	{"arrow keys in any case", "press arrowdown",
		Intent{Verb: "press", Value: "ArrowDown"}},
	{"page keys", "PRESS PAGEDOWN",
		Intent{Verb: "press", Value: "PageDown"}},
	{"press KEY in TARGET", "press Enter in Message",
		Intent{Verb: "press", Target: Target{Text: "Message"}, Value: "Enter"}},
	{"press a chord in the … field", "press Control+A in the Name field",
		Intent{Verb: "press", Target: Target{Text: "Name", Role: "textbox"}, Value: "Control+A"}},
	{"press KEY on TARGET", "press Tab on the Email field",
		Intent{Verb: "press", Target: Target{Text: "Email", Role: "textbox"}, Value: "Tab"}},
	{"press a chord alone", "press Shift+Tab",
		Intent{Verb: "press", Value: "Shift+Tab"}},
	{"press a quoted character", `press "a"`,
		Intent{Verb: "press", Value: "a"}},
	{"press a bare character", "press a",
		Intent{Verb: "press", Value: "a"}},
	{"press a key with a trailing period", "press Enter.",
		Intent{Verb: "press", Value: "Enter"}},

	// click, tap, press TARGET, double-click.
	{"click the … button", "click the Save button",
		Intent{Verb: "click", Target: Target{Text: "Save", Role: "button"}}},
	{"click on quoted text", `click on "Delete all"`,
		Intent{Verb: "click", Target: Target{Text: "Delete all", Quoted: true}}},
	{"tap is click", "tap Save",
		Intent{Verb: "click", Target: Target{Text: "Save"}}},
	{"tap on is click", "tap on Send",
		Intent{Verb: "click", Target: Target{Text: "Send"}}},
	{"press the … button is a click", "press the Save button",
		Intent{Verb: "click", Target: Target{Text: "Save", Role: "button"}}},
	{"press a word that is no key is a click", "press Save",
		Intent{Verb: "click", Target: Target{Text: "Save"}}},
	{"click NAME", "click Save",
		Intent{Verb: "click", Target: Target{Text: "Save"}}},
	{"smart double quotes", "click “Save”",
		Intent{Verb: "click", Target: Target{Text: "Save", Quoted: true}}},
	{"smart single quotes", "click ‘Save’",
		Intent{Verb: "click", Target: Target{Text: "Save", Quoted: true}}},
	{"single quotes", "click 'Save'",
		Intent{Verb: "click", Target: Target{Text: "Save", Quoted: true}}},
	{"uppercase verb keeps the target's case", "CLICK SAVE",
		Intent{Verb: "click", Target: Target{Text: "SAVE"}}},
	{"capitalised sentence with a period", "Click the Save button.",
		Intent{Verb: "click", Target: Target{Text: "Save", Role: "button"}}},
	{"exclamation mark is dropped", "click Save!",
		Intent{Verb: "click", Target: Target{Text: "Save"}}},
	{"quoted name then role word", `click the "Save" button`,
		Intent{Verb: "click", Target: Target{Text: "Save", Quoted: true, Role: "button"}}},
	{"link role word", "click the Help link",
		Intent{Verb: "click", Target: Target{Text: "Help", Role: "link"}}},
	{"tab role word", "click the History tab",
		Intent{Verb: "click", Target: Target{Text: "History", Role: "tab"}}},
	{"two-word role word wins over its last word", "click the Rename menu item",
		Intent{Verb: "click", Target: Target{Text: "Rename", Role: "menuitem"}}},
	{"item is a menu item", "click the Archive item",
		Intent{Verb: "click", Target: Target{Text: "Archive", Role: "menuitem"}}},
	{"option role word", "click the Large option",
		Intent{Verb: "click", Target: Target{Text: "Large", Role: "option"}}},
	{"heading role word", "click the Profile heading",
		Intent{Verb: "click", Target: Target{Text: "Profile", Role: "heading"}}},
	{"role word is read only at the end", "click Inner button",
		Intent{Verb: "click", Target: Target{Text: "Inner", Role: "button"}}},
	{"multi-word name", "click Sign in",
		Intent{Verb: "click", Target: Target{Text: "Sign in"}}},
	{"CJK name", "click 保存",
		Intent{Verb: "click", Target: Target{Text: "保存"}}},
	{"emoji in a quoted name", `click "🚀 Launch"`,
		Intent{Verb: "click", Target: Target{Text: "🚀 Launch", Quoted: true}}},
	{"double-click", "double-click Row",
		Intent{Verb: "dblclick", Target: Target{Text: "Row"}}},
	{"dblclick on", "dblclick on Row A",
		Intent{Verb: "dblclick", Target: Target{Text: "Row A"}}},

	// clear.
	{"clear the … field", "clear the Name field",
		Intent{Verb: "clear", Target: Target{Text: "Name", Role: "textbox"}}},
	{"empty is clear", "empty Search",
		Intent{Verb: "clear", Target: Target{Text: "Search"}}},

	// go to, open, navigate to, visit.
	{"go to a path", "go to /profile",
		Intent{Verb: "go", Value: "/profile"}},
	{"open a URL", "open http://127.0.0.1:8080/x",
		Intent{Verb: "go", Value: "http://127.0.0.1:8080/x"}},
	{"navigate to a path with a query", "navigate to /list?page=2",
		Intent{Verb: "go", Value: "/list?page=2"}},
	{"visit a host name", "visit example.com",
		Intent{Verb: "go", Value: "example.com"}},
	{"quoted path", `go to "/profile"`,
		Intent{Verb: "go", Value: "/profile"}},
	{"capitalised go to with a period", "Go To /profile.",
		Intent{Verb: "go", Value: "/profile"}},
	{"URL with a query and fragment", "open https://example.com/a?b=c&d=e#top",
		Intent{Verb: "go", Value: "https://example.com/a?b=c&d=e#top"}},
}

func TestParse(t *testing.T) {
	for _, c := range parseCases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Parse(c.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", c.in, err)
			}
			if (got.Target.Role == "") != (got.Target.Word == "") {
				t.Errorf("Parse(%q): role %q but role word %q", c.in, got.Target.Role, got.Target.Word)
			}
			got.Target.Word = "" // the role word as written, for Resolve's second reading
			if got != c.want {
				t.Errorf("Parse(%q)\n got %+v\nwant %+v", c.in, got, c.want)
			}
		})
	}
}

// parseRejects are instructions outside the literal grammar, with the text
// the error must carry so the user (or the model planner) knows why.
var parseRejects = []struct {
	name string
	in   string
	want string
}{
	{"a filler word is no target", "click the", "no target named"},
	{"hover over nothing", "hover over", "no target named"},
	{"an unterminated quoted target", `click "Save`, "unterminated quote"},
	{"an unterminated quoted value", `fill Name with "Ada`, "unterminated quote"},
	{"empty quotes name nothing", `click ""`, "no target named"},
	{"go to nothing", "go to", "go needs one URL or path"},
	{"empty", "", "it is empty"},
	{"only spaces", "   ", "it is empty"},
	{"only a period", ".", "it is empty"},
	{"unknown verb", "make coffee", `unknown verb "make"`},
	{"unknown verb lists the known ones", "scroll down", "start with click, fill"},
	{"fill without a value", "fill Name", `say "fill NAME with VALUE"`},
	{"fill with a trailing with", "fill Name with", `say "fill NAME with VALUE"`},
	{"fill without a target", "fill with Ada", `say "fill NAME with VALUE"`},
	{"type without a target", "type Ada into", `or "type VALUE into NAME"`},
	{"fill with an unterminated quote", `fill "Name with Ada`, `say "fill NAME with VALUE"`},
	{"go to nothing", "go to", "URL or path"},
	{"go alone", "go", "go needs one URL or path"},
	{"go to words is semantic, not a URL", "go to Team settings", "go needs one URL or path"},
	{"open a bare word", "open Settings", `"Settings" is not a URL or path`},
	{"press KEY at is not in or on", "press Enter at Name", `unexpected "at Name" after the key`},
	{"press KEY in nothing", "press Enter in", "no target named"},
	{"press alone", "press", "no target named"},
	{"set without to", "set Name", `say "set NAME to VALUE"`},
	{"set with nothing after to", "set Name to", `say "set NAME to VALUE"`},
	{"click alone", "click", "no target named"},
	{"double-click alone", "double-click", "no target named"},
	{"check alone", "check", "no target named"},
	{"hover alone", "hover", "no target named"},
	{"clear alone", "clear", "no target named"},
	{"words after a quoted name", `click "Save" now`, `unexpected "now" after the quoted name`},
	{"two quoted names", `click "Save" "Cancel"`, `after the quoted name`},
	{"words after a quoted fill target", `fill "Name" now with Ada`, `unexpected "now" after the quoted name`},
}

func TestParseRejects(t *testing.T) {
	for _, c := range parseRejects {
		t.Run(c.name, func(t *testing.T) {
			got, err := Parse(c.in)
			if err == nil {
				t.Fatalf("Parse(%q) = %+v, want an error containing %q", c.in, got, c.want)
			}
			var ue *UnparsedError
			if !errors.As(err, &ue) {
				t.Fatalf("Parse(%q) error is %T, want *UnparsedError", c.in, err)
			}
			if ue.Instruction != c.in {
				t.Errorf("Instruction = %q, want %q", ue.Instruction, c.in)
			}
			if msg := err.Error(); !strings.Contains(msg, c.want) || !strings.Contains(msg, fmt.Sprintf("%q", c.in)) {
				t.Errorf("Parse(%q) error %q: want it to name the instruction and contain %q", c.in, msg, c.want)
			}
			if got != (Intent{}) {
				t.Errorf("Parse(%q) returned %+v with its error, want the zero Intent", c.in, got)
			}
		})
	}
}

func TestTargetString(t *testing.T) {
	for _, c := range []struct {
		name string
		in   Target
		want string
	}{
		{"plain text", Target{Text: "Save"}, "Save"},
		{"quoted text is shown quoted", Target{Text: "Delete all", Quoted: true}, `"Delete all"`},
		{"role follows the text", Target{Text: "Email", Role: "textbox"}, "Email textbox"},
		{"quoted text and role", Target{Text: "Save", Quoted: true, Role: "button"}, `"Save" button`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.in.String(); got != c.want {
				t.Errorf("String() = %q, want %q", got, c.want)
			}
		})
	}
}

var knownVerbs = map[string]bool{
	"click": true, "dblclick": true, "fill": true, "type": true, "select": true, "check": true,
	"uncheck": true, "hover": true, "press": true, "clear": true, "go": true,
}

func FuzzParse(f *testing.F) {
	for _, c := range parseCases {
		f.Add(c.in)
	}
	for _, c := range parseRejects {
		f.Add(c.in)
	}
	f.Add("type ẞẞẞẞ a b")
	f.Add("fill 00\xcf\xcf\xcf\xcf0000with 0000000000 0")
	f.Add("click \"\"")
	f.Fuzz(func(t *testing.T, s string) {
		in, err := Parse(s)
		if err != nil {
			var ue *UnparsedError
			if !errors.As(err, &ue) || ue.Instruction != s {
				t.Fatalf("Parse(%q) error %T %v, want *UnparsedError naming the instruction", s, err, err)
			}
			return
		}
		if !knownVerbs[in.Verb] {
			t.Fatalf("Parse(%q) verb %q is not a known verb", s, in.Verb)
		}
		switch in.Verb {
		case "go":
			if in.Value == "" || in.Target != (Target{}) {
				t.Fatalf("Parse(%q) = %+v: go needs a URL and no target", s, in)
			}
		case "press":
			if in.Value == "" {
				t.Fatalf("Parse(%q) = %+v: press without a key", s, in)
			}
		default:
			if strings.TrimSpace(in.Target.Text) == "" {
				t.Fatalf("Parse(%q) = %+v: %s without a target", s, in, in.Verb)
			}
		}
	})
}

func ExampleParse() {
	in, _ := Parse(`fill the "Full name" field with Ada Lovelace`)
	fmt.Printf("%s %s = %q\n", in.Verb, in.Target, in.Value)
	in, _ = Parse("press Enter in Message")
	fmt.Printf("%s %s in %s\n", in.Verb, in.Value, in.Target)
	_, err := Parse("go to Team settings")
	fmt.Println(err)
	// Output:
	// fill "Full name" textbox = "Ada Lovelace"
	// press Enter in Message
	// cannot read "go to Team settings" literally: go needs one URL or path
}
