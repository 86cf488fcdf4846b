package steps

import (
	"strings"
	"testing"
)

// A map ref names an element of the injected map by its place, and only
// in the shape the model was shown: anything else is no map ref.
func TestMapRefsNameTheInjectedMapsElements(t *testing.T) {
	m := &UIMap{Elements: []MapEntry{
		{Section: "page", Role: "button", Name: "Re-render"},
		{Section: `form "Profile"`, Role: "textbox", Name: "Name"},
		{Section: `form "Profile"`, Role: "button", Name: "Save"},
	}}
	r := &modelRun{inj: &injection{m: m}}
	for ref, want := range map[string]string{"m1": "Re-render", "m3": "Save", "m0": "", "m4": "", "m01": "", "m2x": "", "e2": "", "m": "", "M2": ""} {
		e, ok := r.mapEntry(ref)
		if got := e.Name; ok != (want != "") || got != want {
			t.Errorf("mapEntry(%q) = %q, %v; want %q", ref, got, ok, want)
		}
	}
	if _, ok := (&modelRun{inj: &injection{}}).mapEntry("m1"); ok {
		t.Error("a map ref resolved with no map injected")
	}
	got := mapRefs(m)
	want := "page:\n  - button \"Re-render\" [ref=m1]\nform \"Profile\":\n  - textbox \"Name\" [ref=m2]\n  - button \"Save\" [ref=m3]\n"
	if got != want {
		t.Errorf("mapRefs:\n%s\nwant:\n%s", got, want)
	}
	if strings.Count(got, "[ref=") != len(m.Elements) {
		t.Errorf("mapRefs lists %d refs for %d elements", strings.Count(got, "[ref="), len(m.Elements))
	}
}
