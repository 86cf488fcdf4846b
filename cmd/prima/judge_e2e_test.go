package main

import (
	"encoding/json"
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

func TestVerifySeparatesFailedFromInexpressible(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/profile")
	cases := []struct {
		claim string
		code  int
		want  []string
	}{
		{"the Save button is disabled", 0, []string{"result: passed", ".toBeDisabled();   // held"}},
		{"the Save button is enabled", 1, []string{"result: failed", ".toBeEnabled();   // did not hold"}},
		{"the company is profitable", 3, []string{"result: inexpressible", "judgement:"}},
	}
	for _, c := range cases {
		r := h.prima("verify", c.claim)
		if r.code != c.code {
			t.Errorf("verify %q: exit %d, want %d\n%s", c.claim, r.code, c.code, r)
		}
		mustContain(t, "verify "+c.claim, r.out, append(c.want, "### Verdict")...)
		if c.code == 3 && strings.Contains(r.out, "result: failed") {
			t.Errorf("an inexpressible claim reported as failed:\n%s", r.out)
		}
	}
	h.primaOK("pw", "fill", ref(t, h.primaOK("snapshot"), "textbox", "Name"), "Ada")
	mustContain(t, "now enabled", h.primaOK("verify", "the Save button is enabled"), "result: passed")
	mustContain(t, "field value", h.primaOK("verify", `the Name field contains "Ada"`), "result: passed", "toHaveValue")
	h.primaOK("pw", "click", ref(t, h.primaOK("snapshot"), "button", "Save"))
	mustContain(t, "message", h.primaOK("verify", `the page displays the confirmation message "Profile saved"`), "result: passed", "toBeVisible")

	h.primaOK("go", "/controls")
	for _, c := range []struct {
		claim string
		code  int
	}{
		{"the Agree checkbox is unchecked", 0},
		{"the Agree checkbox is checked", 1},
		{"the Subscribed checkbox is checked", 0},
		{"the Details button is collapsed", 0},
		{"the Details button is expanded", 1},
		{"the Overview tab is selected", 0},
		{"the History tab is selected", 1},
	} {
		if r := h.prima("verify", c.claim); r.code != c.code {
			t.Errorf("verify %q: exit %d, want %d\n%s", c.claim, r.code, c.code, r)
		}
	}
	h.primaOK("pw", "click", ref(t, h.primaOK("snapshot"), "button", "Details"))
	mustContain(t, "expanded after click", h.primaOK("verify", "the Details button is expanded"), "result: passed", "toHaveAttribute('aria-expanded', 'true')")
}

// A semantic go on a page of 2,000 links: the candidates are narrowed by
// the target's words to what one decision lists, the judge is sent at
// most a capped page, and the trace says what was cut; the link it names
// is clicked, and the arrival proven.
func TestSemanticGoOnTwoThousandLinks(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/links?n=2000")
	out := h.primaOK("go", "Pricing")
	mustContain(t, "semantic go among 2,000 links", out, "ok: true", "/links/pricing", "getByRole('link', { name: 'Pricing', exact: true }).click()")
	trace, err := os.ReadFile(filepath.Join(h.home, "judge.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(trace), "\n")
	var line struct {
		Options    []string `json:"options"`
		StateBytes int      `json:"state_bytes"`
		Cut        string   `json:"cut"`
	}
	if err := json.Unmarshal([]byte(first), &line); err != nil {
		t.Fatalf("judge trace %q: %v", first, err)
	}
	t.Logf("the judge was asked %d options with %d bytes of page", len(line.Options), line.StateBytes)
	if len(line.Options) > 255 || line.StateBytes > 13000 || !strings.Contains(line.Cut, "254 of 2001 options asked") {
		t.Errorf("the judge was asked %d options with %d bytes of page; cut %q", len(line.Options), line.StateBytes, line.Cut)
	}
}
