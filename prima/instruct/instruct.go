// Package instruct parses literal natural-language instructions ("fill
// Name with Ada", "click the Save button") into intents, and resolves an
// intent's target against a snapshot's refs without ever guessing.
package instruct

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Intent is one parsed instruction.
type Intent struct {
	Verb   string // click, fill, type, select, check, uncheck, hover, press, clear, go
	Target Target // what to act on; empty for go and a bare press
	Value  string // fill/type/select value, press key, go URL
}

// Target names an element as a user would: by its visible name, label,
// placeholder or quoted text, optionally with a role word.
type Target struct {
	Text   string // "Save", "Email"
	Quoted bool   // the text was quoted: match it literally
	Role   string // ARIA role implied by a role word ("button"), or ""
	Word   string // the role word as written, so "Archive item" can be read whole too
}

func (t Target) String() string {
	s := t.Text
	if t.Quoted {
		s = fmt.Sprintf("%q", t.Text)
	}
	if t.Role != "" {
		s += " " + t.Role
	}
	return s
}

// UnparsedError: the instruction is not in the literal grammar.
type UnparsedError struct {
	Instruction string
	Reason      string
}

func (e *UnparsedError) Error() string {
	return fmt.Sprintf("cannot read %q literally: %s", e.Instruction, e.Reason)
}

// roleWords maps the role words a user writes to ARIA roles.
var roleWords = map[string]string{
	"button": "button", "link": "link", "field": "textbox", "textbox": "textbox", "input": "textbox",
	"box": "textbox", "textarea": "textbox", "checkbox": "checkbox", "tab": "tab", "radio": "radio",
	"option": "option", "dropdown": "combobox", "select": "combobox", "combobox": "combobox",
	"menu item": "menuitem", "menuitem": "menuitem", "item": "menuitem", "switch": "switch",
	"heading": "heading", "searchbox": "searchbox",
}

// filler words are never a target on their own.
var filler = map[string]bool{"the": true, "on": true, "over": true, "in": true, "into": true, "a": true, "an": true, "to": true}

// keys are the key names press understands without a target.
var keys = map[string]bool{
	"enter": true, "tab": true, "escape": true, "esc": true, "space": true, "backspace": true, "delete": true,
	"arrowup": true, "arrowdown": true, "arrowleft": true, "arrowright": true, "home": true, "end": true,
	"pageup": true, "pagedown": true,
}

// Parse reads one literal instruction. The grammar:
//
//	click|press|tap [on] TARGET
//	fill [in] TARGET with VALUE | fill|type|enter VALUE into|in TARGET | set TARGET to VALUE
//	select|choose VALUE in|from TARGET
//	check|uncheck|tick|untick TARGET
//	hover [over] TARGET
//	press KEY [in|on TARGET]
//	clear TARGET
//	go to|open|navigate to URL
//
// TARGET is quoted text or words, optionally "the …", optionally ending
// in a role word (the Save button, the Email field).
func Parse(s string) (Intent, error) {
	src := strings.TrimSpace(s)
	// A closing full stop is punctuation; "!" may be part of a value.
	src = strings.TrimSuffix(src, ".")
	fail := func(reason string) (Intent, error) {
		return Intent{}, &UnparsedError{Instruction: s, Reason: reason}
	}
	// on and with build the intent from the target (and value) text.
	on := func(verb, target string) (Intent, error) {
		t, err := parseTarget(target)
		if err != nil {
			return fail(err.Error())
		}
		return Intent{Verb: verb, Target: t}, nil
	}
	with := func(verb, target, v string) (Intent, error) {
		in, err := on(verb, target)
		if err != nil {
			return in, err
		}
		if in.Value, err = value(v); err != nil {
			return fail(err.Error())
		}
		return in, nil
	}
	if src == "" {
		return fail("it is empty")
	}
	verb, rest := splitWord(src)
	verb = strings.ToLower(verb)
	switch verb {
	case "click", "tap", "press":
		rest = trimPrefixWord(rest, "on")
		if verb == "press" {
			if k, after, ok := keyPrefix(rest); ok {
				if after == "" {
					return Intent{Verb: "press", Value: k}, nil
				}
				w, tgt := splitWord(after)
				if w = strings.ToLower(w); w != "in" && w != "on" && w != "into" {
					return fail(fmt.Sprintf("unexpected %q after the key; say \"press %s in TARGET\"", after, k))
				}
				in, err := on("press", tgt)
				if err == nil {
					in.Value = k
				}
				return in, err
			}
		}
		return on("click", rest)
	case "double-click", "dblclick":
		return on("dblclick", trimPrefixWord(rest, "on"))
	case "fill", "type", "enter", "write", "put":
		vb := "fill"
		if verb == "type" {
			vb = "type"
		}
		rest = trimPrefixWord(rest, "in")
		// fill NAME with VALUE reads first for fill; VALUE into NAME for the rest.
		forms := []func() (string, string, bool){
			func() (string, string, bool) { return splitOn(rest, "with") },
			func() (string, string, bool) {
				v, t, ok := splitOn(rest, "into", "in")
				return t, v, ok
			},
		}
		if verb != "fill" {
			forms[0], forms[1] = forms[1], forms[0]
		}
		for _, form := range forms {
			if tgt, v, ok := form(); ok {
				return with(vb, tgt, v)
			}
		}
		return fail(`say "fill NAME with VALUE" or "type VALUE into NAME"`)
	case "set":
		if tgt, v, ok := splitOn(rest, "to"); ok {
			return with("fill", tgt, v)
		}
		return fail(`say "set NAME to VALUE"`)
	case "select", "choose", "pick":
		if v, tgt, ok := splitOn(rest, "from", "in"); ok {
			return with("select", tgt, v)
		}
		// "select the History tab" selects by clicking.
		return on("click", rest)
	case "check", "tick":
		return on("check", rest)
	case "uncheck", "untick":
		return on("uncheck", rest)
	case "hover":
		return on("hover", trimPrefixWord(trimPrefixWord(rest, "over"), "on"))
	case "clear", "empty":
		return on("clear", rest)
	case "go", "open", "navigate", "visit":
		if strings.EqualFold(strings.TrimSpace(rest), "to") {
			rest = ""
		}
		rest = trimPrefixWord(rest, "to")
		u := unquote(strings.TrimSpace(rest))
		if u == "" || strings.ContainsAny(u, " \t") {
			return fail("go needs one URL or path")
		}
		if !strings.HasPrefix(u, "/") && !strings.Contains(u, "://") && !strings.Contains(u, ".") {
			return fail(fmt.Sprintf("%q is not a URL or path", u))
		}
		return Intent{Verb: "go", Value: u}, nil
	}
	return fail(fmt.Sprintf("unknown verb %q; literal instructions start with click, fill, type, select, check, uncheck, hover, press, clear or go to", verb))
}

// parseTarget reads "the Save button", `"Save"`, "Email field".
func parseTarget(s string) (Target, error) {
	s = trimPrefixWord(strings.TrimRight(strings.TrimSpace(s), "!"), "the")
	if s == "" || filler[strings.ToLower(s)] {
		return Target{}, fmt.Errorf("no target named")
	}
	var t Target
	if r, _ := utf8.DecodeRuneInString(s); isOpenQuote(r) {
		if _, _, ok := quotedPrefix(s); !ok {
			return Target{}, fmt.Errorf("unterminated quote in %s", s)
		}
	}
	if q, rest, ok := quotedPrefix(s); ok {
		if strings.TrimSpace(q) == "" {
			return Target{}, fmt.Errorf("no target named (the quotes are empty)")
		}
		t.Text, t.Quoted = q, true
		if rest = strings.TrimSpace(rest); rest != "" {
			role, ok := roleWords[strings.ToLower(rest)]
			if !ok {
				return Target{}, fmt.Errorf("unexpected %q after the quoted name", rest)
			}
			t.Role, t.Word = role, rest
		}
		return t, nil
	}
	lower := strings.ToLower(s)
	best := ""
	for word := range roleWords {
		if strings.HasSuffix(lower, " "+word) && len(word) > len(best) {
			best = word
		}
	}
	t.Text = s
	if best != "" {
		t.Text, t.Role, t.Word = strings.TrimSpace(s[:len(s)-len(best)]), roleWords[best], s[len(s)-len(best):]
	}
	if q, rest, ok := quotedPrefix(t.Text); ok && strings.TrimSpace(rest) == "" {
		t.Text, t.Quoted = q, true
	}
	return t, nil
}

// splitWord splits off the first space-separated word.
func splitWord(s string) (string, string) {
	s = strings.TrimSpace(s)
	i := strings.IndexFunc(s, unicode.IsSpace)
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimSpace(s[i:])
}

// trimPrefixWord drops a leading word w (any case).
func trimPrefixWord(s, w string) string {
	first, rest := splitWord(s)
	if strings.EqualFold(first, w) && rest != "" {
		return rest
	}
	return strings.TrimSpace(s)
}

// splitOn splits s at the first of words that stands alone (between
// white space) outside quotes, trying the words in order.
func splitOn(s string, words ...string) (string, string, bool) {
	for _, w := range words {
		inQuote := rune(0)
		prevSpace := false
		for i, r := range s {
			switch {
			case inQuote != 0:
				if r == closing(inQuote) {
					inQuote = 0
				}
			case isOpenQuote(r) && (i == 0 || prevSpace):
				inQuote = r
			case prevSpace && i+len(w) < len(s) && strings.EqualFold(s[i:i+len(w)], w):
				next, _ := utf8.DecodeRuneInString(s[i+len(w):])
				if unicode.IsSpace(next) {
					left, right := strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+len(w):])
					if left != "" && right != "" {
						return left, right, true
					}
				}
			}
			prevSpace = unicode.IsSpace(r)
		}
	}
	return "", "", false
}

func isOpenQuote(r rune) bool { return r == '"' || r == '\'' || r == '“' || r == '‘' }

func closing(r rune) rune {
	switch r {
	case '“':
		return '”'
	case '‘':
		return '’'
	}
	return r
}

// quotedPrefix reads a quoted string at the start of s.
func quotedPrefix(s string) (string, string, bool) {
	for i, r := range s {
		if i > 0 || !isOpenQuote(r) {
			break
		}
		c := closing(r)
		body := s[len(string(r)):]
		end := strings.IndexRune(body, c)
		if end < 0 {
			return "", "", false
		}
		return body[:end], body[end+len(string(c)):], true
	}
	return "", "", false
}

// unquote strips one pair of quotes around the whole of s.
func unquote(s string) string {
	s = strings.TrimSpace(s)
	if q, rest, ok := quotedPrefix(s); ok && strings.TrimSpace(rest) == "" {
		return q
	}
	return s
}

// value reads an instruction's value: quoted, or the rest as written. An
// opening quote without its closing one is an error, not part of the value.
func value(s string) (string, error) {
	s = strings.TrimSpace(s)
	if r, _ := utf8.DecodeRuneInString(s); isOpenQuote(r) {
		q, rest, ok := quotedPrefix(s)
		if !ok {
			return "", fmt.Errorf("unterminated quote in %s", s)
		}
		if strings.TrimSpace(rest) != "" {
			return "", fmt.Errorf("unexpected %q after the quoted value", strings.TrimSpace(rest))
		}
		return q, nil
	}
	return s, nil
}

// keyPrefix reads a key name at the start of s: a known key, a chord such
// as Control+A, or a single character.
func keyPrefix(s string) (string, string, bool) {
	w, rest := splitWord(s)
	if q, r, ok := quotedPrefix(s); ok && len([]rune(q)) == 1 {
		return q, strings.TrimSpace(r), true
	}
	l := strings.ToLower(w)
	switch {
	case keys[l]:
		return keyName(l), rest, true
	case strings.Contains(w, "+") && len(w) > 2:
		return w, rest, true
	case len([]rune(w)) == 1 && rest == "":
		return w, rest, true
	}
	return "", "", false
}

// keyName spells a key the way Playwright's press wants it.
func keyName(l string) string {
	switch l {
	case "esc", "escape":
		return "Escape"
	case "arrowup":
		return "ArrowUp"
	case "arrowdown":
		return "ArrowDown"
	case "arrowleft":
		return "ArrowLeft"
	case "arrowright":
		return "ArrowRight"
	case "pageup":
		return "PageUp"
	case "pagedown":
		return "PageDown"
	case "backspace":
		return "Backspace"
	case "space":
		return "Space"
	}
	return strings.ToUpper(l[:1]) + l[1:]
}
