package prima

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/prima/pwline"
)

// Action describes one pw action: its name, whether it takes a value, and
// the Playwright method it prints as.
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

// code renders the action as the tail of a Playwright line.
func (a Action) code(value string) string {
	if a.Value {
		return fmt.Sprintf(".%s(%s)", a.Method, pwline.JSQuote(value))
	}
	return "." + a.Method + "()"
}

// onHandle performs the action on the very element a ref resolved to: a
// handle cannot drift to another element, so a changed page makes it fail
// rather than hit something else.
func (a Action) onHandle(h playwright.ElementHandle, value string, timeout float64) error {
	t := playwright.Float(timeout)
	switch a.Name {
	case "click":
		return h.Click(playwright.ElementHandleClickOptions{Timeout: t})
	case "dblclick":
		return h.Dblclick(playwright.ElementHandleDblclickOptions{Timeout: t})
	case "hover":
		return h.Hover(playwright.ElementHandleHoverOptions{Timeout: t})
	case "fill":
		return h.Fill(value, playwright.ElementHandleFillOptions{Timeout: t})
	case "type":
		return h.Type(value, playwright.ElementHandleTypeOptions{Timeout: t})
	case "press":
		return h.Press(value, playwright.ElementHandlePressOptions{Timeout: t})
	case "check":
		return h.Check(playwright.ElementHandleCheckOptions{Timeout: t})
	case "uncheck":
		return h.Uncheck(playwright.ElementHandleUncheckOptions{Timeout: t})
	case "select":
		_, err := h.SelectOption(playwright.SelectOptionValues{ValuesOrLabels: &[]string{value}}, playwright.ElementHandleSelectOptionOptions{Timeout: t})
		return err
	case "focus":
		return h.Focus()
	case "clear":
		return h.Fill("", playwright.ElementHandleFillOptions{Timeout: t})
	}
	return &UnknownActionError{a.Name}
}

// onLocator performs the action through a locator, which Playwright keeps
// strict: it fails when the locator matches more than one element.
func (a Action) onLocator(l playwright.Locator, value string, timeout float64) error {
	t := playwright.Float(timeout)
	switch a.Name {
	case "click":
		return l.Click(playwright.LocatorClickOptions{Timeout: t})
	case "dblclick":
		return l.Dblclick(playwright.LocatorDblclickOptions{Timeout: t})
	case "hover":
		return l.Hover(playwright.LocatorHoverOptions{Timeout: t})
	case "fill":
		return l.Fill(value, playwright.LocatorFillOptions{Timeout: t})
	case "type":
		return l.PressSequentially(value, playwright.LocatorPressSequentiallyOptions{Timeout: t})
	case "press":
		return l.Press(value, playwright.LocatorPressOptions{Timeout: t})
	case "check":
		return l.Check(playwright.LocatorCheckOptions{Timeout: t})
	case "uncheck":
		return l.Uncheck(playwright.LocatorUncheckOptions{Timeout: t})
	case "select":
		_, err := l.SelectOption(playwright.SelectOptionValues{ValuesOrLabels: &[]string{value}}, playwright.LocatorSelectOptionOptions{Timeout: t})
		return err
	case "focus":
		return l.Focus(playwright.LocatorFocusOptions{Timeout: t})
	case "clear":
		return l.Clear(playwright.LocatorClearOptions{Timeout: t})
	}
	return &UnknownActionError{a.Name}
}
