package ariadiff

import (
	"encoding/json"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// readLine reads the element a change's text names, the way a reader of
// the line would: the oracle Element must agree with. Only the shapes
// that name one element are read:
//
//	added, removed:   role "name" [state]… : value
//	typed, selected:  role "name": "from" -> "to"
//	toggled, changed: role "name": from -> to       (state words)
func readLine(c Change) *Element {
	s := c.Text
	var f Element
	if !utf8.ValidString(s) {
		return nil
	}
	i := 0
	for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	if i == 0 {
		return nil
	}
	f.Role, s = s[:i], s[i:]
	if strings.HasPrefix(s, ` "`) {
		name, rest, ok := unquoteJSON(s[1:])
		if !ok {
			return nil
		}
		f.Name, f.Named, s = name, true, rest
		f.NameCut = cutOf(name)
	}
	switch c.Kind {
	case Added, Removed:
		for strings.HasPrefix(s, " [") {
			end := strings.IndexByte(s, ']')
			if end < 0 {
				return nil
			}
			f.States = append(f.States, s[2:end])
			s = s[end+1:]
		}
		// A list that came or went names its options: words about the
		// element, not part of it.
		if i := strings.Index(s, " (options: "); i >= 0 && strings.HasSuffix(s, ")") {
			s = s[:i]
		}
		if s == "" {
			return &f
		}
		v, ok := strings.CutPrefix(s, ": ")
		if !ok || v == "" {
			return nil
		}
		if v[0] == '"' {
			var rest string
			if v, rest, ok = unquoteJSON(v); !ok || rest != "" {
				return nil
			}
		}
		f.Value, f.HasValue, f.ValueCut = v, true, cutOf(v)
		return &f
	case Typed, Selected, Toggled, Changed:
		s, ok := strings.CutPrefix(s, ": ")
		if !ok || !f.Named {
			return nil
		}
		if s != "" && s[0] == '"' {
			from, rest, ok := unquoteJSON(s)
			if !ok {
				return nil
			}
			to, ok := strings.CutPrefix(rest, " -> ")
			if !ok || to == "" || to[0] != '"' {
				return nil
			}
			if to, rest, ok = unquoteJSON(to); !ok || rest != "" {
				return nil
			}
			f.From, f.To, f.Quoted, f.ToCut = from, to, true, cutOf(to)
			return &f
		}
		from, to, ok := strings.Cut(s, " -> ")
		if !ok || !stateWordRE.MatchString(from) || !stateWordRE.MatchString(to) {
			return nil
		}
		f.From, f.To = from, to
		return &f
	}
	return nil
}

// cutOf is how many runes the mark ending s says were cut, as a reader
// of the line sees it.
func cutOf(s string) int {
	m := cutRE.FindStringSubmatch(s)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

var cutRE = regexp.MustCompile(`…\(\+(\d+) chars\)$`)

var stateWordRE = regexp.MustCompile(`^(?:no )?[a-z]+(?:=[A-Za-z0-9_-]+)?$`)

func unquoteJSON(s string) (string, string, bool) {
	if s == "" || s[0] != '"' {
		return "", s, false
	}
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			var v string
			if json.Unmarshal([]byte(s[:i+1]), &v) != nil {
				return "", s, false
			}
			return v, s[i+1:], true
		}
	}
	return "", s, false
}

// checkElements: a change's Element is what its line says of the one
// element it names, no more and no less; a change whose line names no
// element alone has none.
func checkElements(t *testing.T, cs []Change) {
	t.Helper()
	for _, c := range cs {
		if got, want := noEmptyStates(c.Of), noEmptyStates(readLine(c)); !reflect.DeepEqual(got, want) {
			t.Errorf("%s\n  Of   %+v\n  line %+v", c, got, want)
		}
	}
}

func noEmptyStates(e *Element) *Element {
	if e == nil || len(e.States) > 0 {
		return e
	}
	x := *e
	x.States = nil
	return &x
}

// Every change of the recorded Chromium pages carries the element its
// line names.
func TestChangesCarryTheElementTheirLineNames(t *testing.T) {
	pairs := [][2]string{{"checkout_before.snap", "checkout_after.snap"}}
	for _, name := range []string{"todo-delete", "todo-check", "todo-filter", "details", "tab-history"} {
		pairs = append(pairs, [2]string{"chromium156." + name + ".before.snap", "chromium156." + name + ".after.snap"})
	}
	n := 0
	for _, p := range pairs {
		a, b := readSnap(t, p[0]), readSnap(t, p[1])
		for _, cs := range [][]Change{DiffText(a, b), DiffText(b, a), DiffNavigated(Parse(a), Parse(b))} {
			checkElements(t, cs)
			for _, c := range cs {
				if c.Of != nil {
					n++
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no change of the recorded pages names an element: the test checks nothing")
	}
}

func TestValueChange(t *testing.T) {
	c := ValueChange(Typed, "textbox", "Notes", "", "Hello")
	if c.Text != `textbox "Notes": "" -> "Hello"` {
		t.Errorf("text = %s", c.Text)
	}
	checkElements(t, []Change{c})
	if c := ValueChange(Typed, "", "x", "", "y"); c.Of != nil {
		t.Errorf("an element with no role is not one a change names: %+v", c.Of)
	}
}
