package browser

import (
	"strings"
	"testing"
)

// The engine calls ariaSnapshot on a copy of the injected script; the
// driver's bundle must still hold it as prima reads it.
func TestInjectedSourceIsTheDriversInjectedScript(t *testing.T) {
	if testing.Short() {
		t.Skip("needs the installed driver (npm): run without -short")
	}
	src, err := InjectedSource("")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"module.exports = __toCommonJS(injectedScript_exports)", "  ariaSnapshot(node, options) {", "_lastAriaSnapshotForQuery", "function generateAriaTree("} {
		if !strings.Contains(src, want) {
			t.Errorf("the injected script has no %q", want)
		}
	}
}
