package instruct

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/prima-dev/prima/envelope"
)

// CompoundError: an instruction holds a second instruction in an unquoted
// value or target ("fill Bio with Ada and click Save"). do performs one
// action per instruction and never guesses which was meant, so it refuses.
type CompoundError struct {
	Instruction string // as given
	First       string // the text before the joining word: "fill Bio with Ada"
	Second      string // the second instruction: "click Save"
	// Part is where the second instruction was read: "value" or "target",
	// or "" when the first part is no instruction on its own.
	Part string
	// Quoted is the instruction with that value or target quoted, which
	// prima reads as one action that types or names the words as they are
	// (fill Bio with "Ada and click Save"); "" when there is none.
	Quoted string
}

func (e *CompoundError) Error() string {
	both := fmt.Sprintf("give each its own instruction: %s, %s", say(e.First), say(e.Second))
	switch e.Part {
	case "value":
		return fmt.Sprintf("the value in %s reads as a second instruction, %s: %s; or quote the value to type it as is: %s",
			say(e.Instruction), say(e.Second), both, e.Quoted)
	case "target":
		return fmt.Sprintf("the target in %s reads as a second instruction, %s: %s; or quote the name if it is one: %s",
			say(e.Instruction), say(e.Second), both, e.Quoted)
	}
	return fmt.Sprintf("%s reads as two instructions: %s", say(e.Instruction), both)
}

func (e *CompoundError) FailureCode() envelope.Code { return envelope.CodeInstruction }

// say quotes s for a message without escaping the quotes inside it.
func say(s string) string {
	if strings.Contains(s, `"`) && !strings.Contains(s, `'`) {
		return "'" + s + "'"
	}
	return `"` + s + `"`
}

// targetVerbs start a second instruction when a word follows them;
// otherVerbs (the verbs without a target, and the grammar's synonyms) only
// when what follows them reads as an instruction: "and accept the
// dialog", not "read and accept the terms"; "and enter 42 into Age", not
// "come and enter".
var (
	targetVerbs = set(`click tap fill type select check uncheck hover press clear double-click doubleclick
		dblclick right-click rightclick drag upload`)
	otherVerbs = set(`go accept dismiss switch close reload wait
		open visit navigate refresh enter set choose pick tick untick attach`)
)

// token is a word of an instruction or a quoted text, with its place.
type token struct {
	text       string // the word, or the quoted body
	low        string // the word in lower case ("" for a quoted text)
	start, end int    // byte offsets in the instruction, quotes included
	quoted     bool
}

// tokens splits s into words and quoted texts. A quote opens only at the
// start of a word. ok is false when a quote is never closed.
func tokens(s string) ([]token, bool) {
	var ts []token
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsSpace(r):
			i += size
		case IsOpenQuote(r):
			q, rest, ok := quotedPrefix(s[i:])
			if !ok {
				return ts, false
			}
			end := len(s) - len(rest)
			ts = append(ts, token{text: q, start: i, end: end, quoted: true})
			i = end
		default:
			j := i
			for j < len(s) {
				r, size := utf8.DecodeRuneInString(s[j:])
				if unicode.IsSpace(r) {
					break
				}
				j += size
			}
			ts = append(ts, token{text: s[i:j], low: strings.ToLower(s[i:j]), start: i, end: j})
			i = j
		}
	}
	return ts, true
}

// compound finds a second instruction joined to the first by "and",
// "then", "and then" or ";" outside quotes, and explains the refusal.
func compound(instruction, src string) *CompoundError {
	ts, ok := tokens(src)
	if !ok {
		return nil // the unterminated quote is the error to report
	}
	// A second instruction after a dialog or navigation verb is read whole;
	// a few readings are enough, and bound the work on a long instruction.
	reads := 16
	for i, t := range ts {
		if t.quoted {
			continue
		}
		v, cut := -1, t.start
		switch {
		case t.low == "and" && i > 0:
			v = i + 1
			if v < len(ts) && ts[v].low == "then" {
				v++
			}
		case t.low == "then" && i > 0:
			v = i + 1
		case t.low == ";" && i > 0:
			v = i + 1
		case strings.HasSuffix(t.low, ";") && t.low != ";":
			v, cut = i+1, t.end-1
		}
		if v < 0 || v >= len(ts) || ts[v].quoted {
			continue
		}
		w, n := ts[v].low, 1
		if (w == "double" || w == "right") && v+1 < len(ts) && ts[v+1].low == "click" {
			w, n = w+"-click", 2
		}
		second := src[ts[v].start:]
		switch {
		case targetVerbs[w] && v+n < len(ts):
		case (targetVerbs[w] || otherVerbs[w]) && reads > 0:
			reads--
			if _, err := parse(instruction, second, false); err != nil {
				continue
			}
		default:
			continue
		}
		first := strings.TrimRight(strings.TrimSpace(src[:cut]), ",;")
		if strings.TrimSpace(first) == "" {
			continue
		}
		e := &CompoundError{Instruction: instruction, First: strings.TrimSpace(first), Second: second}
		e.Part, e.Quoted = quotedFix(src, t.start)
		return e
	}
	return nil
}

// quotedFix reads src as one instruction and finds the unquoted value or
// target that spans the joining word at offset at; it returns which it is
// and src with it quoted.
func quotedFix(src string, at int) (string, string) {
	in, err := parse(src, src, false)
	if err != nil {
		return "", ""
	}
	for _, c := range []struct{ part, text string }{
		{"value", in.Value}, {"target", in.Target.Text}, {"target", in.To.Text},
	} {
		if c.text == "" {
			continue
		}
		for off := 0; ; {
			k := strings.Index(src[off:], c.text)
			if k < 0 {
				break
			}
			a, b := off+k, off+k+len(c.text)
			if a <= at && at < b {
				return c.part, src[:a] + quote(c.text) + src[b:]
			}
			off = a + 1
		}
	}
	return "", ""
}
