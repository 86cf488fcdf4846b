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
