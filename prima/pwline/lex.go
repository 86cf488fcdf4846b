package pwline

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/prima-dev/prima/shown"
)

type kind int

const (
	str kind = iota
	number
	boolean
	regex
	object
	array
)

// maxDepth bounds how deep objects and arrays nest: an options object
// holding an array (modifiers: ['Shift']) or an array of objects
// ([{ label: 'A' }]) is as deep as any Playwright line prima reads goes.
const maxDepth = 2

// arg is one JavaScript literal argument.
type arg struct {
	kind  kind
	s     string // str: the value; regex: the literal as written, /…/flags
	n     int
	b     bool
	obj   map[string]arg
	keys  []string // object keys in source order
	elems []arg    // array elements
}

type parser struct {
	src string
	pos int
}

func (p *parser) eof() bool  { return p.pos >= len(p.src) }
func (p *parser) peek() byte { return p.src[p.pos] }
func (p *parser) rest() string {
	r := p.src[p.pos:]
	if len(r) > 20 {
		r = r[:20] + "…"
	}
	return r
}

func (p *parser) space() {
	for !p.eof() && strings.IndexByte(" \t\r\n", p.peek()) >= 0 {
		p.pos++
	}
}

func (p *parser) eat(c byte) bool {
	if !p.eof() && p.peek() == c {
		p.pos++
		return true
	}
	return false
}

// word consumes w when it stands alone (not a prefix of a longer name).
func (p *parser) word(w string) bool {
	if !strings.HasPrefix(p.src[p.pos:], w) {
		return false
	}
	end := p.pos + len(w)
	if end < len(p.src) && isIdent(p.src[end]) {
		return false
	}
	p.pos = end
	return true
}

func isIdent(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func (p *parser) ident() string {
	start := p.pos
	for !p.eof() && isIdent(p.peek()) {
		p.pos++
	}
	return p.src[start:p.pos]
}

func (p *parser) errf(format string, a ...any) error {
	return &SyntaxError{Line: p.src, Offset: min(p.pos, len(p.src)), Reason: fmt.Sprintf(format, a...)}
}

// args reads literals up to the closing ')'.
func (p *parser) args() ([]arg, error) {
	var out []arg
	p.space()
	if p.eat(')') {
		return nil, nil
	}
	for {
		p.space()
		a, err := p.value(0)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
		p.space()
		if p.eat(')') {
			return out, nil
		}
		if !p.eat(',') {
			return nil, p.errf("expected ',' or ')'")
		}
		p.space()
		if p.eat(')') { // trailing comma
			return out, nil
		}
	}
}

// value reads one literal; depth is how many objects and arrays enclose it.
func (p *parser) value(depth int) (arg, error) {
	if p.eof() {
		return arg{}, p.errf("the line ends inside an argument list")
	}
	if c := p.peek(); (c == '{' || c == '[') && depth >= maxDepth {
		return arg{}, p.errf("objects and arrays nest at most %d deep here", maxDepth)
	}
	switch c := p.peek(); {
	case c == '\'' || c == '"' || c == '`':
		s, err := p.str()
		return arg{kind: str, s: s}, err
	case c == '/':
		return p.regex()
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '-' || c >= '0' && c <= '9':
		start := p.pos
		p.pos++
		for !p.eof() && p.peek() >= '0' && p.peek() <= '9' {
			p.pos++
		}
		n, err := strconv.Atoi(p.src[start:p.pos])
		if err != nil {
			return arg{}, p.errf("bad number %q", p.src[start:p.pos])
		}
		return arg{kind: number, n: n}, nil
	case p.word("true"):
		return arg{kind: boolean, b: true}, nil
	case p.word("false"):
		return arg{kind: boolean}, nil
	}
	return arg{}, p.errf("expected a string, number, boolean, regex, [ … ] or { … } argument, found %q", p.rest())
}

// Unquote decodes the JavaScript string literal s starts with (quoted
// with ', " or a template without interpolation); what follows it is
// ignored.
func Unquote(s string) (string, error) {
	if s == "" || !strings.ContainsRune("'\"`", rune(s[0])) {
		return "", fmt.Errorf("not a JavaScript string literal")
	}
	p := &parser{src: s}
	return p.str()
}

// str reads a JavaScript string literal. Template literals are accepted
// only without interpolation.
func (p *parser) str() (string, error) {
	q := p.peek()
	p.pos++
	var b strings.Builder
	for !p.eof() {
		c := p.peek()
		switch {
		case c == q:
			p.pos++
			return b.String(), nil
		case c == '\\':
			if p.pos+1 >= len(p.src) {
				return "", p.errf("unterminated string")
			}
			e := p.src[p.pos+1]
			p.pos += 2
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'v':
				b.WriteByte('\v')
			case '0':
				b.WriteByte(0)
			case 'x':
				n, err := p.hex(2)
				if err != nil {
					return "", err
				}
				b.WriteRune(rune(n))
			case 'u':
				r, err := p.unicodeEscape()
				if err != nil {
					return "", err
				}
				b.WriteRune(r)
			default:
				b.WriteByte(e)
			}
		case q == '`' && c == '$' && p.pos+1 < len(p.src) && p.src[p.pos+1] == '{':
			return "", p.errf("template interpolation ${…} is not a literal")
		case (c == '\n' || c == '\r') && q != '`':
			return "", p.errf("unterminated string")
		default:
			b.WriteByte(c)
			p.pos++
		}
	}
	return "", p.errf("unterminated string")
}

// hex reads n hex digits.
func (p *parser) hex(n int) (uint64, error) {
	if p.pos+n > len(p.src) {
		return 0, p.errf("bad escape: want %d hex digits", n)
	}
	v, err := strconv.ParseUint(p.src[p.pos:p.pos+n], 16, 32)
	if err != nil {
		return 0, p.errf("bad escape: want %d hex digits", n)
	}
	p.pos += n
	return v, nil
}

// unicodeEscape reads what follows \u: XXXX (joining a surrogate pair) or
// {X…}.
func (p *parser) unicodeEscape() (rune, error) {
	if p.eat('{') {
		end := strings.IndexByte(p.src[p.pos:], '}')
		if end < 1 || end > 6 {
			return 0, p.errf("bad \\u{…} escape")
		}
		v, err := strconv.ParseUint(p.src[p.pos:p.pos+end], 16, 32)
		if err != nil || v > unicode.MaxRune {
			return 0, p.errf("bad \\u{…} escape")
		}
		p.pos += end + 1
		return rune(v), nil
	}
	v, err := p.hex(4)
	if err != nil {
		return 0, err
	}
	r := rune(v)
	if utf16.IsSurrogate(r) && strings.HasPrefix(p.src[p.pos:], "\\u") {
		save := p.pos
		p.pos += 2
		if lo, err := p.hex(4); err == nil {
			if d := utf16.DecodeRune(r, rune(lo)); d != utf8.RuneError {
				return d, nil
			}
		}
		p.pos = save
	}
	return r, nil
}

func (p *parser) regex() (arg, error) {
	start := p.pos
	p.pos++
	inClass := false
	for !p.eof() {
		c := p.peek()
		switch {
		case c == '\\':
			p.pos += 2
			continue
		case c == '[':
			inClass = true
		case c == ']':
			inClass = false
		case c == '/' && !inClass:
			if p.pos == start+1 {
				return arg{}, p.errf("empty regex")
			}
			p.pos++
			for !p.eof() && strings.IndexByte("dgimsuvy", p.peek()) >= 0 {
				p.pos++
			}
			return arg{kind: regex, s: p.src[start:p.pos]}, nil
		case c == '\n':
			return arg{}, p.errf("unterminated regex")
		}
		p.pos++
	}
	return arg{}, p.errf("unterminated regex")
}

func (p *parser) object(depth int) (arg, error) {
	p.pos++
	a := arg{kind: object, obj: map[string]arg{}}
	for {
		p.space()
		if p.eat('}') {
			return a, nil
		}
		var key string
		if !p.eof() && (p.peek() == '\'' || p.peek() == '"') {
			k, err := p.str()
			if err != nil {
				return arg{}, err
			}
			key = k
		} else {
			key = p.ident()
		}
		if key == "" {
			return arg{}, p.errf("expected a property name")
		}
		p.space()
		if !p.eat(':') {
			return arg{}, p.errf("expected ':' after %s", key)
		}
		p.space()
		if !p.eof() && p.peek() == '{' && key != "position" && key != "sourcePosition" && key != "targetPosition" {
			// Only the points ({ x, y }) nest; nothing else prima reads does.
			return arg{}, p.errf("nested objects are not supported")
		}
		v, err := p.value(depth + 1)
		if err != nil {
			return arg{}, err
		}
		if _, dup := a.obj[key]; !dup {
			a.keys = append(a.keys, key)
		}
		a.obj[key] = v
		p.space()
		if p.eat(',') {
			continue
		}
		if !p.eat('}') {
			if p.eof() {
				return arg{}, p.errf("the line ends inside an argument list")
			}
			return arg{}, p.errf("expected ',' or '}'")
		}
		return a, nil
	}
}

// array reads [a, b, …], a trailing comma allowed.
func (p *parser) array(depth int) (arg, error) {
	p.pos++
	a := arg{kind: array}
	for {
		p.space()
		if p.eat(']') {
			return a, nil
		}
		if !p.eof() && p.peek() == '[' {
			return arg{}, p.errf("nested arrays are not supported")
		}
		v, err := p.value(depth + 1)
		if err != nil {
			return arg{}, err
		}
		a.elems = append(a.elems, v)
		p.space()
		if p.eat(',') {
			continue
		}
		if !p.eat(']') {
			if p.eof() {
				return arg{}, p.errf("the line ends inside an argument list")
			}
			return arg{}, p.errf("expected ',' or ']'")
		}
		return a, nil
	}
}

// renderArgs prints arguments canonically: single-quoted strings, and
// options objects as `{ key: value }` in source order.
func renderArgs(args []arg) string {
	var parts []string
	for _, a := range args {
		parts = append(parts, render(a))
	}
	return strings.Join(parts, ", ")
}

func render(a arg) string {
	switch a.kind {
	case str:
		return JSQuote(a.s)
	case number:
		return strconv.Itoa(a.n)
	case boolean:
		return strconv.FormatBool(a.b)
	case regex:
		return a.s
	case array:
		var parts []string
		for _, e := range a.elems {
			parts = append(parts, render(e))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	keys := a.keys
	if len(keys) != len(a.obj) {
		keys = nil
		for k := range a.obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
	}
	var parts []string
	for _, k := range keys {
		parts = append(parts, k+": "+render(a.obj[k]))
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

// RegexQuote escapes s for a JavaScript regular expression: what verify
// and export write for a contains check (new RegExp(…)).
func RegexQuote(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`\.+*?()|[]{}^$/`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// JSQuote writes s as a single-quoted JavaScript string literal.
func JSQuote(s string) string {
	var b strings.Builder
	b.WriteByte('\'')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\'':
			b.WriteString(`\'`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case shown.Invisible(r):
			// A control, an invisible or a private-use character (an icon
			// font's glyph): escaped, so the line reads and copies as what
			// it matches.
			if r > 0xffff {
				fmt.Fprintf(&b, `\u{%x}`, r)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('\'')
	return b.String()
}

// JSEscaped is s as it stands inside a JavaScript string literal of
// JSQuote: where prima prints code, a value that must not be shown (a
// password, a secret) is found in this form.
func JSEscaped(s string) string {
	q := JSQuote(s)
	return q[1 : len(q)-1]
}

// AttrQuote quotes a value for Playwright's internal attribute selectors
// (what getByRole's name and getByTestId compile to): "s" for exact,
// "i" for case-insensitive substring.
func AttrQuote(s string, exact bool) string {
	q := `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
	if exact {
		return q + "s"
	}
	return q + "i"
}

// TextQuote quotes text for internal:text and internal:label.
func TextQuote(s string, exact bool) string {
	b := jsonString(s)
	if exact {
		return b + "s"
	}
	return b + "i"
}

func jsonString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r < 0x20:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
