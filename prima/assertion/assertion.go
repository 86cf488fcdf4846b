// Package assertion runs a claim's assertions on a page and prints each
// as the Playwright expect line it is, held or not.
package assertion

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/claim"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/instruct"
	"github.com/prima-dev/prima/prima/pwline"
	"github.com/prima-dev/prima/refs"
)

// Check is one assertion as it ran: its Playwright line and whether it held.
type Check struct {
	Line    string
	Held    bool
	Reason  string // why it did not hold, with what the page showed
	Locator string // the locator the line asserts on; "" for title and URL
}

// Page is what an assertion reads of the page: its title and URL,
// the visible text that matches a pattern in its frames, and the element
// a ref of a view names.
type Page interface {
	Title() (string, error)
	URL() string
	// TextMatches counts the visible elements whose text holds pattern
	// and prints the locator of the frame where they are.
	TextMatches(pattern string) (n int, code string, err error)
	// Element binds the element ref names in view, with its locator.
	Element(view *engine.View, ref string) (Element, string, error)
}

// Element is what an assertion reads of one element.
type Element interface {
	IsVisible() (bool, error)
	IsEnabled() (bool, error)
	IsChecked() (bool, error)
	IsFocused() (bool, error)
	InputValue() (string, error)
}

// Live is a browser page as assertions read it: a ref is resolved
// within the command's time (ctx), each read through within.
func Live(ctx context.Context, within browser.Within, page playwright.Page) Page {
	return livePage{Page: page, ctx: ctx, within: within}
}

type livePage struct {
	playwright.Page
	ctx    context.Context
	within browser.Within
}

func (p livePage) TextMatches(pattern string) (int, string, error) {
	return textMatches(p.ctx, p.within, p.Page, pattern)
}

func (p livePage) Element(view *engine.View, ref string) (Element, string, error) {
	entry := view.Refs()[ref]
	r, _ := refs.Parse(ref)
	res, err := browser.ResolveRef(p.ctx, p.within, p.Page, view.Tree, r, entry.Role, entry.Name)
	if err != nil {
		return nil, "", err
	}
	return liveElement{res.Handle, p.ctx, p.within}, res.Code, nil
}

// liveElement is an element handle as assertions read it.
type liveElement struct {
	h      playwright.ElementHandle
	ctx    context.Context
	within browser.Within
}

func (e liveElement) IsVisible() (bool, error)    { return e.h.IsVisible() }
func (e liveElement) IsEnabled() (bool, error)    { return e.h.IsEnabled() }
func (e liveElement) IsChecked() (bool, error)    { return e.h.IsChecked() }
func (e liveElement) InputValue() (string, error) { return e.h.InputValue() }
func (e liveElement) IsFocused() (bool, error) {
	var v any
	err := e.within(e.ctx, func() (err error) {
		v, err = e.h.Evaluate(isFocusedJS)
		return err
	})
	b, _ := v.(bool)
	return b, err
}

// Run runs one assertion against the page as view shows it.
func Run(p Page, view *engine.View, a claim.Assertion) Check {
	switch a.Kind {
	case claim.TextVisible, claim.TextHidden:
		// Whole words only (rule 10), in every frame.
		n, code, err := p.TextMatches(a.Pattern())
		if err != nil {
			return Check{Line: code, Reason: err.Error()}
		}
		if a.Kind == claim.TextVisible {
			return Check{Line: "await expect(" + code + ".first()).toBeVisible();", Held: n > 0, Reason: fmt.Sprintf("no visible text %q on the page", a.Text), Locator: code}
		}
		return Check{Line: "await expect(" + code + ").toHaveCount(0);", Held: n == 0, Reason: fmt.Sprintf("%d visible matches of %q", n, a.Text), Locator: code}
	case claim.Title:
		title, _ := p.Title()
		held := title == a.Text
		line := "await expect(page).toHaveTitle(" + pwline.JSQuote(a.Text) + ");"
		if !a.Exact {
			held = strings.Contains(strings.ToLower(title), strings.ToLower(a.Text))
			line = "await expect(page).toHaveTitle(new RegExp(" + pwline.JSQuote(pwline.RegexQuote(a.Text)) + ", 'i'));"
		}
		return Check{Line: line, Held: held, Reason: fmt.Sprintf("the title is %q", title)}
	case claim.URL:
		u := p.URL()
		held := u == a.Text
		line := "await expect(page).toHaveURL(" + pwline.JSQuote(a.Text) + ");"
		if !a.Exact {
			held = strings.Contains(u, a.Text)
			line = "await expect(page).toHaveURL(new RegExp(" + pwline.JSQuote(pwline.RegexQuote(a.Text)) + "));"
		}
		return Check{Line: line, Held: held, Reason: fmt.Sprintf("the URL is %s", u)}
	}
	cand, err := instruct.Resolve(view.Tree, a.ResolveVerb(), a.Target)
	var re *instruct.ResolveError
	if errors.As(err, &re) && !re.Ambiguous && a.Kind == claim.ElementHidden {
		return Check{Line: fmt.Sprintf("// %s is not in the accessibility tree", a.Target), Held: true}
	}
	if err != nil {
		return Check{Line: fmt.Sprintf("// %s: %s", a.Target, err), Reason: err.Error()}
	}
	el, code, err := p.Element(view, cand.Ref)
	if err != nil {
		return Check{Line: fmt.Sprintf("// %s: %s", a.Target, err), Reason: err.Error()}
	}
	c := assertOn(el, code, view.Refs()[cand.Ref].Node, a)
	c.Locator = code
	return c
}

// assertOn checks an element assertion on the element its target
// resolved to, whose locator is code.
func assertOn(el Element, code string, node *ariadiff.Node, a claim.Assertion) Check {
	expect := "await expect(" + code + ")"
	switch a.Kind {
	case claim.ElementVisible, claim.ElementHidden:
		vis, err := el.IsVisible()
		if a.Kind == claim.ElementVisible {
			return Check{Line: expect + ".toBeVisible();", Held: err == nil && vis, Reason: "it is hidden"}
		}
		return Check{Line: expect + ".toBeHidden();", Held: err == nil && !vis, Reason: "it is visible"}
	case claim.Value:
		v, err := el.InputValue()
		if err != nil {
			return Check{Line: expect + ".toHaveValue(…);", Reason: err.Error()}
		}
		if a.Exact {
			return Check{Line: expect + ".toHaveValue(" + pwline.JSQuote(a.Text) + ");", Held: v == a.Text, Reason: fmt.Sprintf("its value is %q", v)}
		}
		return Check{Line: expect + ".toHaveValue(new RegExp(" + pwline.JSQuote(pwline.RegexQuote(a.Text)) + "));", Held: strings.Contains(v, a.Text), Reason: fmt.Sprintf("its value is %q", v)}
	}
	return stateCheck(expect, a.State, el, node)
}

// textMatches counts the visible elements whose text holds pattern as
// whole words, in the main frame and in every frame, and prints the
// Playwright locator of the frame where they are (the main one first).
func textMatches(ctx context.Context, within browser.Within, page playwright.Page, pattern string) (int, string, error) {
	sel := "internal:text=/" + pattern + "/iu >> visible=true"
	code := "getByText(/" + pattern + "/iu).filter({ visible: true })"
	total, where := 0, ""
	for _, f := range page.Frames() {
		loc := f.Locator(sel)
		n, err := loc.Count()
		if err != nil {
			if f == page.MainFrame() {
				return 0, "page." + code, err
			}
			continue // a frame that went away
		}
		if n > 0 && where == "" {
			where = "page"
			if f != page.MainFrame() {
				if h, err := loc.First().ElementHandle(); err == nil {
					if _, scope, err := browser.FrameScope(ctx, within, h); err == nil {
						where = scope
					}
				}
			}
		}
		total += n
	}
	if where == "" {
		where = "page"
	}
	return total, where + "." + code, nil
}

// stateCheck asserts one interactive state, reading it from the element
// (enabled, checked, focused) or from the ref snapshot's groups (pressed,
// expanded, selected), which is what the page exposes to assistive tech.
func stateCheck(expect, state string, el Element, n *ariadiff.Node) Check {
	has := func(g string) bool { return n != nil && n.Has(g) }
	attr := func(name string, want bool) (string, bool) {
		line := fmt.Sprintf("%s.toHaveAttribute('aria-%s', '%t');", expect, name, want)
		return line, has(name) == want
	}
	var line string
	var held bool
	switch state {
	case "enabled", "disabled":
		en, err := el.IsEnabled()
		held = err == nil && en == (state == "enabled")
		line = expect + ".toBeEnabled();"
		if state == "disabled" {
			line = expect + ".toBeDisabled();"
		}
	case "checked", "unchecked":
		c, err := el.IsChecked()
		held = err == nil && c == (state == "checked")
		line = expect + ".toBeChecked();"
		if state == "unchecked" {
			line = expect + ".not.toBeChecked();"
		}
	case "focused":
		f, err := el.IsFocused()
		held, line = err == nil && f, expect+".toBeFocused();"
	case "expanded", "collapsed":
		line, held = attr("expanded", state == "expanded")
	case "pressed", "unpressed":
		line, held = attr("pressed", state == "pressed")
	case "selected", "unselected":
		line, held = attr("selected", state == "selected")
	default:
		return Check{Line: "// unknown state " + state, Reason: "unknown state " + state}
	}
	return Check{Line: line, Held: held, Reason: fmt.Sprintf("it is not %s", state)}
}

//go:embed js/is_focused.js
var isFocusedJS string
