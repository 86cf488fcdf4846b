package main

import (
	"strings"
	"testing"
	"time"
)

// doWithModel runs prima do with the fake model configured.
func (h *harness) doWithModel(f *fakeModel, instructions ...string) result {
	h.t.Helper()
	return h.run(90*time.Second, f.env(), primaBin, append([]string{"do"}, instructions...)...)
}

func TestModelPlannerScopeIsEnforcedInCode(t *testing.T) {
	h := newHarness(t)
	f := newFakeModel(t, "scope")
	h.primaOK("browser", "open", app.URL+"/chat")
	app.Reset()
	r := h.doWithModel(f, "fill Title with Weekly plan", "apply the new title")
	if r.code != 0 {
		t.Fatalf("do: %s", r)
	}
	mustContain(t, "scoped do", r.out, "proven: 2/2", "model calls: 3",
		"1. ok        fill Title with Weekly plan — typed:",
		"2. ok        apply the new title — added: status: Renamed to Weekly plan",
		`the value "hello" is not stated in instruction 2`,
		"instruction 1 is not the current one (2)",
		"instruction 2 is already proven")
	for _, a := range settledActions(t, 2) {
		if a.ID == "message" || a.ID == "send" {
			t.Errorf("an out-of-scope call reached the page: %+v", a)
		}
	}
	calls := f.calls()
	if len(calls) != 3 {
		t.Fatalf("model calls = %d, want 3", len(calls))
	}
	mustContain(t, "first model request", calls[0], "Act only on the listed instructions", "refs from an earlier injection are dead",
		"[CURRENT] apply the new title", "[done: ok] fill Title with Weekly plan", `textbox \"Message\" [ref=`, `"name":"clickRef"`, `"name":"context"`)
}

func TestModelPlannerDeadRefLeadsToContextAndFreshRefs(t *testing.T) {
	h := newHarness(t)
	f := newFakeModel(t, "deadref")
	h.primaOK("browser", "open", app.URL+"/churn")
	app.Reset()
	r := h.doWithModel(f, "re-render the form and then save it")
	if r.code != 0 {
		t.Fatalf("do: %s", r)
	}
	mustContain(t, "dead ref do", r.out, "proven: 1/1", "added: status: Saved", "is dead: it is not in the current context")
	calls := f.calls()
	if len(calls) != 5 || !strings.Contains(calls[3], "context #2") {
		t.Errorf("want 5 calls, the 4th after a fresh context #2; got %d", len(calls))
	}
	if clicks := clickedIDs(t, 2); clicks != "rerender,save" {
		t.Errorf("clicks %s, want rerender then save", clicks)
	}
}

func TestModelPlannerNoObservedChangeIsUnproven(t *testing.T) {
	h := newHarness(t)
	f := newFakeModel(t, "unproven")
	h.primaOK("browser", "open", app.URL+"/profile")
	r := h.doWithModel(f, "look over the form")
	if r.code != 0 {
		t.Fatalf("do: %s", r)
	}
	mustContain(t, "unproven", r.out, "proven: 0/1", "1. unproven  look over the form — no observed change")
}

func TestModelConfigErrorsNameWhatToSet(t *testing.T) {
	h := newHarness(t)
	r := h.run(30*time.Second, []string{"PRIMA_MODEL=gpt-x", "PRIMA_PROVIDER=openai", "OPENAI_API_KEY="}, primaBin, "do", "click Save")
	if r.code != 2 || !strings.Contains(r.err, "OPENAI_API_KEY") {
		t.Errorf("missing key: %s", r)
	}
	r = h.run(30*time.Second, []string{"PRIMA_MODEL=x", "PRIMA_PROVIDER=skynet"}, primaBin, "do", "click Save")
	if r.code != 2 || !strings.Contains(r.err, `unknown provider "skynet"`) {
		t.Errorf("unknown provider: %s", r)
	}
}

func TestVisionClickNamesTheElementUnderThePoint(t *testing.T) {
	h := newHarness(t)
	f := newFakeModel(t, "vision")
	h.primaOK("browser", "open", app.URL+"/hidden")
	app.Reset()
	r := h.doWithModel(f, "use the blue colour")
	if r.code != 0 {
		t.Fatalf("do: %s", r)
	}
	mustContain(t, "vision do", r.out, "proven: 1/1", "added: status: Blue picked", "used: await page.locator('#swatch-blue').click();")
	if got := ids(settledActions(t, 1)); strings.Join(got, ",") != "swatch-blue" {
		t.Errorf("vision clicked %v, want swatch-blue", got)
	}
}

func TestJudgeToolAnswersTheModelAndActsOnNothing(t *testing.T) {
	h := newHarness(t)
	f := newFakeModel(t, "judgetool")
	h.primaOK("browser", "open", app.URL+"/sidebar")
	app.Reset()
	r := h.run(90*time.Second, append(f.env(), "PRIMA_JUDGE_TOOL=1"), primaBin, "do", "head over to where the team is configured")
	if r.code != 0 {
		t.Fatalf("do: %s", r)
	}
	mustContain(t, "judge tool do", r.out, "proven: 1/1", "navigated: /sidebar -> /settings/team")
	calls := f.calls()
	if len(calls) != 3 {
		t.Fatalf("model calls: %d", len(calls))
	}
	mustContain(t, "tools offered", calls[0], `"name":"judge"`)
	mustContain(t, "judge answer", calls[1], `approved: link \"Team settings\"`)
	if got := ids(settledActions(t, 1)); strings.Join(got, ",") != "team-settings" {
		t.Errorf("acted %v", got)
	}
}

func TestModelReachesMarkupOnlyAfterAskingTwice(t *testing.T) {
	h := newHarness(t)
	f := newFakeModel(t, "markup")
	h.primaOK("browser", "open", app.URL+"/hidden")
	app.Reset()
	r := h.doWithModel(f, "archive the item")
	if r.code != 0 {
		t.Fatalf("do: %s", r)
	}
	mustContain(t, "markup do", r.out, "proven: 1/1", "added: status: Item archived",
		"a selector is allowed only from markup that context returned", "used: await page.locator('#secret-go').click();")
	calls := f.calls()
	if len(calls) != 5 {
		t.Fatalf("model calls: %d", len(calls))
	}
	mustContain(t, "second context is markup", calls[3], "Markup of the page (capped; tier 3)", `id=\"secret-go\"`)
	if got := ids(settledActions(t, 1)); strings.Join(got, ",") != "secret-go" {
		t.Errorf("acted on %v", got)
	}
}

// A do that the model path could not finish says why in its code, as the
// guide promises: budget when a budget ran out, model when the model's
// call failed or the model gave up. None of them is internal.
func TestModelFailuresCarryTheirOwnCodes(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/profile")

	f := newFakeModel(t, "unproven") // a hover first: the instruction needs a second call
	r := h.run(90*time.Second, append(f.env(), "PRIMA_MAX_MODEL_CALLS=1"), primaBin, "do", "look over the form")
	wantFailure(t, "a do whose model call budget ran out", r, "budget")
	mustContain(t, "the budget's failure", r.out, "model call budget spent (1 model calls; raise PRIMA_MAX_MODEL_CALLS)")

	f = newFakeModel(t, "unproven") // two replies: the second instruction's call is refused
	r = h.doWithModel(f, "look over the form", "look over it again")
	wantFailure(t, "a do whose model call failed", r, "model")
	mustContain(t, "the model's failure", r.out, "1. unproven", "model call failed")

	f = newFakeModel(t, "gaveup")
	r = h.doWithModel(f, "delete the account")
	wantFailure(t, "a do whose model gave up", r, "model")
	mustContain(t, "the model's reason", r.out, "the model reports it failed: the form has no Delete account button")
}

// On a well-visited state with a stored research map, the model's first
// context is the map: its refs name the map's locators, which outlive the
// page's re-renders. The same three replies that leave the work unproven
// on a first visit (the Save ref died with the re-render, and the model
// would need a context call and a second click, as the deadref recording
// shows: five calls) prove it in three.
func TestModelPlannerActsOnTheResearchMapOfAWellVisitedState(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/churn")

	app.Reset()
	f := newFakeModel(t, "mapchurn")
	r := h.doWithModel(f, "re-render the form and then save it")
	mustContain(t, "first visit, refs", r.out, "model calls: 3", "is dead: it is not in the current context")
	if strings.Contains(r.out, "proven: 1/1") {
		t.Errorf("on a first visit the dead ref proved the step:\n%s", r.out)
	}
	for _, a := range settledActions(t, 1) {
		if a.Kind == "click" && a.ID == "save" {
			t.Errorf("a dead ref reached Save on a first visit: %+v", a)
		}
	}

	mustContain(t, "research", h.primaOK("research"), "### Research", `button "Save" → page.getByRole('button', { name: 'Save', exact: true })`)
	h.primaOK("go", "/sidebar")
	h.primaOK("go", "/churn")
	h.primaOK("go", "/sidebar")
	mustContain(t, "third visit", h.primaOK("go", "/churn"), "(visit #3)")

	app.Reset()
	f = newFakeModel(t, "mapchurn")
	r = h.doWithModel(f, "re-render the form and then save it")
	if r.code != 0 {
		t.Fatalf("do on the mapped state: %s", r)
	}
	mustContain(t, "mapped state", r.out, "proven: 1/1", "model calls: 3", "added: status: Saved (via research map)",
		"used: await page.getByRole('button', { name: 'Save', exact: true }).click();")
	calls := f.calls()
	if len(calls) != 3 {
		t.Fatalf("model calls = %d, want 3", len(calls))
	}
	mustContain(t, "the first context", calls[0], "the research map of a well-visited state", `button \"Save\" [ref=m`)
	if strings.Contains(calls[0], `heading \"Churn\"`) {
		t.Errorf("the map's context carries the whole page too:\n%s", calls[0])
	}
	if clicks := clickedIDs(t, 2); clicks != "rerender,save" {
		t.Errorf("clicks %s, want rerender then save", clicks)
	}
}

// clickedIDs are the ids of the elements the page saw clicked, in order,
// once at least min actions settled.
func clickedIDs(t *testing.T, min int) string {
	t.Helper()
	var clicks []string
	for _, a := range settledActions(t, min) {
		if a.Kind == "click" {
			clicks = append(clicks, a.ID)
		}
	}
	return strings.Join(clicks, ",")
}
