package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestDoLiteralPerformsExactlyTheListedInstructions(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/profile")
	app.Reset()
	out := h.primaOK("do", "fill Name with Ada", "click Save")
	mustContain(t, "do envelope", out, "ok: true", "proven: 2/2",
		"1. ok        fill Name with Ada — typed: textbox \"Name\": \"\" -> \"Ada\"",
		"2. ok        click Save — added: status: Profile saved")
	var acted []string
	for _, a := range settledActions(t, 2) {
		if a.Kind == "click" || a.Kind == "input" {
			acted = append(acted, a.Kind+":"+a.ID)
		}
	}
	if strings.Join(acted, ",") != "input:name,click:save" {
		t.Errorf("do acted %v, want exactly input:name then click:save", acted)
	}
	m := regexp.MustCompile(`- steps.jsonl: (\S+)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no step record listed:\n%s", out)
	}
	b, err := os.ReadFile(m[1])
	if err != nil || strings.Count(string(b), "\n") != 2 || !strings.Contains(string(b), `"used":"await page.getByRole('button', { name: 'Save', exact: true }).click();"`) {
		t.Errorf("steps.jsonl = %s, %v", b, err)
	}
}

func TestDoNeverTouchesTheChatBox(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/chat")
	app.Reset()
	out := h.primaOK("do", "fill Title with Weekly plan", "click Rename")
	mustContain(t, "chat page do", out, "ok: true", "proven: 2/2", "Renamed to Weekly plan")
	for _, a := range settledActions(t, 2) {
		if a.ID == "message" || a.ID == "send" {
			t.Errorf("the chat box was touched: %+v", a)
		}
	}
}

func TestDoAmbiguousTargetFailsWithCandidatesAndActsOnNothing(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/dupes")
	app.Reset()
	r := h.prima("do", "click Delete", "click Delete all")
	if r.code != 1 {
		t.Fatalf("ambiguous do: %s", r)
	}
	mustContain(t, "ambiguous do", r.out, "ok: false", "proven: 0/2", "1. FAIL", "3 elements fit click Delete", `button "Delete" [ref=`,
		"2. FAIL      click Delete all — not run: step 1 failed", "### Current page (compact ARIA)")
	if got := settledActions(t, 0); len(got) != 0 {
		t.Errorf("an ambiguous do acted: %v", got)
	}
}

func TestDoHoverRevealsThenClicks(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/hover")
	app.Reset()
	out := h.primaOK("do", "hover the Menu button", "click Archive")
	mustContain(t, "hover then click", out, "ok: true", "proven: 2/2", "2. ok        click Archive — added: status: Archived")
	var clicks []string
	for _, a := range settledActions(t, 2) {
		if a.Kind == "click" {
			clicks = append(clicks, a.ID)
		}
	}
	if strings.Join(clicks, ",") != "archive" {
		t.Errorf("clicked %v, want only archive", clicks)
	}
}

func TestDoUnreadableInstructionWithoutAModelFailsSayingSo(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/profile")
	r := h.prima("do", "make the profile look professional")
	if r.code != 1 || !strings.Contains(r.out, "cannot read") || !strings.Contains(r.out, "PRIMA_MODEL") {
		t.Errorf("unparseable instruction: %s", r)
	}
	if r := h.prima("do"); r.code != 2 {
		t.Errorf("do with no instruction: %s", r)
	}
}

func TestDoReachesAControlMissingFromTheTreeThroughMarkup(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/hidden")
	// A div with a click handler, no role and no pointer cursor: the tree
	// shows it at most as an inert generic, which no ref step may click.
	if snap := h.primaOK("snapshot"); strings.Contains(snap, `button "Archive item"`) || strings.Contains(snap, `link "Archive item"`) || strings.Contains(snap, "cursor=pointer") {
		t.Fatalf("the fixture's control is an actionable element in the tree:\n%s", snap)
	}
	app.Reset()
	out := h.primaOK("do", "click Archive item")
	mustContain(t, "tier 3", out, "ok: true", "added: status: Item archived (via markup)", "page.getByTitle('Archive item', { exact: true }).click()")
	if got := ids(settledActions(t, 1)); strings.Join(got, ",") != "secret-go" {
		t.Errorf("clicked %v", got)
	}
}

func TestDoUsesTheResearchMapFromTheThirdVisit(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/profile")
	out := h.primaOK("research")
	mustContain(t, "research", out, "### Research", `textbox "Name" → page.getByRole('textbox', { name: 'Name', exact: true })`, "- map: ")
	// Visit 1 (above), then 2: refs still serve.
	h.primaOK("go", "/sidebar")
	mustContain(t, "second visit", h.primaOK("go", "/profile"), "(visit #2)")
	mustContain(t, "second visit", h.primaOK("do", "fill Name with Ada"), "1. ok        fill Name with Ada — typed:")
	h.primaOK("go", "/sidebar")
	mustContain(t, "third visit", h.primaOK("go", "/profile"), "(visit #3)")
	app.Reset()
	out = h.primaOK("do", "fill Name with Grace", "click Save")
	mustContain(t, "third visit", out, `typed: textbox "Name": "" -> "Grace" (via research map)`, "added: status: Profile saved (via research map)")
	var acted []string
	for _, a := range settledActions(t, 2) {
		if a.Kind == "click" || a.Kind == "input" {
			acted = append(acted, a.Kind+":"+a.ID)
		}
	}
	if strings.Join(acted, ",") != "input:name,click:save" {
		t.Errorf("acted %v", acted)
	}
}

func TestSecretsNeverLeaveTheDaemonByValue(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/profile")
	const secret = "s3cr3t-Ada-77"
	app.Reset()
	r := h.run(90*time.Second, []string{"PRIMA_SECRET_BIO=" + secret}, primaBin, "do", "fill Bio with {{BIO}}", "fill Name with {{WHO}}", "--secret", "WHO=Ada Lovelace")
	if r.code != 0 {
		t.Fatalf("do with secrets: %s", r)
	}
	if strings.Contains(r.out, secret) || strings.Contains(r.out, "Ada Lovelace") {
		t.Errorf("a secret value reached the envelope:\n%s", r.out)
	}
	mustContain(t, "named secrets", r.out, `textbox "Bio": "" -> "{{BIO}}"`, `textbox "Name": "" -> "{{WHO}}"`)
	var typed []string
	for _, a := range settledActions(t, 2) {
		if a.Kind == "input" {
			typed = append(typed, a.Value)
		}
	}
	if len(typed) == 0 || typed[0] != secret {
		t.Errorf("the page got %v, want the secret's value typed", typed)
	}
	// Nothing under PRIMA_HOME holds the value: artifacts, traces, logs.
	filepath.WalkDir(h.home, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !strings.HasSuffix(p, ".sock") {
			if b, _ := os.ReadFile(p); strings.Contains(string(b), secret) || strings.Contains(string(b), "Ada Lovelace") {
				t.Errorf("%s holds a secret value", p)
			}
		}
		return nil
	})
	// A value with a quote and a backslash is escaped where prima prints
	// code or a quoted value: not one form of it may show.
	r = h.prima("pw", "fill", ref(t, h.primaOK("snapshot"), "textbox", "Email"), "{{Q}}", "--secret", `Q=o'ne\"two-Vexil19`)
	wantOK(t, "fill a secret with a quote and a backslash", r)
	mustContain(t, "the secret's name", r.out, "{{Q}}")
	for _, out := range []result{r, h.prima("export")} {
		if strings.Contains(out.out+out.err, "Vexil19") {
			t.Errorf("a secret value with a quote and a backslash is in the output:\n%s", out)
		}
	}
	r = h.prima("pw", "fill", ref(t, h.primaOK("snapshot"), "textbox", "Email"), "{{NOPE}}")
	if r.code != 1 || !strings.Contains(r.out, "no secret NOPE") {
		t.Errorf("an unbound secret: %s", r)
	}
	r = h.run(30*time.Second, nil, primaBin, "pw", "fill", "#email", "{{X}}", "--secret", "X=ab")
	if r.code != 2 || !strings.Contains(r.err, "at least 3 characters") {
		t.Errorf("a too-short secret: %s", r)
	}
}
