package instruct

import (
	"errors"
	"fmt"
	"reflect"
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
	{"expand a disclosure", "expand the Returns button",
		Intent{Verb: "expand", Target: Target{Text: "Returns", Role: "button"}}},
	{"collapse a disclosure", "collapse Returns",
		Intent{Verb: "collapse", Target: Target{Text: "Returns"}}},
	{"a word's trailing period is dropped, and said", "fill Name with Ada.",
		Intent{Verb: "fill", Target: Target{Text: "Name"}, Value: "Ada", Stop: true}},
	{"a sentence keeps its trailing period", "fill Notes with Call me back before noon.",
		Intent{Verb: "fill", Target: Target{Text: "Notes"}, Value: "Call me back before noon."}},
	{"a quoted sentence's period after the quote is punctuation", `fill Notes with "Call me back".`,
		Intent{Verb: "fill", Target: Target{Text: "Notes"}, Value: "Call me back"}},
	{"a period after the target of type is punctuation", "type Call me back into Notes.",
		Intent{Verb: "type", Target: Target{Text: "Notes"}, Value: "Call me back"}},
	{"an ellipsis is the value's", "fill Notes with Wait...",
		Intent{Verb: "fill", Target: Target{Text: "Notes"}, Value: "Wait..."}},
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
	{"doubleclick", "doubleclick the Report row",
		Intent{Verb: "dblclick", Target: Target{Text: "Report", Role: "row"}}},
	{"double click in two words", "Double click on Cell B2",
		Intent{Verb: "dblclick", Target: Target{Text: "Cell B2"}}},
	{"right-click", "right-click the File item",
		Intent{Verb: "rightclick", Target: Target{Text: "File", Role: "menuitem"}}},
	{"rightclick on quoted text", `rightclick on "Row A"`,
		Intent{Verb: "rightclick", Target: Target{Text: "Row A", Quoted: true}}},
	{"right click in two words", "right click Avatar",
		Intent{Verb: "rightclick", Target: Target{Text: "Avatar"}}},

	// drag X to Y.
	{"drag X to Y", "drag Card 1 to Done",
		Intent{Verb: "drag", Target: Target{Text: "Card 1"}, To: Target{Text: "Done"}}},
	{"drag and drop X onto the Y region", "drag and drop the Card 1 item onto the Done region",
		Intent{Verb: "drag", Target: Target{Text: "Card 1", Role: "menuitem"}, To: Target{Text: "Done", Role: "region"}}},
	{"drag quoted names keep an inner to", `drag "Move to top" to "Trash"`,
		Intent{Verb: "drag", Target: Target{Text: "Move to top", Quoted: true}, To: Target{Text: "Trash", Quoted: true}}},
	{"drag X into Y", "drag Slider handle into Max",
		Intent{Verb: "drag", Target: Target{Text: "Slider handle"}, To: Target{Text: "Max"}}},

	// upload FILE… to X.
	{"upload one file", "upload cv.pdf to Resume",
		Intent{Verb: "upload", Target: Target{Text: "Resume"}, Values: []string{"cv.pdf"}}},
	{"upload several files", "upload a.png b.png, c.png and d.png to the Photos button",
		Intent{Verb: "upload", Target: Target{Text: "Photos", Role: "button"}, Values: []string{"a.png", "b.png", "c.png", "d.png"}}},
	{"upload a quoted file name with spaces", `upload "my cv.pdf" 'cover letter.pdf' to "Attach files"`,
		Intent{Verb: "upload", Target: Target{Text: "Attach files", Quoted: true}, Values: []string{"my cv.pdf", "cover letter.pdf"}}},
	{"attach into a field", "attach /tmp/x.txt into the Document field",
		Intent{Verb: "upload", Target: Target{Text: "Document", Role: "textbox"}, Values: []string{"/tmp/x.txt"}}},

	// history and reload.
	{"go back", "go back", Intent{Verb: "back"}},
	{"Go back with a period", "Go back.", Intent{Verb: "back"}},
	{"go forward", "go forward", Intent{Verb: "forward"}},
	{"navigate back", "navigate back", Intent{Verb: "back"}},
	{"reload", "reload", Intent{Verb: "reload"}},
	{"reload the page", "reload the page", Intent{Verb: "reload"}},
	{"refresh is reload", "Refresh page", Intent{Verb: "reload"}},

	// tabs.
	{"switch to tab N", "switch to tab 2", Intent{Verb: "tab", Value: "2"}},
	{"switch to the tab #N", "Switch to the tab #3", Intent{Verb: "tab", Value: "3"}},
	{"switch tab N", "switch tab 10", Intent{Verb: "tab", Value: "10"}},
	{"close tab", "close tab", Intent{Verb: "closetab"}},
	{"close the tab", "close the tab", Intent{Verb: "closetab"}},
	{"close this tab", "close this tab", Intent{Verb: "closetab"}},
	{"close the current tab", "close the current tab", Intent{Verb: "closetab"}},
	{"close tab N", "close tab 2", Intent{Verb: "closetab", Value: "2"}},

	// dialogs.
	{"accept the dialog", "accept the dialog", Intent{Verb: "accept"}},
	{"accept dialog", "Accept dialog.", Intent{Verb: "accept"}},
	{"accept the prompt with text", "accept the prompt with Ada Lovelace", Intent{Verb: "accept", Value: "Ada Lovelace"}},
	{"accept the dialog with quoted text", `accept the dialog with "yes and click OK"`, Intent{Verb: "accept", Value: "yes and click OK"}},
	{"accept the confirm", "accept the confirm", Intent{Verb: "accept"}},
	{"dismiss the dialog", "dismiss the dialog", Intent{Verb: "dismiss"}},
	{"dismiss the alert", "dismiss the alert", Intent{Verb: "dismiss"}},

	// wait.
	{"wait for TEXT", "wait for Saved", Intent{Verb: "wait", Value: "Saved"}},
	{"wait for quoted TEXT", `wait for "Profile saved"`, Intent{Verb: "wait", Value: "Profile saved"}},
	{"wait for words keeps them", "wait for Order placed", Intent{Verb: "wait", Value: "Order placed"}},
	{"wait for TEXT to appear", "wait for Done to appear", Intent{Verb: "wait", Value: "Done"}},
	{"wait until TEXT is gone", "wait until Loading is gone", Intent{Verb: "waitgone", Value: "Loading"}},
	{"wait until quoted TEXT is gone", `wait until "Loading data" is gone`, Intent{Verb: "waitgone", Value: "Loading data"}},
	{"wait until TEXT disappears", "Wait until Saving… disappears.", Intent{Verb: "waitgone", Value: "Saving…"}},
	{"wait for TEXT to disappear", "wait for the spinner text Loading to disappear", Intent{Verb: "waitgone", Value: "the spinner text Loading"}},
	{"wait until TEXT appears", "wait until Welcome appears", Intent{Verb: "wait", Value: "Welcome"}},
	{"a quoted wait text keeps an ending inside", `wait for "Loading is gone"`, Intent{Verb: "wait", Value: "Loading is gone"}},

	// compound-looking values that are one value.
	{"and without a verb after it is a value", "fill Notes with salt and pepper",
		Intent{Verb: "fill", Target: Target{Text: "Notes"}, Value: "salt and pepper"}},
	{"a quoted value with a second instruction is typed as is", `fill Bio with "Ada and click Save"`,
		Intent{Verb: "fill", Target: Target{Text: "Bio"}, Value: "Ada and click Save"}},
	{"and a verb at the very end is a word", "fill Title with Search and Select",
		Intent{Verb: "fill", Target: Target{Text: "Title"}, Value: "Search and Select"}},
	{"a dialog verb that reads as no instruction", "check I have read and accept the terms",
		Intent{Verb: "check", Target: Target{Text: "I have read and accept the terms"}}},
	{"a synonym that reads as no instruction", "fill Notes with come and enter freely",
		Intent{Verb: "fill", Target: Target{Text: "Notes"}, Value: "come and enter freely"}},
	{"then in a quoted target", `click "Save then close"`,
		Intent{Verb: "click", Target: Target{Text: "Save then close", Quoted: true}}},
	{"and in a name", "check Terms and Conditions",
		Intent{Verb: "check", Target: Target{Text: "Terms and Conditions"}}},
	{"a new role word at the end of a name", "click the Success message alert",
		Intent{Verb: "click", Target: Target{Text: "Success message", Role: "alert"}}},

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
			if (got.To.Role == "") != (got.To.Word == "") {
				t.Errorf("Parse(%q): drop role %q but role word %q", c.in, got.To.Role, got.To.Word)
			}
			got.Target.Word, got.To.Word = "", "" // the role words as written, for Resolve's second reading
			if !reflect.DeepEqual(got, c.want) {
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
	{"unknown verb lists the known ones", "scroll down", "start with click, double-click, right-click, fill"},
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
	{"right-click alone", "right-click", "no target named"},
	{"double click alone", "double click", "no target named"},
	{"right is no verb", "right Save", `unknown verb "right"`},
	{"drag without a drop target", "drag Card 1", `say "drag TARGET to TARGET"`},
	{"drag to nothing", "drag Card to the", "where to drop: no target named"},
	{"upload without a target", "upload cv.pdf", `say "upload FILE to TARGET"`},
	{"upload with an unterminated file name", `upload "my cv.pdf to Resume`, `say "upload FILE to TARGET"`},
	{"upload of an empty file name", `upload "" to Resume`, "a file name is empty"},
	{"upload of nothing", "upload and to Resume", "no file named"},
	{"go back somewhere", "go back home", "go needs one URL or path"},
	{"reload something else", "reload the cart", `unexpected "the cart" after reload`},
	{"switch to a tab by name", "switch to tab Inbox", `say "switch to tab N"`},
	{"switch to tab zero", "switch to tab 0", `say "switch to tab N"`},
	{"switch alone", "switch", `say "switch to tab N"`},
	{"close a page element", "close the Cookie banner", `say "close tab" or "close tab N"`},
	{"close tab by name", "close tab Inbox", `say "close tab"`},
	{"accept alone", "accept", `accept answers a dialog`},
	{"accept the cookies", "accept the cookies", `say "accept the dialog"`},
	{"accept the dialog with nothing", "accept the dialog with", `unexpected "with" after the dialog`},
	{"dismiss with text", "dismiss the dialog with no", `unexpected "with no" after the dialog`},
	{"accept with an unterminated quote", `accept the prompt with "Ada`, "unterminated quote"},
	{"wait alone", "wait", `say "wait for TEXT"`},
	{"wait a duration", "wait 2s", `say "wait for TEXT"`},
	{"wait for nothing", "wait for", `nothing to wait for`},
	{"wait until without an ending", "wait until Saved", `say "wait until Saved is gone"`},
	{"wait for an empty quote", `wait for ""`, "nothing to wait for"},
	{"wait for an unterminated quote", `wait for "Saved`, "unterminated quote"},
	{"wait for quoted text and more", `wait for "Saved" soon`, `unexpected "soon" after the quoted text`},
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
			if !reflect.DeepEqual(got, Intent{}) {
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
	"click": true, "dblclick": true, "rightclick": true, "fill": true, "type": true, "select": true, "check": true,
	"uncheck": true, "hover": true, "press": true, "clear": true, "go": true, "back": true, "forward": true,
	"reload": true, "drag": true, "upload": true, "tab": true, "closetab": true, "accept": true, "dismiss": true,
	"wait": true, "waitgone": true, "expand": true, "collapse": true,
}

// FuzzParse: Parse never panics; it returns an *UnparsedError or a
// *CompoundError naming the instruction, or an intent of a known verb with
// the parts that verb needs.
func FuzzParse(f *testing.F) {
	for _, c := range parseCases {
		f.Add(c.in)
	}
	for _, c := range parseRejects {
		f.Add(c.in)
	}
	for _, c := range compoundCases {
		f.Add(c.in)
	}
	f.Add("type ẞẞẞẞ a b")
	f.Add("fill 00\xcf\xcf\xcf\xcf0000with 0000000000 0")
	f.Add("click \"\"")
	f.Add("fill a with b and go back and reload; then wait for x")
	f.Add("click x\u212a link")
	f.Fuzz(func(t *testing.T, s string) {
		in, err := Parse(s)
		if err != nil {
			var ue *UnparsedError
			var ce *CompoundError
			switch {
			case errors.As(err, &ue) && ue.Instruction == s && ue.Reason != "":
			case errors.As(err, &ce) && ce.Instruction == s && ce.First != "" && ce.Second != "":
				if (ce.Part == "") != (ce.Quoted == "") {
					t.Fatalf("Parse(%q): part %q with quoted form %q", s, ce.Part, ce.Quoted)
				}
			default:
				t.Fatalf("Parse(%q) error %T %v, want *UnparsedError or *CompoundError naming the instruction", s, err, err)
			}
			if !reflect.DeepEqual(in, Intent{}) {
				t.Fatalf("Parse(%q) = %+v with its error", s, in)
			}
			return
		}
		if in.Verb == "" || !knownVerbs[in.Verb] {
			t.Fatalf("Parse(%q) verb %q is not a known verb", s, in.Verb)
		}
		needs := func(ok bool, what string) {
			if !ok {
				t.Fatalf("Parse(%q) = %+v: %s %s", s, in, in.Verb, what)
			}
		}
		noTarget := in.Target == (Target{})
		needs(in.To == (Target{}) || in.Verb == "drag", "with a drop target")
		needs(in.Values == nil || in.Verb == "upload", "with files")
		switch in.Verb {
		case "go", "wait", "waitgone":
			needs(strings.TrimSpace(in.Value) != "" && noTarget, "needs a value and no target")
		case "back", "forward", "reload", "dismiss":
			needs(in.Value == "" && noTarget, "takes nothing")
		case "tab", "closetab":
			needs(noTarget && (in.Value != "" || in.Verb == "closetab"), "needs a tab number and no target")
			needs(strings.Trim(in.Value, "0123456789") == "" && !strings.HasPrefix(in.Value, "0"), "with a tab number that is no number")
		case "accept":
			needs(noTarget, "takes no target")
		case "press":
			needs(in.Value != "", "without a key")
		case "drag":
			needs(strings.TrimSpace(in.Target.Text) != "" && strings.TrimSpace(in.To.Text) != "", "needs two targets")
		case "upload":
			needs(strings.TrimSpace(in.Target.Text) != "" && len(in.Values) > 0, "needs files and a target")
			for _, v := range in.Values {
				needs(v != "", "with an empty file name")
			}
		default:
			needs(strings.TrimSpace(in.Target.Text) != "", "without a target")
		}
		if in.Target.Role != "" {
			if r, ok := RoleWord(in.Target.Word); !ok || r != in.Target.Role {
				t.Fatalf("Parse(%q): role %q from role word %q", s, in.Target.Role, in.Target.Word)
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
