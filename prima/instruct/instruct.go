// Package instruct parses literal natural-language instructions ("fill
// Name with Ada", "click the Save button") into intents, and resolves an
// intent's target against a snapshot's refs without ever guessing.
package instruct

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/prima-dev/prima/envelope"
)

// Intent is one parsed instruction.
type Intent struct {
	// Verb is one of click, dblclick, rightclick, fill, type, select,
	// check, uncheck, hover, expand, collapse, press, clear, go, back,
	// forward, reload, drag,
	// upload, tab, closetab, accept, dismiss, wait and waitgone.
	Verb   string
	Target Target // what to act on; empty for go, back, forward, reload, tab, closetab, accept, dismiss, wait, waitgone and a bare press
	To     Target // drag: where to drop
	// Value is the fill/type/select value, the press key, the go URL, the
	// tab number (tab, and closetab when given), the accept text (prompt
	// dialogs; "" when none) or the wait text.
	Value  string
	Values []string // upload: the files, in the order given
	// Stop: the instruction ended in a full stop right after a one-word
	// value, which was read as the sentence's end and left out of Value;
	// the step says so. A value of several words keeps its closing stop:
	// it is a sentence, typed as written.
	Stop bool
}

// Target names an element as a user would: by its visible name, label,
// placeholder or quoted text, optionally with a role word.
type Target struct {
	Text   string // "Save", "Email"
	Quoted bool   // the text was quoted: match it literally (exact, or for Content a whole-word phrase)
	Role   string // ARIA role implied by a role word ("button"), or ""
	Word   string // the role word as written, so "Archive item" can be read whole too
	// Content: also know the element by its text content, not only by its
	// accessible name. An alert or a status usually has no name; what it
	// says is what a claim calls it ("the Saved alert"). Set by claim for
	// roles where ContentRole is true; the literal grammar never sets it.
	Content bool
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

func (e *UnparsedError) FailureCode() envelope.Code { return envelope.CodeInstruction }

// filler words are never a target on their own.
var filler = map[string]bool{"the": true, "on": true, "over": true, "in": true, "into": true, "a": true, "an": true, "to": true}

// keys are the key names press understands without a target.
var keys = map[string]bool{
	"enter": true, "tab": true, "escape": true, "esc": true, "space": true, "backspace": true, "delete": true,
	"arrowup": true, "arrowdown": true, "arrowleft": true, "arrowright": true, "home": true, "end": true,
	"pageup": true, "pagedown": true,
}

// dialogWords name the dialog accept and dismiss answer.
var dialogWords = set("dialog alert confirm confirmation prompt popup")

// Parse reads one literal instruction. The grammar:
//
//	click|tap|press [on] TARGET
//	double-click|doubleclick|dblclick|double click [on] TARGET
//	right-click|rightclick|right click [on] TARGET
//	fill [in] TARGET with VALUE | fill|type|enter VALUE into|in TARGET | set TARGET to VALUE
//	select|choose VALUE in|from TARGET
//	check|uncheck|tick|untick TARGET
//	hover [over] TARGET
//	press KEY [in|on TARGET]
//	clear TARGET
//	drag [and drop] TARGET to|onto|into TARGET
//	upload|attach FILE [FILE...] to|into TARGET      (quote a file name that has spaces)
//	go to|open|navigate to|visit URL
//	go back | go forward | reload [the page] | refresh [the page]
//	switch to tab N | close tab [N]
//	accept the dialog [with TEXT] | dismiss the dialog
//	wait for TEXT | wait until TEXT is gone | wait for TEXT to disappear
//
// TARGET is quoted text or words, optionally "the …", optionally ending
// in a role word (the Save button, the Email field). An unquoted value or
// target that holds a second instruction ("fill Bio with Ada and click
// Save") is refused with a *CompoundError; quoted, it is taken as is.
// Anything else outside the grammar is an *UnparsedError.
func Parse(s string) (Intent, error) {
	return parse(s, s, true)
}

// parse reads src; errors name instruction. checkCompound is off while
// compound reads a second instruction, or the whole one to suggest its
// quoted form.
func parse(instruction, src string, checkCompound bool) (Intent, error) {
	src = strings.TrimSpace(src)
	// A closing full stop is punctuation, unless it ends a value of
	// several words (below); "!" may be part of a value.
	stopped := strings.HasSuffix(src, ".") && !strings.HasSuffix(src, "..")
	if stopped {
		src = strings.TrimSuffix(src, ".")
	}
	fail := func(reason string) (Intent, error) {
		return Intent{}, &UnparsedError{Instruction: instruction, Reason: reason}
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
	if checkCompound {
		if e := compound(instruction, src); e != nil {
			return Intent{}, e
		}
	}
	verb, rest := splitWord(src)
	verb = strings.ToLower(verb)
	if verb == "double" || verb == "right" {
		if w, after := splitWord(rest); strings.EqualFold(w, "click") {
			verb, rest = verb+"-click", after
		}
	}
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
	case "double-click", "doubleclick", "dblclick":
		return on("dblclick", trimPrefixWord(rest, "on"))
	case "right-click", "rightclick":
		return on("rightclick", trimPrefixWord(rest, "on"))
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
				in, err := with(vb, tgt, v)
				if r, _ := utf8.DecodeRuneInString(strings.TrimSpace(v)); err == nil && stopped && strings.HasSuffix(src, v) && !IsOpenQuote(r) {
					in.Value, in.Stop = closeSentence(in.Value)
				}
				return in, err
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
	case "expand", "collapse":
		// A click on a disclosure that is not already so (an accordion's
		// heading, a tree item).
		return on(verb, rest)
	case "clear", "empty":
		return on("clear", rest)
	case "drag":
		if w, after := splitWord(rest); strings.EqualFold(w, "and") {
			if w2, after2 := splitWord(after); strings.EqualFold(w2, "drop") {
				rest = after2
			}
		}
		from, to, ok := splitOn(rest, "onto", "to", "into")
		if !ok {
			return fail(`say "drag TARGET to TARGET"`)
		}
		in, err := on("drag", from)
		if err != nil {
			return in, err
		}
		if in.To, err = parseTarget(to); err != nil {
			return fail("where to drop: " + err.Error())
		}
		return in, nil
	case "upload", "attach":
		fs, tgt, ok := splitOn(rest, "to", "into")
		if !ok {
			return fail(`say "upload FILE to TARGET"`)
		}
		files, err := fileList(fs)
		if err != nil {
			return fail(err.Error())
		}
		in, err := on("upload", tgt)
		if err == nil {
			in.Values = files
		}
		return in, err
	case "go", "navigate":
		switch strings.ToLower(strings.TrimSpace(rest)) {
		case "back":
			return Intent{Verb: "back"}, nil
		case "forward":
			return Intent{Verb: "forward"}, nil
		}
		return goTo(rest, fail)
	case "open", "visit":
		return goTo(rest, fail)
	case "reload", "refresh":
		switch strings.ToLower(strings.Join(strings.Fields(rest), " ")) {
		case "", "the page", "page", "this page":
			return Intent{Verb: "reload"}, nil
		}
		return fail(fmt.Sprintf(`unexpected %q after %s; say "reload"`, rest, verb))
	case "switch":
		w := strings.Fields(strings.ToLower(trimPrefixWord(trimPrefixWord(rest, "to"), "the")))
		if len(w) == 2 && w[0] == "tab" {
			if n, ok := tabNumber(w[1]); ok {
				return Intent{Verb: "tab", Value: n}, nil
			}
		}
		return fail(`say "switch to tab N", N as "tab list" numbers the tabs`)
	case "close":
		w := strings.Fields(strings.ToLower(rest))
		if len(w) > 0 && (w[0] == "the" || w[0] == "this" || w[0] == "current") {
			w = w[1:]
		}
		if len(w) > 0 && w[0] == "current" {
			w = w[1:]
		}
		switch {
		case len(w) == 1 && w[0] == "tab":
			return Intent{Verb: "closetab"}, nil
		case len(w) == 2 && w[0] == "tab":
			if n, ok := tabNumber(w[1]); ok {
				return Intent{Verb: "closetab", Value: n}, nil
			}
		}
		return fail(`say "close tab" or "close tab N"; to close something on the page, click its button`)
	case "accept", "dismiss":
		w, after := splitWord(trimPrefixWord(rest, "the"))
		if !dialogWords[strings.ToLower(w)] {
			return fail(fmt.Sprintf(`%s answers a dialog: say "%s the dialog"; to press a button on the page, say "click …"`, verb, verb))
		}
		in := Intent{Verb: verb}
		if after == "" {
			return in, nil
		}
		kw, v := splitWord(after)
		if verb == "dismiss" || !strings.EqualFold(kw, "with") || v == "" {
			return fail(fmt.Sprintf("unexpected %q after the dialog", after))
		}
		var err error
		if in.Value, err = value(v); err != nil {
			return fail(err.Error())
		}
		return in, nil
	case "wait":
		return waitFor(rest, fail)
	}
	return fail(fmt.Sprintf("unknown verb %q; literal instructions start with click, double-click, right-click, fill, type, select, check, uncheck, hover, expand, collapse, press, clear, drag, upload, go, reload, switch to tab, close tab, accept, dismiss or wait", verb))
}

// goTo reads the URL or path of go to, open and visit.
func goTo(rest string, fail func(string) (Intent, error)) (Intent, error) {
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

// tabNumber reads a tab's number as "tab list" prints it (1-based).
func tabNumber(s string) (string, bool) {
	s = strings.TrimPrefix(s, "#")
	if s == "" || len(s) > 6 || strings.TrimLeft(s, "0123456789") != "" || strings.TrimLeft(s, "0") == "" {
		return "", false
	}
	return strings.TrimLeft(s, "0"), true
}

// waitEnds are the endings of "wait for|until TEXT …", and whether each
// waits for the text to go.
var waitEnds = []struct {
	words string
	gone  bool
}{
	{"to disappear", true}, {"to be gone", true}, {"to go away", true}, {"to vanish", true}, {"to be hidden", true},
	{"is gone", true}, {"has gone", true}, {"disappears", true}, {"has disappeared", true}, {"vanishes", true},
	{"goes away", true}, {"is hidden", true}, {"is no longer visible", true}, {"is no longer shown", true},
	{"to appear", false}, {"to be visible", false}, {"to be shown", false}, {"appears", false},
	{"has appeared", false}, {"is visible", false}, {"is shown", false},
}

// waitFor reads "for TEXT [ENDING]" and "until|till TEXT ENDING".
func waitFor(rest string, fail func(string) (Intent, error)) (Intent, error) {
	kw, text := splitWord(rest)
	kw = strings.ToLower(kw)
	if kw != "for" && kw != "until" && kw != "till" {
		return fail(`say "wait for TEXT" or "wait until TEXT is gone"`)
	}
	ending, found, gone := "", false, false
	if q, after, ok := quotedPrefix(text); ok {
		ending = strings.ToLower(strings.Join(strings.Fields(after), " "))
		for _, e := range waitEnds {
			if ending == e.words {
				found, gone = true, e.gone
			}
		}
		if ending != "" && !found {
			return fail(fmt.Sprintf("unexpected %q after the quoted text", strings.TrimSpace(after)))
		}
		text = q
	} else {
		if r, _ := utf8.DecodeRuneInString(text); IsOpenQuote(r) {
			return fail("unterminated quote in " + text)
		}
		lower := strings.ToLower(strings.Join(strings.Fields(text), " "))
		for _, e := range waitEnds {
			if strings.HasSuffix(lower, " "+e.words) && !found {
				found, gone = true, e.gone
				text = strings.Join(strings.Fields(text), " ")
				text = text[:len(text)-len(e.words)-1]
			}
		}
	}
	text = strings.TrimSpace(text)
	switch {
	case text == "":
		return fail("nothing to wait for; say \"wait for TEXT\"")
	case kw != "for" && !found:
		return fail(fmt.Sprintf(`say "wait until %s is gone", or "wait for %s" to wait until it shows`, text, text))
	case gone:
		return Intent{Verb: "waitgone", Value: text}, nil
	}
	return Intent{Verb: "wait", Value: text}, nil
}

// fileList reads upload's file names: words, or quoted names when they
// hold spaces, separated by spaces, commas or "and".
func fileList(s string) ([]string, error) {
	ts, ok := tokens(s)
	if !ok {
		return nil, fmt.Errorf("unterminated quote in %s", s)
	}
	var files []string
	for _, t := range ts {
		if t.quoted {
			if strings.TrimSpace(t.text) == "" {
				return nil, fmt.Errorf("a file name is empty")
			}
			files = append(files, t.text)
			continue
		}
		for _, f := range strings.Split(t.text, ",") {
			if f != "" && !strings.EqualFold(f, "and") {
				files = append(files, f)
			}
		}
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no file named")
	}
	return files, nil
}

// parseTarget reads "the Save button", `"Save"`, "Email field".
func parseTarget(s string) (Target, error) {
	s = trimPrefixWord(strings.TrimRight(strings.TrimSpace(s), "!"), "the")
	if s == "" || filler[strings.ToLower(s)] {
		return Target{}, fmt.Errorf("no target named")
	}
	var t Target
	if r, _ := utf8.DecodeRuneInString(s); IsOpenQuote(r) {
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
			role, ok := RoleWord(rest)
			if !ok {
				return Target{}, fmt.Errorf("unexpected %q after the quoted name", rest)
			}
			t.Role, t.Word = role, rest
		}
		return t, nil
	}
	t.Text = s
	// The last one or two words may be a role word, with a name before it.
	ws := fields(s)
	for n := 2; n >= 1; n-- {
		if len(ws) <= n {
			continue
		}
		tail := ws[len(ws)-n:]
		words := make([]string, n)
		for i, w := range tail {
			words[i] = s[w[0]:w[1]]
		}
		if role, ok := RoleWord(strings.Join(words, " ")); ok {
			t.Text, t.Role, t.Word = strings.TrimSpace(s[:tail[0][0]]), role, s[tail[0][0]:]
			break
		}
	}
	if q, rest, ok := quotedPrefix(t.Text); ok && strings.TrimSpace(rest) == "" {
		t.Text, t.Quoted = q, true
	}
	return t, nil
}

// fields are the byte spans of the space-separated words of s.
func fields(s string) [][2]int {
	var out [][2]int
	start := -1
	for i, r := range s {
		switch sp := unicode.IsSpace(r); {
		case sp && start >= 0:
			out = append(out, [2]int{start, i})
			start = -1
		case !sp && start < 0:
			start = i
		}
	}
	if start >= 0 {
		out = append(out, [2]int{start, len(s)})
	}
	return out
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
				if r == ClosingQuote(inQuote) {
					inQuote = 0
				}
			case IsOpenQuote(r) && (i == 0 || prevSpace):
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

// value reads an instruction's value: quoted, or the rest as written. An
// opening quote without its closing one is an error, not part of the value.
// closeSentence gives an unquoted value back the full stop that ended
// its instruction when the value is a sentence (several words); a word
// keeps it off, and stop says so.
func closeSentence(v string) (string, bool) {
	if strings.ContainsAny(strings.TrimSpace(v), " \t") {
		return v + ".", false
	}
	return v, true
}

func value(s string) (string, error) {
	s = strings.TrimSpace(s)
	if r, _ := utf8.DecodeRuneInString(s); IsOpenQuote(r) {
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
