// Package pwline parses one line of Playwright code, such as
// `page.getByRole('button', { name: 'Save' }).click()`, into a selector
// chain and one action, and quotes values the way Playwright's selectors
// and code need them.
package pwline

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Line is a parsed Playwright one-liner.
type Line struct {
	Selector string // Playwright selector chain, for page.Locator
	Locator  string // canonical code of the locator part: page.getBy…(…)
	Method   string // the action's Playwright method: click, fill, selectOption…
	Value    string // the action's argument, if it has one
}

// Code is the whole canonical line, as `used:` prints it.
func (l Line) Code() string {
	if l.Value != "" || valued[l.Method] {
		return fmt.Sprintf("await %s.%s(%s);", l.Locator, l.Method, JSQuote(l.Value))
	}
	return fmt.Sprintf("await %s.%s();", l.Locator, l.Method)
}

// MaxLine bounds a line: a Playwright line is one locator and one action.
const MaxLine = 16 << 10

// valued are the action methods that take one string argument.
var valued = map[string]bool{"fill": true, "type": true, "pressSequentially": true, "press": true, "selectOption": true}

var bare = map[string]bool{"click": true, "dblclick": true, "hover": true, "check": true, "uncheck": true, "focus": true, "clear": true}

// SyntaxError says where a line stopped making sense.
type SyntaxError struct {
	Line   string
	Offset int
	Reason string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("not a Playwright line at offset %d: %s", e.Offset, e.Reason)
}

// Parse reads `[await] page.<locator calls>.<action>(…)[;]`. Locator calls:
// getByRole, getByText, getByLabel, getByPlaceholder, getByTestId,
// getByAltText, getByTitle, locator, frameLocator, contentFrame, first,
// last, nth. Exactly one action ends the line.
func Parse(src string) (Line, error) {
	p := &parser{src: src}
	fail := func(format string, a ...any) (Line, error) {
		return Line{}, &SyntaxError{Line: src, Offset: p.pos, Reason: fmt.Sprintf(format, a...)}
	}
	if !utf8.ValidString(src) {
		return fail("the line is not valid UTF-8")
	}
	p.space()
	if p.word("await") {
		p.space()
	}
	if !p.word("page") {
		return fail("a line starts with page. (or await page.)")
	}
	if len(src) > MaxLine {
		return fail("the line is longer than %d bytes", MaxLine)
	}
	var sels, codes []string
	for {
		p.space()
		if p.eof() || p.peek() == ';' {
			return fail("the line ends without an action; end it with one of .click(), .fill('…'), .press('…'), …")
		}
		if !p.eat('.') {
			return fail("expected '.'")
		}
		p.space()
		name := p.ident()
		if name == "" {
			return fail("expected a method name after '.'")
		}
		p.space()
		if !p.eat('(') {
			return fail("expected '(' after %s", name)
		}
		args, err := p.args()
		if err != nil {
			return Line{}, err
		}
		if bare[name] || valued[name] {
			if len(sels) == 0 {
				return fail("%s needs a locator before it, like page.getByRole('button').%s()", name, name)
			}
			var value string
			switch {
			case valued[name] && (len(args) != 1 || args[0].kind != str):
				return fail("%s takes one string argument", name)
			case valued[name]:
				value = args[0].s
			case len(args) > 0:
				return fail("%s takes no argument here (options such as { button: 'right' } are not supported)", name)
			}
			p.space()
			p.eat(';')
			p.space()
			if !p.eof() {
				return fail("unexpected %q after the action; a line does one action", p.rest())
			}
			method := name
			if method == "type" {
				method = "pressSequentially"
			}
			return Line{Selector: strings.Join(sels, " >> "), Locator: "page." + strings.Join(codes, "."), Method: method, Value: value}, nil
		}
		sel, c, err := compile(name, args)
		if err != nil {
			return Line{}, &SyntaxError{Line: src, Offset: p.pos, Reason: err.Error()}
		}
		sels = append(sels, sel)
		codes = append(codes, c)
	}
}

// escapeRegex makes a regex literal safe inside a selector, as
// Playwright's escapeRegexForSelector does: quotes are escaped and ">>"
// (the chain separator) is broken up. Non-regex text passes unchanged.
func escapeRegex(re string) string {
	if !strings.HasPrefix(re, "/") {
		return re
	}
	if end := strings.LastIndexByte(re, '/'); end > 0 && strings.ContainsAny(re[end:], "uv") {
		return re
	}
	var b strings.Builder
	for i := 0; i < len(re); i++ {
		c := re[i]
		switch {
		case c == '\\' && i+1 < len(re):
			b.WriteByte(c)
			b.WriteByte(re[i+1])
			i++
		case c == '"' || c == '\'' || c == '`':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '>' && i+1 < len(re) && re[i+1] == '>':
			b.WriteString(`\>\>`)
			i++
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// compile turns one locator call into its selector part and canonical code.
func compile(name string, args []arg) (string, string, error) {
	need := func(n int) error {
		if len(args) < n || args[0].kind != str && args[0].kind != regex {
			return fmt.Errorf("%s needs a string argument", name)
		}
		return nil
	}
	exact := false
	var opts map[string]arg
	if len(args) > 1 {
		if args[1].kind != object {
			return "", "", fmt.Errorf("the second argument of %s must be an options object", name)
		}
		opts = args[1].obj
		if e, ok := opts["exact"]; ok {
			if e.kind != boolean {
				return "", "", fmt.Errorf("the option exact of %s must be true or false", name)
			}
			exact = e.b
		}
	}
	if len(args) > 2 {
		return "", "", fmt.Errorf("%s takes at most two arguments", name)
	}
	switch name {
	case "getByRole":
		if len(args) < 1 || args[0].kind != str || args[0].s == "" {
			return "", "", fmt.Errorf("getByRole needs a role, like getByRole('button')")
		}
		sel := "internal:role=" + args[0].s
		for _, k := range []string{"name", "checked", "disabled", "expanded", "level", "pressed", "selected", "includeHidden"} {
			v, ok := opts[k]
			if !ok {
				continue
			}
			switch {
			case k == "name" && v.kind == str:
				sel += "[name=" + AttrQuote(v.s, exact) + "]"
			case k == "name" && v.kind == regex:
				sel += "[name=" + escapeRegex(v.s) + "]"
			case k == "level" && v.kind == number:
				sel += "[level=" + strconv.Itoa(v.n) + "]"
			case k != "name" && k != "level" && v.kind == boolean:
				attr := k
				if k == "includeHidden" {
					attr = "include-hidden"
				}
				sel += fmt.Sprintf("[%s=%t]", attr, v.b)
			default:
				return "", "", fmt.Errorf("getByRole option %s has the wrong type", k)
			}
		}
		for k := range opts {
			switch k {
			case "name", "exact", "checked", "disabled", "expanded", "level", "pressed", "selected", "includeHidden":
			default:
				return "", "", fmt.Errorf("getByRole has no option %q", k)
			}
		}
		return sel, "getByRole(" + renderArgs(args) + ")", nil
	case "getByText", "getByLabel", "getByPlaceholder", "getByAltText", "getByTitle":
		if err := need(1); err != nil {
			return "", "", err
		}
		for k, v := range opts {
			if k != "exact" || v.kind != boolean {
				return "", "", fmt.Errorf("%s takes only the option exact: true|false", name)
			}
		}
		var sel string
		val := escapeRegex(args[0].s)
		if args[0].kind == str {
			val = AttrQuote(args[0].s, exact)
		}
		switch name {
		case "getByText":
			if args[0].kind == str {
				val = TextQuote(args[0].s, exact)
			}
			sel = "internal:text=" + val
		case "getByLabel":
			if args[0].kind == str {
				val = TextQuote(args[0].s, exact)
			}
			sel = "internal:label=" + val
		case "getByPlaceholder":
			sel = "internal:attr=[placeholder=" + val + "]"
		case "getByAltText":
			sel = "internal:attr=[alt=" + val + "]"
		case "getByTitle":
			sel = "internal:attr=[title=" + val + "]"
		}
		return sel, name + "(" + renderArgs(args) + ")", nil
	case "getByTestId":
		if len(args) != 1 || args[0].kind != str {
			return "", "", fmt.Errorf("getByTestId needs one string argument")
		}
		return "internal:testid=[data-testid=" + AttrQuote(args[0].s, true) + "]", name + "(" + renderArgs(args) + ")", nil
	case "locator", "frameLocator":
		if len(args) != 1 || args[0].kind != str || strings.TrimSpace(args[0].s) == "" {
			return "", "", fmt.Errorf("%s needs one non-empty selector string", name)
		}
		sel := args[0].s
		if name == "frameLocator" {
			sel += " >> internal:control=enter-frame"
		}
		return sel, name + "(" + renderArgs(args) + ")", nil
	case "contentFrame":
		if len(args) != 0 {
			return "", "", fmt.Errorf("contentFrame takes no argument")
		}
		return "internal:control=enter-frame", "contentFrame()", nil
	case "first", "last":
		if len(args) != 0 {
			return "", "", fmt.Errorf("%s takes no argument", name)
		}
		if name == "first" {
			return "nth=0", "first()", nil
		}
		return "nth=-1", "last()", nil
	case "nth":
		if len(args) != 1 || args[0].kind != number {
			return "", "", fmt.Errorf("nth needs one integer argument")
		}
		return "nth=" + strconv.Itoa(args[0].n), "nth(" + strconv.Itoa(args[0].n) + ")", nil
	}
	return "", "", fmt.Errorf("unknown method %q; use getByRole, getByText, getByLabel, getByPlaceholder, getByTestId, getByAltText, getByTitle, locator, frameLocator, contentFrame, first, last, nth, then one action", name)
}
