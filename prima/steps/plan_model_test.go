package steps

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/judge"
	"github.com/prima-dev/prima/prima/planner"
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

// statedProvider records the state of each question it is asked and
// answers yes.
type statedProvider struct{ states []map[string]any }

func (p *statedProvider) Name() string { return "recorded" }
func (p *statedProvider) Ask(_ context.Context, q judge.Question) (judge.Answer, error) {
	var s map[string]any
	json.Unmarshal(q.State, &s)
	p.states = append(p.states, s)
	return judge.Answer{Yes: 0.95}, nil
}

// The judge tool inside do sends the page capped for the question, as
// verify and a semantic go do: the lines the question names kept past
// the cap, and what was cut said in the state (which judge.jsonl traces).
func TestTheJudgeToolSendsThePageCappedForItsQuestion(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 3000; i++ {
		fmt.Fprintf(&b, "- button \"Row %d action\" [ref=e%d]\n", i, i+10)
	}
	b.WriteString("- button \"Archive the Zephyr report\" [ref=e9000]\n")
	view := &engine.View{URL: "http://127.0.0.1/x", Title: "Rows", Tree: ariadiff.Parse(b.String())}
	p := &statedProvider{}
	r := &modelRun{p: &Planner{Judge: &judge.Judge{Provider: p}}, inj: &injection{view: view}, texts: []string{"archive the Zephyr report"}, k: 1}
	r.ask(context.Background(), planner.Args{Question: "Is the Zephyr report's archive button on the page?"})
	if len(p.states) != 1 {
		t.Fatalf("the judge was asked %d times, want once", len(p.states))
	}
	page, _ := p.states[0]["page"].(string)
	cut, _ := p.states[0]["cut"].(string)
	if len(page) > judge.MaxPage || !strings.Contains(page, "Archive the Zephyr report") || cut == "" {
		t.Errorf("the page sent: %d bytes (cap %d), names the Zephyr button: %v, cut: %q", len(page), judge.MaxPage, strings.Contains(page, "Archive the Zephyr report"), cut)
	}
}
