package browser

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/prima/pwline"
	"github.com/prima-dev/prima/refs"
)

// Candidate is one way to address an element: a Playwright selector and
// the public-API code that means the same.
type Candidate struct {
	Selector string // for page.Locator; may chain through frames
	Code     string // e.g. page.getByRole('button', { name: 'Save', exact: true })
}

// elementInfoJS reads the attributes a locator can be built from.
//
//go:embed js/element_info.js
var elementInfoJS string

type ElementInfo struct {
	Tag, ID, TestID, Name, Type, Aria, Placeholder, Title, Href, Src, Text string
}

// ReadInfo reads h's attributes through w, bounded by ctx.
func ReadInfo(ctx context.Context, w Within, h playwright.ElementHandle) (ElementInfo, error) {
	v, err := read(ctx, w, func() (any, error) { return h.Evaluate(elementInfoJS) })
	if err != nil {
		return ElementInfo{}, err
	}
	m, _ := v.(map[string]any)
	s := func(k string) string { x, _ := m[k].(string); return x }
	return ElementInfo{
		Tag: s("tag"), ID: s("id"), TestID: s("testid"), Name: s("name"), Type: s("type"),
		Aria: s("aria"), Placeholder: s("placeholder"), Title: s("title"), Href: s("href"),
		Src: s("src"), Text: s("text"),
	}, nil
}

// positionJS gives an element's selector by position: its absolute XPath
// by tag and position among same-tag siblings, through the hosts of the
// shadow roots that hold it. The last resort, used only when no attribute
// or text makes a locator unique.
//
//go:embed js/position.js
var positionJS string

//go:embed js/match_index.js
var matchIndexJS string

// roleless roles cannot be addressed with getByRole.
var roleless = map[string]bool{"": true, "generic": true, "text": true, "none": true, "presentation": true, "iframe": true}

var cssIdent = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*$`)

// Candidates lists the locators for an element in the order prima prefers
// them: role and exact name, test id, id, label, placeholder, then
// attribute and text XPaths. Positions come last, and only in resolve.
func Candidates(role, name string, info ElementInfo) []Candidate {
	var out []Candidate
	add := func(sel, code string) { out = append(out, Candidate{sel, code}) }
	if !roleless[role] {
		if name != "" {
			add(fmt.Sprintf("internal:role=%s[name=%s]", role, pwline.AttrQuote(name, true)),
				fmt.Sprintf("getByRole(%s, { name: %s, exact: true })", pwline.JSQuote(role), pwline.JSQuote(name)))
		} else {
			add("internal:role="+role, fmt.Sprintf("getByRole(%s)", pwline.JSQuote(role)))
		}
	}
	if info.TestID != "" {
		add("internal:testid=[data-testid="+pwline.AttrQuote(info.TestID, true)+"]", fmt.Sprintf("getByTestId(%s)", pwline.JSQuote(info.TestID)))
	}
	if info.ID != "" {
		css := "#" + info.ID
		if !cssIdent.MatchString(info.ID) {
			css = fmt.Sprintf("[id=%s]", cssString(info.ID))
		}
		add(css, fmt.Sprintf("locator(%s)", pwline.JSQuote(css)))
	}
	switch info.Tag {
	case "input", "textarea", "select":
		if name != "" {
			add("internal:label="+pwline.TextQuote(name, true), fmt.Sprintf("getByLabel(%s, { exact: true })", pwline.JSQuote(name)))
		}
		if info.Placeholder != "" {
			add("internal:attr=[placeholder="+pwline.AttrQuote(info.Placeholder, true)+"]",
				fmt.Sprintf("getByPlaceholder(%s, { exact: true })", pwline.JSQuote(info.Placeholder)))
		}
	}
	for _, a := range []struct{ attr, v string }{
		{"name", info.Name}, {"aria-label", info.Aria}, {"title", info.Title}, {"href", info.Href}, {"src", info.Src},
	} {
		if a.v != "" && info.Tag != "" {
			x := fmt.Sprintf("//%s[@%s=%s]", info.Tag, a.attr, xpathLiteral(a.v))
			add("xpath="+x, fmt.Sprintf("locator(%s)", pwline.JSQuote("xpath="+x)))
		}
	}
	if info.Text != "" && info.Tag != "" && len(info.Text) <= 80 {
		x := fmt.Sprintf("//%s[normalize-space(.)=%s]", info.Tag, xpathLiteral(info.Text))
		add("xpath="+x, fmt.Sprintf("locator(%s)", pwline.JSQuote("xpath="+x)))
	}
	return out
}

// Resolved is a ref bound to its element.
type Resolved struct {
	Handle   playwright.ElementHandle
	Code     string // page.… expression of the unique locator
	Selector string // the same locator as a selector for page.Locator
}

// inMainFrame reports whether a ref belongs to the page's main frame: its
// frame prefix is the one the snapshot's first ref has (the body of the
// main document comes first). Unsure means no: frameScope then asks.
func inMainFrame(t *ariadiff.Tree, r refs.Ref) bool {
	first := ""
	t.Root.Walk(func(n *ariadiff.Node, _ int) bool {
		if first == "" {
			first = n.Ref()
		}
		return first == ""
	})
	main, err := refs.Parse(first)
	return err == nil && main.Frame == r.Frame
}

// knownFrame reports whether the snapshot has a ref of r's frame.
func knownFrame(t *ariadiff.Tree, r refs.Ref) bool {
	known := r.Frame < 0
	t.Root.Walk(func(n *ariadiff.Node, _ int) bool {
		if x, err := refs.Parse(n.Ref()); err == nil && x.Frame == r.Frame {
			known = true
		}
		return !known
	})
	return known
}

// uniqueInSnapshot reports whether the snapshot shows role and name once
// among the nodes of r's frame, on r itself, with nothing aria-hidden on
// the way (AI-mode snapshots show aria-hidden nodes, which getByRole
// skips).
func uniqueInSnapshot(t *ariadiff.Tree, r refs.Ref, role, name string) bool {
	count, mine := 0, false
	var walk func(n *ariadiff.Node, hidden bool) bool
	walk = func(n *ariadiff.Node, hidden bool) bool {
		for _, c := range n.Children {
			h := hidden || c.Has("aria-hidden")
			if c.Role == role && c.Name == name {
				if other, err := refs.Parse(c.Ref()); err == nil && other.Frame == r.Frame {
					count++
					if c.Ref() == r.String() && !h {
						mine = true
					}
				} else if err != nil {
					return false // a node without a ref: unsure
				}
			}
			if !walk(c, h) {
				return false
			}
		}
		return true
	}
	return walk(t.Root, false) && count == 1 && mine
}

// ErrDeadline: the command's --timeout ran out. A read a Within cut off,
// or did not start because the time was up, fails with it.
var ErrDeadline = errors.New("the command's time (--timeout) ran out")

// Within makes one browser read bounded by ctx, the command's: it starts
// none once ctx has ended, and returns ErrDeadline when ctx ends before
// the page answers, handing the read still running to whoever joins such
// work before the next command touches the page (the engine's Within).
// Playwright's calls take no context.
type Within func(ctx context.Context, read func() error) error

// read is one read of a value through w: the value only when the read
// answered in time (a read cut off may still write it, later, unread).
func read[T any](ctx context.Context, w Within, f func() (T, error)) (T, error) {
	var v T
	err := w(ctx, func() (err error) {
		v, err = f()
		return err
	})
	if err != nil {
		var zero T
		return zero, err
	}
	return v, nil
}

// cut tells whether a read failed because the command's time ran out:
// resolving stops there, and the failure is the command's.
func cut(err error) bool { return errors.Is(err, ErrDeadline) }

// ResolveRef binds a ref to its element and derives the most readable
// locator that matches exactly that element and no other. It never
// substitutes: the element is the one aria-ref names, and every candidate
// is checked to be that very element. Every read it makes goes through
// within, bounded by ctx: one the deadline cuts ends the resolution with
// ErrDeadline, and no read starts after it.
func ResolveRef(ctx context.Context, within Within, page playwright.Page, t *ariadiff.Tree, r refs.Ref, role, name string) (*Resolved, error) {
	mainFrame := inMainFrame(t, r)
	if !knownFrame(t, r) {
		// The snapshot has no frame of that prefix: the ref is from an
		// older page (Playwright would only say "Invalid frame").
		return nil, &refs.UnknownFrameError{Ref: r}
	}
	// ElementHandles does not wait: a dead ref fails at once.
	loc := page.Locator(r.Selector())
	hs, err := read(ctx, within, loc.ElementHandles)
	if err != nil {
		return nil, err
	}
	if len(hs) != 1 {
		return nil, &refs.NotFoundError{Ref: r}
	}
	h := hs[0]
	scopeSel, scopeCode := "", "page"
	if !mainFrame {
		scopeSel, scopeCode, err = FrameScope(ctx, within, h)
		if err != nil {
			return nil, err
		}
	}
	var firstMany *Candidate
	var manyCount int
	try := func(cs []Candidate) (*Resolved, error) {
		for _, c := range cs {
			sel := scopeSel + c.Selector
			l := page.Locator(sel)
			cnt, idx, err := MatchOf(ctx, within, l, h)
			if cut(err) {
				return nil, err
			}
			switch {
			case cnt == 1 && idx == 0:
				return &Resolved{Handle: h, Code: scopeCode + "." + c.Code, Selector: sel}, nil
			case cnt > 1 && idx >= 0 && firstMany == nil:
				firstMany, manyCount = &Candidate{fmt.Sprintf("%s >> nth=%d", sel, idx), fmt.Sprintf("%s.nth(%d)", c.Code, idx)}, cnt
			}
		}
		return nil, nil
	}
	// The role candidate needs no attribute read; try it first, alone.
	roleOnly := Candidates(role, name, ElementInfo{})
	if len(roleOnly) == 1 && name != "" && uniqueInSnapshot(t, r, role, name) {
		// The snapshot just taken (or proven current) lists this role and
		// name once in the ref's frame, and getByRole sees no more than
		// the snapshot does: the locator is unique and it is this element.
		// On a 10,000-element page this saves the role engine's ~200 ms.
		return &Resolved{Handle: h, Code: scopeCode + "." + roleOnly[0].Code, Selector: scopeSel + roleOnly[0].Selector}, nil
	}
	if res, err := try(roleOnly); res != nil || err != nil {
		return res, err
	}
	info, err := ReadInfo(ctx, within, h)
	if err != nil {
		return nil, err
	}
	all := Candidates(role, name, info)
	if !roleless[role] && len(all) > 0 {
		all = all[1:]
	}
	if res, err := try(all); res != nil || err != nil {
		return res, err
	}
	if firstMany != nil {
		// Every attribute-first locator matches several elements: address
		// this one by its position among them, checked to be this element.
		return &Resolved{Handle: h, Code: scopeCode + "." + firstMany.Code, Selector: firstMany.Selector}, nil
	}
	// Nothing names it (a bare container, say): its position in the
	// document, checked like any other candidate to be this element.
	v, err := read(ctx, within, func() (any, error) { return h.Evaluate(positionJS) })
	if cut(err) {
		return nil, err
	}
	if err == nil {
		if x, _ := v.(string); x != "" {
			if res, err := try([]Candidate{{x, fmt.Sprintf("locator(%s)", pwline.JSQuote(x))}}); res != nil || err != nil {
				return res, err
			}
		}
	}
	if manyCount == 0 {
		return nil, &StaleRefError{Ref: r, What: fmt.Sprintf("%s %q", role, name)}
	}
	return nil, &refs.AmbiguousError{Ref: r, Selector: fmt.Sprintf("%s (%s %q)", r, role, name), Count: manyCount}
}

// LocatorOf derives, for an element no snapshot names (a hidden file
// input), the most readable locator that matches it and nothing else:
// its attributes first, its position last; each checked to be h. Every
// read goes through within, bounded by ctx.
func LocatorOf(ctx context.Context, within Within, page playwright.Page, h playwright.ElementHandle) (code, selector string, err error) {
	scopeSel, scopeCode, err := FrameScope(ctx, within, h)
	if err != nil {
		return "", "", err
	}
	info, err := ReadInfo(ctx, within, h)
	if err != nil {
		return "", "", err
	}
	cands := Candidates("", "", info)
	v, err := read(ctx, within, func() (any, error) { return h.Evaluate(positionJS) })
	if cut(err) {
		return "", "", err
	}
	if x, _ := v.(string); err == nil && x != "" {
		cands = append(cands, Candidate{x, fmt.Sprintf("locator(%s)", pwline.JSQuote(x))})
	}
	for _, c := range cands {
		n, i, err := MatchOf(ctx, within, page.Locator(scopeSel+c.Selector), h)
		if cut(err) {
			return "", "", err
		}
		if n == 1 && i == 0 {
			return scopeCode + "." + c.Code, scopeSel + c.Selector, nil
		}
	}
	return "", "", fmt.Errorf("no locator matches that element alone")
}

// MatchOf counts the locator's matches and finds h among them, in one
// round trip through within: a locator is unique for h when it gives
// (1, 0); (0, -1) with the error when the read failed.
func MatchOf(ctx context.Context, within Within, l playwright.Locator, h playwright.ElementHandle) (count, index int, err error) {
	v, err := read(ctx, within, func() (any, error) { return l.EvaluateAll(matchIndexJS, h) })
	if err != nil {
		return 0, -1, err
	}
	pair, ok := v.([]any)
	if !ok || len(pair) != 2 {
		return 0, -1, nil
	}
	return toInt(pair[0]), toInt(pair[1]), nil
}

func toInt(v any) int {
	switch n := v.(type) {
	case int:
		return n
	case float64:
		return int(n)
	}
	return -1
}

// FrameScope returns the selector prefix and code that reach the frame
// holding h: "" and "page" in the main frame, else a chain through each
// iframe element, each addressed by its own unique attributes.
func FrameScope(ctx context.Context, within Within, h playwright.ElementHandle) (string, string, error) {
	f, err := read(ctx, within, h.OwnerFrame)
	if cut(err) {
		return "", "", err
	}
	if err != nil || f == nil || f.ParentFrame() == nil {
		return "", "page", nil
	}
	var sels, codes []string
	for f.ParentFrame() != nil {
		fe, err := read(ctx, within, f.FrameElement)
		if cut(err) {
			return "", "", err
		}
		if err != nil {
			return "", "", fmt.Errorf("locate the iframe: %w", err)
		}
		info, err := ReadInfo(ctx, within, fe)
		if err != nil {
			return "", "", err
		}
		sel, code := "iframe", "locator('iframe')"
		switch {
		case info.ID != "" && cssIdent.MatchString(info.ID):
			sel = "#" + info.ID
		case info.Title != "":
			sel = fmt.Sprintf("iframe[title=%s]", cssString(info.Title))
		case info.Name != "":
			sel = fmt.Sprintf("iframe[name=%s]", cssString(info.Name))
		case info.Src != "":
			sel = fmt.Sprintf("iframe[src=%s]", cssString(info.Src))
		}
		code = fmt.Sprintf("locator(%s)", pwline.JSQuote(sel))
		// Frames that look alike (two iframes titled "widget") are told
		// apart by position, so that `used:` stays unique and replayable.
		if parent := f.ParentFrame(); parent != nil {
			n, i, err := MatchOf(ctx, within, parent.Locator(sel), fe)
			if cut(err) {
				return "", "", err
			}
			if n > 1 && i >= 0 {
				sel += fmt.Sprintf(" >> nth=%d", i)
				code += fmt.Sprintf(".nth(%d)", i)
			}
		}
		code += ".contentFrame()"
		sels = append([]string{sel + " >> internal:control=enter-frame >> "}, sels...)
		codes = append([]string{code}, codes...)
		f = f.ParentFrame()
	}
	return strings.Join(sels, ""), "page." + strings.Join(codes, "."), nil
}

// cssString quotes a CSS attribute value.
func cssString(s string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
}

// xpathLiteral quotes s for XPath 1.0, which has no escapes: a value with
// both quote kinds is built with concat().
func xpathLiteral(s string) string {
	if !strings.Contains(s, `"`) {
		return `"` + s + `"`
	}
	if !strings.Contains(s, `'`) {
		return `'` + s + `'`
	}
	parts := strings.Split(s, `"`)
	var b strings.Builder
	b.WriteString("concat(")
	for i, p := range parts {
		if i > 0 {
			b.WriteString(`, '"', `)
		}
		b.WriteString(`"` + p + `"`)
	}
	b.WriteString(")")
	return b.String()
}

// StaleRefError: a ref bound to an element that changed while prima
// looked; a fresh snapshot gives its new ref.
type StaleRefError struct {
	Ref  refs.Ref
	What string
}

func (e *StaleRefError) Error() string {
	return fmt.Sprintf("ref %s (%s) is bound, but no locator matches that element: it changed while prima looked (call snapshot again)", e.Ref, e.What)
}
