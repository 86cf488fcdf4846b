package pwline

import (
	"fmt"
	"sort"
	"strings"
)

// Verb names a direct action.
type Verb string

// The direct actions' verbs.
const (
	Click    Verb = "click"
	Dblclick Verb = "dblclick"
	Hover    Verb = "hover"
	Fill     Verb = "fill"
	Type     Verb = "type"
	Press    Verb = "press"
	Check    Verb = "check"
	Uncheck  Verb = "uncheck"
	Select   Verb = "select"
	Focus    Verb = "focus"
	Clear    Verb = "clear"
	Upload   Verb = "upload"
	Drag     Verb = "drag"
)

// Action is one direct action `prima pw` knows: its verb, whether it
// takes a value, and the Playwright method it prints as.
type Action struct {
	Name   Verb
	Value  bool   // takes a value argument
	Method string // Playwright locator method
}

// Actions are the direct actions pw knows. There is no other.
var Actions = map[Verb]Action{
	Click:    {Click, false, "click"},
	Dblclick: {Dblclick, false, "dblclick"},
	Hover:    {Hover, false, "hover"},
	Fill:     {Fill, true, "fill"},
	Type:     {Type, true, "pressSequentially"},
	Press:    {Press, true, "press"},
	Check:    {Check, false, "check"},
	Uncheck:  {Uncheck, false, "uncheck"},
	Select:   {Select, true, "selectOption"},
	Focus:    {Focus, false, "focus"},
	Clear:    {Clear, false, "clear"},
	Upload:   {Upload, true, "setInputFiles"},
	Drag:     {Drag, true, "dragTo"},
}

// Is tells whether a is one of the verbs.
func (a Action) Is(verbs ...Verb) bool {
	for _, v := range verbs {
		if a.Name == v {
			return true
		}
	}
	return false
}

// Pointer: the action moves the pointer to the element.
func (a Action) Pointer() bool { return a.Is(Click, Dblclick, Hover, Check, Uncheck) }

// Clicks: the action clicks the element.
func (a Action) Clicks() bool { return a.Is(Click, Dblclick, Check, Uncheck) }

// Sets: the action sets a field's value, proven by the value it holds
// after.
func (a Action) Sets() bool { return a.Is(Fill, Type, Clear) }

// Keyed: the action's keys go to the element.
func (a Action) Keyed() bool { return a.Is(Press, Type) }

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
		out = append(out, string(n))
	}
	sort.Strings(out)
	return out
}

// UnknownActionError names an action pw does not have.
type UnknownActionError struct{ Action string }

func (e *UnknownActionError) Error() string {
	return fmt.Sprintf("unknown action %q; pw knows %s", e.Action, strings.Join(ActionNames(), ", "))
}
