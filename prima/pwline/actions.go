package pwline

import (
	"fmt"
	"sort"
	"strings"
)

// Action is one direct action `prima pw` knows: its name, whether it takes
// a value, and the Playwright method it prints as.
type Action struct {
	Name   string
	Value  bool   // takes a value argument
	Method string // Playwright locator method
}

// Actions are the direct actions pw knows. There is no other.
var Actions = map[string]Action{
	"click":    {"click", false, "click"},
	"dblclick": {"dblclick", false, "dblclick"},
	"hover":    {"hover", false, "hover"},
	"fill":     {"fill", true, "fill"},
	"type":     {"type", true, "pressSequentially"},
	"press":    {"press", true, "press"},
	"check":    {"check", false, "check"},
	"uncheck":  {"uncheck", false, "uncheck"},
	"select":   {"select", true, "selectOption"},
	"focus":    {"focus", false, "focus"},
	"clear":    {"clear", false, "clear"},
	"upload":   {"upload", true, "setInputFiles"},
	"drag":     {"drag", true, "dragTo"},
}

// ByMethod maps a Playwright method to its action.
func ByMethod(m string) (Action, bool) {
	for _, a := range Actions {
		if a.Method == m {
			return a, true
		}
	}
	return Action{}, false
}

// ActionNames lists the action names, sorted, for messages.
func ActionNames() []string {
	var out []string
	for n := range Actions {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// UnknownActionError names an action pw does not have.
type UnknownActionError struct{ Action string }

func (e *UnknownActionError) Error() string {
	return fmt.Sprintf("unknown action %q; pw knows %s", e.Action, strings.Join(ActionNames(), ", "))
}
