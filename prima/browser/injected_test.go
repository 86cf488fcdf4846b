package browser

import (
	"strings"
	"testing"
)

// The engine calls ariaSnapshot on a copy of the injected script; the
// driver's bundle must still hold it as prima reads it.
func TestInjectedSourceIsTheDriversInjectedScript(t *testing.T) {
	src, err := InjectedSource()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"module.exports = __toCommonJS(injectedScript_exports)", "  ariaSnapshot(node, options) {", "_lastAriaSnapshotForQuery", "function generateAriaTree("} {
		if !strings.Contains(src, want) {
			t.Errorf("the injected script has no %q", want)
		}
	}
}

func TestJSUnquote(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`'a\nb' rest`, "a\nb"},
		{`"it's" x`, "it's"},
		{`'\'q\''`, "'q'"},
		{`'\x41\u00e9\u{1F600}'`, "Aé😀"},
		{`'\ud83d\ude00'`, "😀"},
		{`'back\\slash'`, `back\slash`},
		{"'line\\\ncont'", "linecont"},
	} {
		got, err := jsUnquote(c.in)
		if err != nil || got != c.want {
			t.Errorf("jsUnquote(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{``, `x'`, `'open`, `'\u12'`, `'\u{zz}'`} {
		if _, err := jsUnquote(bad); err == nil {
			t.Errorf("jsUnquote(%q): no error", bad)
		}
	}
}
