package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/prima-dev/prima/internal/golden"
	"github.com/prima-dev/prima/prima/export/exporttest"
)

// A real session on the export form (go, do steps, pw with a secret, a
// failing pw, a Playwright line, verify) exported by `prima export`: the
// spec's text is the golden one (the fixture server's address aside), it
// passes under @playwright/test on the page it was recorded on and fails
// on the variant page whose status differs, at the status expectation.
func TestExportedSessionRunsAsAPlaywrightTest(t *testing.T) {
	if _, err := exporttest.Tools(); err != nil {
		t.Fatal(err) // not a skip: scripts/setup --tools installs it
	}
	h := newHarness(t)
	h.primaOK("browser", "open")
	h.primaOK("go", app.URL+"/export/form")
	h.primaOK("do", `fill "Ada" into Name`, "check Send me news", "select Team in Plan", "click Pin")
	h.primaOK("pw", "fill", "#password", "{{PW}}", "--secret", "PW=hunter22")
	if r := h.prima("pw", "click", "#no-such-button", "--timeout", "3s"); r.code == 0 {
		t.Fatalf("a click on nothing succeeded:\n%s", r)
	}
	h.primaOK("do", "click Save")
	h.primaOK("pw", "page.getByRole('link', { name: 'View contact' }).click()")
	h.primaOK("verify", `"Ada" is visible`)

	out := filepath.Join(t.TempDir(), "session.spec.ts")
	msg := h.primaOK("export", "--out", out)
	mustContain(t, "export", msg, "wrote "+out)
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	spec := string(b)
	if printed := h.primaOK("export"); printed != spec {
		t.Errorf("export printed another spec than it wrote:\n%s", printed)
	}
	for _, leak := range []string{"hunter22", "#no-such-button"} {
		if strings.Contains(spec, leak) {
			t.Errorf("the spec holds %q", leak)
		}
	}
	golden.CheckString(t, filepath.Join("testdata", "export", "form.spec.ts"), strings.ReplaceAll(spec, app.URL, "http://APP"))

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	dir := t.TempDir()
	env := []string{"PW=hunter22"}
	res, err := exporttest.RunSpec(ctx, filepath.Join(dir, "page"), spec, env)
	if err != nil || !strings.Contains(res, "1 passed") {
		t.Fatalf("the exported spec fails on its own page: %v\n%s\n%s", err, res, spec)
	}
	variant := strings.ReplaceAll(spec, app.URL+"/export/", app.URL+"/export/variant/")
	res, err = exporttest.RunSpec(ctx, filepath.Join(dir, "variant"), variant, env)
	if !errors.Is(err, exporttest.ErrFailed) {
		t.Fatalf("the exported spec does not fail on the variant: %v\n%s", err, res)
	}
	mustContain(t, "variant failure", res, "1 failed", "Saved Ada")

	if r := h.prima("export", "--since", "-1"); r.code != 2 {
		t.Errorf("export --since -1: exit %d, want 2:\n%s", r.code, r)
	}
}

// Dialogs in an exported session are answered as the session answered
// them: a confirm prima left open and `prima dialog accept` answered, a
// prompt answered by --dialog TEXT. The replay's own page log shows the
// same answers, and the status the accepted confirm produced is asserted,
// so a spec that let Playwright dismiss the confirm would fail.
func TestExportedDialogsAreAnsweredAsTheSessionDid(t *testing.T) {
	if _, err := exporttest.Tools(); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/dialogs")
	out := h.primaOK("pw", "click", "#delete-files")
	mustContain(t, "the click", out, "-> left open")
	h.primaOK("dialog", "accept")
	h.primaOK("verify", `"Deleted 3 files" is visible`)
	h.primaOK("pw", "click", "#rename", "--dialog", "Q3 report")
	spec := h.primaOK("export")
	mustContain(t, "spec", spec, `Deleted\s+3\s+files`, "toHaveText('Renamed to Q3 report')")
	for _, pair := range [][2]string{
		{"page.once('dialog', dialog => dialog.accept());", "await page.locator('#delete-files').click();"},
		{"page.once('dialog', dialog => dialog.accept('Q3 report'));", "await page.locator('#rename').click();"},
	} {
		if a, b := strings.Index(spec, pair[0]), strings.Index(spec, pair[1]); a < 0 || b < a {
			t.Errorf("%q does not come before %q:\n%s", pair[0], pair[1], spec)
		}
	}

	app.TakeActions()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	res, err := exporttest.RunSpec(ctx, t.TempDir(), spec, nil)
	if err != nil || !strings.Contains(res, "1 passed") {
		t.Fatalf("the exported spec fails on its own page: %v\n%s\n%s", err, res, spec)
	}
	as := settledActions(t, 2)
	if got := lastValue(as, "dialog", "delete-files"); got != "confirm:true" {
		t.Errorf("the replay answered the confirm %q, want confirm:true", got)
	}
	if got := lastValue(as, "dialog", "rename"); got != "prompt:Q3 report" {
		t.Errorf("the replay answered the prompt %q, want prompt:Q3 report", got)
	}
}
