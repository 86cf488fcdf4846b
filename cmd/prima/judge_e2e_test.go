package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSemanticGoOfflineConfirmsArrival(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/sidebar")
	app.Reset()
	out := h.primaOK("go", "Team settings")
	mustContain(t, "semantic go", out, "ok: true", "/settings/team", "getByRole('link', { name: 'Team settings', exact: true }).click()")
	if got := ids(settledActions(t, 1)); strings.Join(got, ",") != "team-settings" {
		t.Errorf("semantic go clicked %v", got)
	}
	trace, err := os.ReadFile(filepath.Join(h.home, "judge.jsonl"))
	if err != nil || strings.Count(string(trace), "\n") != 2 || !strings.Contains(string(trace), `"question":"The page now shows Team settings."`) {
		t.Errorf("judge trace: %s, %v", trace, err)
	}

	h.primaOK("go", "/sidebar")
	app.Reset()
	r := h.prima("go", "Billing reports")
	if r.code != 1 {
		t.Fatalf("a target with no good candidate: %s", r)
	}
	mustContain(t, "refused semantic go", r.out, "ok: false", "nothing was clicked", "candidates:", `link "Team settings"`)
	if got := settledActions(t, 0); len(got) != 0 {
		t.Errorf("a refused semantic go acted: %v", got)
	}
}
