package export

import (
	"context"
	"errors"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/prima-dev/prima/fixtures"
	"github.com/prima-dev/prima/prima/export/exporttest"
)

// The exported form session, run by @playwright/test on Chromium: it
// passes on the page it was recorded on, and fails on the variant whose
// status says "Stored Ada", at the status expectation. So the expects are
// real assertions, not decoration.
func TestSpecRunsOnThePageAndFailsOnTheVariant(t *testing.T) {
	needsBrowser(t)
	if _, err := exporttest.Tools(); err != nil {
		t.Fatal(err) // not a skip: CI installs it (scripts/setup --tools)
	}
	srv, err := fixtures.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	spec, err := Render(formSession(srv.URL), Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	dir := t.TempDir()
	env := []string{PasswordEnv + "=hunter22"}

	start := time.Now()
	out, err := exporttest.RunSpec(ctx, filepath.Join(dir, "page"), spec, env)
	t.Logf("page: %s\n%s", time.Since(start).Round(time.Millisecond), out)
	if err != nil {
		t.Fatalf("the spec fails on the page it was recorded on: %v\n%s", err, spec)
	}
	if !strings.Contains(out, "1 passed") {
		t.Fatalf("no pass reported")
	}

	// The same spec on the variant pages: only where they are differs.
	variant := strings.ReplaceAll(spec, srv.URL+"/export/", srv.URL+"/export/variant/")
	if variant == spec {
		t.Fatal("the spec names no export page")
	}
	start = time.Now()
	out, err = exporttest.RunSpec(ctx, filepath.Join(dir, "variant"), variant, env)
	t.Logf("variant: %s\n%s", time.Since(start).Round(time.Millisecond), out)
	if !errors.Is(err, exporttest.ErrFailed) {
		t.Fatalf("the spec does not fail on the variant: %v", err)
	}
	for _, want := range []string{"1 failed", "toHaveText", "getByRole('status').filter({ hasText: 'Saved Ada' })"} {
		if !strings.Contains(out, want) {
			t.Errorf("the failure does not name the status expectation (%q)", want)
		}
	}
	// It failed there, not earlier: everything before the status held.
	if !failedAt.MatchString(out) {
		t.Error("the variant did not fail at the status expectation")
	}
}

// failedAt matches the runner's pointer at the failing line of the spec.
var failedAt = regexp.MustCompile(`(?m)^\s*> \d+ \|\s+await expect\(page\.getByRole\('status'\)`)

// Without a secret the spec needs, it stops at once and says which.
func TestSpecNamesAMissingSecret(t *testing.T) {
	needsBrowser(t)
	if _, err := exporttest.Tools(); err != nil {
		t.Fatal(err)
	}
	spec, err := Render(formSession("http://127.0.0.1:9"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, err := exporttest.RunSpec(ctx, t.TempDir(), spec, []string{PasswordEnv + "="})
	if !errors.Is(err, exporttest.ErrFailed) || !strings.Contains(out, "set "+PasswordEnv+" in the environment") {
		t.Fatalf("err %v, output:\n%s", err, out)
	}
}

// needsBrowser: a test that runs @playwright/test on Chromium is skipped
// by go test -short (the unit layer); CI runs it.
func needsBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("needs Chromium and @playwright/test: run without -short")
	}
}
