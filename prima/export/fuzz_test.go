package export

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/prima-dev/prima/ariadiff"
)

// quoted writes s as ariadiff's names read: a JSON string.
func quoted(s string) string {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	_ = e.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// format writes f back in ariadiff's shapes, quoting every string.
func format(k ariadiff.Kind, f fact) string {
	s := f.role
	if f.named {
		s += " " + quoted(f.name)
	}
	switch k {
	case ariadiff.Added, ariadiff.Removed:
		for _, g := range f.states {
			s += " [" + g + "]"
		}
		if f.hasValue {
			s += ": " + quoted(f.value)
		}
		return s
	}
	if f.quoted {
		return s + ": " + quoted(f.from) + " -> " + quoted(f.to)
	}
	return s + ": " + f.from + " -> " + f.to
}

var fuzzKinds = []ariadiff.Kind{ariadiff.Typed, ariadiff.Selected, ariadiff.Toggled, ariadiff.Changed,
	ariadiff.Renamed, ariadiff.Added, ariadiff.Removed}

// readChange never panics, and what it reads it reads again the same from
// its own writing: no part of a Change text is taken for another.
func FuzzReadChange(f *testing.F) {
	for _, s := range []string{
		`textbox "Name": "" -> "Ada"`, `checkbox "A": unchecked -> checked`, `heading "Level" [level=2]`,
		`status: Saved Ada`, `status "Cart": "  spaced  "`, `alert: Card "declined"`, `textbox "N" (in "Row A"): "" -> "x"`,
		`listitem ×14 (first: "a", last: "n")`, `heading "It's \"done\" \\ now" [level=3]`, `button "Go": enabled -> disabled`,
		`heading "no level": level=1 -> no level`, `combobox "C": "…long a" -> "…long b"`, `text: Thank you`,
		"heading \"\\ud83d\\ude00\"", `textbox "x": "a\u00"`, `link "a" [`, `button "Save" -> "Saved"`,
	} {
		for i := range fuzzKinds {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, k uint8, text string) {
		kind := fuzzKinds[int(k)%len(fuzzKinds)]
		got, ok := readChange(ariadiff.Change{Kind: kind, Text: text})
		if !ok {
			return
		}
		again, ok := readChange(ariadiff.Change{Kind: kind, Text: format(kind, got)})
		if !ok || !reflect.DeepEqual(again, got) {
			t.Fatalf("%s %q read %+v; its writing %q reads %+v (%v)", kind, text, got, format(kind, got), again, ok)
		}
	})
}

// Whatever two snapshots diff to, the spec keeps every page text inside
// a string or a comment: each line of the test is a statement prima
// wrote or a comment, never page text that escaped.
func FuzzRenderDiff(f *testing.F) {
	f.Add("- textbox \"Name\"", "- textbox \"Name\": Ada\n- status: Saved Ada\n- heading \"Done\" [level=2]")
	f.Add("- checkbox \"A\"", "- checkbox \"A\" [checked]")
	f.Add("- alert", "- alert: \"line\\nbreak'); evil(); ('\"")
	f.Add("- heading \"x\"", "- heading \"a\\u2028b\\\\'\" [level=1]")
	f.Fuzz(func(t *testing.T, before, after string) {
		cs := ariadiff.DiffText(before, after)
		steps := []Step{
			{Kind: Goto, Used: "await page.goto('http://127.0.0.1/a');", URLAfter: "http://127.0.0.1/a", OK: true},
			{Kind: Action, Used: "await page.getByRole('button', { name: 'Go', exact: true }).click();",
				URLBefore: "http://127.0.0.1/a", URLAfter: "http://127.0.0.1/a", OK: true, Proven: true, Changes: cs},
		}
		spec, err := Render(steps, Options{})
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(spec, "\n"), "\n")
		start := 0
		for start < len(lines) && !strings.HasPrefix(lines[start], "test(") {
			start++
		}
		if start == len(lines) || lines[len(lines)-1] != "});" {
			t.Fatalf("no test in:\n%s", spec)
		}
		for _, l := range lines[start+1 : len(lines)-1] {
			l = strings.TrimPrefix(l, "  ")
			if !strings.HasPrefix(l, "await ") && !strings.HasPrefix(l, "// ") {
				t.Fatalf("line %q is neither a statement nor a comment in:\n%s", l, spec)
			}
			if strings.HasPrefix(l, "await ") && !strings.HasSuffix(l, ";") {
				t.Fatalf("statement %q does not end its line", l)
			}
			if strings.ContainsAny(l, "\r\u2028\u2029") {
				t.Fatalf("line %q holds a line break", l)
			}
		}
	})
}
