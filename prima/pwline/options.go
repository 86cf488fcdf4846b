package pwline

import (
	"reflect"
	"slices"
	"strings"

	"github.com/mxschmitt/playwright-go"
)

// optionStructs are the option types playwright-go generates from
// Playwright's API for each method a line may end with: the options a
// method takes are read from them, so a Playwright (and playwright-go)
// upgrade that adds one is seen, and a test requires prima to take it or
// refuse it with a reason.
var optionStructs = map[string]any{
	"click":               playwright.LocatorClickOptions{},
	"dblclick":            playwright.LocatorDblclickOptions{},
	"hover":               playwright.LocatorHoverOptions{},
	"check":               playwright.LocatorCheckOptions{},
	"uncheck":             playwright.LocatorUncheckOptions{},
	"focus":               playwright.LocatorFocusOptions{},
	"clear":               playwright.LocatorClearOptions{},
	"fill":                playwright.LocatorFillOptions{},
	"type":                playwright.LocatorPressSequentiallyOptions{},
	"pressSequentially":   playwright.LocatorPressSequentiallyOptions{},
	"press":               playwright.LocatorPressOptions{},
	"selectOption":        playwright.LocatorSelectOptionOptions{},
	"setInputFiles":       playwright.LocatorSetInputFilesOptions{},
	"dragTo":              playwright.LocatorDragToOptions{},
	"keyboard.press":      playwright.KeyboardPressOptions{},
	"keyboard.type":       playwright.KeyboardTypeOptions{},
	"keyboard.insertText": nil,
	"goto":                playwright.PageGotoOptions{},
	"goBack":              playwright.PageGoBackOptions{},
	"goForward":           playwright.PageGoForwardOptions{},
	"reload":              playwright.PageReloadOptions{},
}

// optionsOf lists the JSON names of an options struct's fields, sorted.
func optionsOf(v any) []string {
	if v == nil {
		return nil
	}
	t := reflect.TypeOf(v)
	var out []string
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// refusedOptions are the options prima refuses, each with why: an option
// Playwright has that prima neither takes nor refuses is a bug the tests
// catch (TestEveryPlaywrightOptionIsTakenOrRefused).
var refusedOptions = map[string]string{
	"force": "force is refused: prima never forces an action past Playwright's checks that the element is visible, enabled and not covered; drop it",
}

// refusedFor are the options refused on one method only.
var refusedFor = map[string]map[string]string{
	"dragTo": {
		"trial":  "dragTo's trial is refused: prima drags with its own pointer moves (press, steps, release), which a trial cannot run; check each element with a trial click instead",
		"scroll": "dragTo's scroll is refused: prima scrolls each element into view as its pointer reaches it",
	},
}

// takenOptions are the options prima reads (setOptions) and prints
// (renderOptions).
var takenOptions = []string{"button", "clickCount", "delay", "modifiers", "noWaitAfter", "position", "referer",
	"scroll", "sourcePosition", "steps", "targetPosition", "timeout", "trial", "waitUntil"}
