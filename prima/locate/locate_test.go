package locate

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// fakeDriver lays out a playwright-core package of version v in dir, with
// a bundle that needs the pageError patch.
func fakeDriver(t *testing.T, dir, v string) string {
	t.Helper()
	os.MkdirAll(filepath.Join(dir, "lib"), 0o755)
	os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"playwright-core","version":"`+v+`"}`), 0o644)
	os.WriteFile(filepath.Join(dir, "cli.js"), []byte("// cli"), 0o644)
	os.WriteFile(filepath.Join(dir, "lib", "coreBundle.js"), []byte("x(pageError.location.url, pageError.location.lineNumber, pageError.location.columnNumber)"), 0o644)
	return dir
}

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestFindDriverNamedByTheEnvironment(t *testing.T) {
	root := t.TempDir()
	good := fakeDriver(t, filepath.Join(root, "good"), DriverVersion)
	old := fakeDriver(t, filepath.Join(root, "old"), "1.63.0")
	// The layout scripts/setup and playwright-go use: a folder whose
	// package/ is the playwright-core package.
	wrapped := filepath.Join(root, "wrapped")
	os.MkdirAll(wrapped, 0o755)
	os.Symlink(good, filepath.Join(wrapped, "package"))

	for _, c := range []struct {
		name, dir, says string
	}{
		{"a playwright-core package", good, ""},
		{"a driver folder whose package/ is one", wrapped, ""},
		{"another version is refused, naming both", old, "playwright-core 1.63.0, not " + DriverVersion},
		{"a folder that does not exist", filepath.Join(root, "none"), "does not exist"},
		{"a folder that is not a driver", root, "no cli.js"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := FindDriver(env(map[string]string{"PRIMA_DRIVER": c.dir}))
			if c.says == "" {
				if err != nil || d.Version != DriverVersion || d.Source != "PRIMA_DRIVER" {
					t.Fatalf("FindDriver = %+v, %v", d, err)
				}
				return
			}
			var bad *BadDriverError
			if !errors.As(err, &bad) || !strings.Contains(err.Error(), c.says) || !strings.Contains(err.Error(), c.dir) {
				t.Fatalf("err = %v, want a BadDriverError saying %q", err, c.says)
			}
		})
	}
}

func TestFindDriverNotFoundNamesTheFix(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	wd, _ := os.Getwd()
	os.Chdir(t.TempDir())
	defer os.Chdir(wd)
	_, err := FindDriver(env(nil))
	var nf *NotFoundError
	if !errors.As(err, &nf) || !strings.Contains(err.Error(), "prima install") {
		// A test binary may sit in a checkout with .driver beside it; that
		// is found, and is no failure of the search.
		if err == nil {
			t.Skip("a driver was found beside the test binary")
		}
		t.Fatalf("err = %v, want a NotFoundError naming prima install", err)
	}
}

func TestPreparePatchesTheBundleOnce(t *testing.T) {
	dir := fakeDriver(t, t.TempDir(), DriverVersion)
	d, err := FindDriver(env(map[string]string{"PRIMA_DRIVER": dir}))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if d, err = Prepare(d); err != nil {
			t.Fatal(err)
		}
	}
	b, _ := os.ReadFile(filepath.Join(d.Dir, "lib", "coreBundle.js"))
	if got, want := string(b), `x(pageError.location?.url || "", pageError.location?.lineNumber || 0, pageError.location?.columnNumber || 0)`; got != want {
		t.Errorf("bundle = %s, want %s", got, want)
	}
}

func TestFindBrowser(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the fake browsers here are shell scripts laid out as on Linux")
	}
	dir := t.TempDir()
	script := func(name, out string) string {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("#!/bin/sh\necho '"+out+"'\n"), 0o755)
		return p
	}
	chromium := script("chromium", "Chromium 156.0.8078.114 built on Debian")
	notBrowser := script("true-ish", "hello")
	text := filepath.Join(dir, "notes.txt")
	os.WriteFile(text, []byte("x"), 0o644)
	ctx := context.Background()

	b, err := FindBrowser(ctx, chromium, "--browser-path", env(nil))
	if err != nil || b.Path != chromium || b.Version != "Chromium 156.0.8078.114" {
		t.Errorf("an explicit Chromium: %+v, %v", b, err)
	}
	for _, c := range []struct{ path, says string }{
		{notBrowser, "not a Chrome, Chromium or Edge version"},
		{text, "not executable"},
		{filepath.Join(dir, "none"), "no such file"},
		{dir, "a folder"},
	} {
		_, err := FindBrowser(ctx, c.path, "PRIMA_BROWSER", env(nil))
		var nb *NotABrowserError
		if !errors.As(err, &nb) || !strings.Contains(err.Error(), c.says) || !strings.Contains(err.Error(), "PRIMA_BROWSER") {
			t.Errorf("%s: err = %v, want NotABrowserError saying %q", c.path, err, c.says)
		}
	}

	// Playwright's own browsers come before the standard places, newest
	// revision first.
	pw := t.TempDir()
	newer := filepath.Join(pw, "chromium-1300", "chrome-linux64", "chrome")
	older := filepath.Join(pw, "chromium-1200", "chrome-linux64", "chrome")
	for _, p := range []string{older, newer} {
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("#!/bin/sh\necho 'Google Chrome for Testing 157.0.1.2'\n"), 0o755)
	}
	b, err = FindBrowser(ctx, "", "", env(map[string]string{"PLAYWRIGHT_BROWSERS_PATH": pw}))
	if err != nil || b.Path != newer || b.Source != "Playwright's browsers" || b.Shell != "" {
		t.Errorf("Playwright's browsers: %+v, %v", b, err)
	}

	// Headless, prima launches the headless shell of the same revision;
	// one of another revision is another build. Headed, or named
	// explicitly, the browser itself.
	shell := func(rev string) string {
		p := filepath.Join(pw, "chromium_headless_shell-"+rev, "chrome-headless-shell-linux64", "chrome-headless-shell")
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("#!/bin/sh\necho 'Chromium 157.0.1.2'\n"), 0o755)
		return p
	}
	shell("1200")
	b, _ = FindBrowser(ctx, "", "", env(map[string]string{"PLAYWRIGHT_BROWSERS_PATH": pw}))
	if b.Path != newer || b.Shell != "" {
		t.Errorf("with a headless shell of an older revision only: %+v, want no shell", b)
	}
	same := shell("1300")
	b, _ = FindBrowser(ctx, "", "", env(map[string]string{"PLAYWRIGHT_BROWSERS_PATH": pw}))
	if b.Path != newer || b.Shell != same || b.Launched(false) != same || b.Launched(true) != newer {
		t.Errorf("with the headless shell of its revision: %+v, launched headless %s, headed %s", b, b.Launched(false), b.Launched(true))
	}
	b, _ = FindBrowser(ctx, newer, "--browser-path", env(map[string]string{"PLAYWRIGHT_BROWSERS_PATH": pw}))
	if b.Launched(false) != newer {
		t.Errorf("named explicitly, headless: launches %s, want %s as named", b.Launched(false), newer)
	}
}

// The driver entry is written to the cache once, whole, and kept.
func TestEntryIsWrittenOnce(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	p, err := Entry()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(p)
	if err != nil || !bytes.Equal(got, driverEntry) || !bytes.Contains(got, []byte("PRIMA_DRIVER_CLI")) {
		t.Fatalf("entry at %s: %v, %q", p, err, got)
	}
	st, _ := os.Stat(p)
	again, err := Entry()
	st2, _ := os.Stat(again)
	if err != nil || again != p || !os.SameFile(st, st2) {
		t.Errorf("second Entry: %s, %v; want the same file %s kept", again, err, p)
	}
	os.WriteFile(p, []byte("stale"), 0o644)
	if _, err := Entry(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p); !bytes.Equal(got, driverEntry) {
		t.Errorf("a stale entry was kept: %q", got)
	}
}

// The second driver sits beside prima's own: in node_modules of the named
// driver folder (scripts/setup's .driver), or as its sibling in node_modules
// (an npm install); a server's version picks the driver of its minor.
func TestFindTheNextDriverBesideTheOwn(t *testing.T) {
	root := t.TempDir()
	own := fakeDriver(t, filepath.Join(root, ".driver", "node_modules", "playwright-core"), DriverVersion)
	os.Symlink(own, filepath.Join(root, ".driver", "package"))
	next := fakeDriver(t, filepath.Join(root, ".driver", "node_modules", DriverPackage(NextDriverVersion)), NextDriverVersion)
	for _, named := range []string{filepath.Join(root, ".driver"), own} {
		d, err := FindDriverOf(env(map[string]string{"PLAYWRIGHT_DRIVER_PATH": named}), NextDriverVersion)
		if err != nil || d.Version != NextDriverVersion || d.Dir != next {
			t.Errorf("beside %s: FindDriverOf = %+v, %v; want %s", named, d, err, next)
		}
	}
	for server, want := range map[string]string{"1.64.0-alpha-2026-09-14": DriverVersion, "1.65.1": NextDriverVersion, "1.65": NextDriverVersion, "1.63.0": "", "": ""} {
		if got := DriverFor(server); got != want {
			t.Errorf("DriverFor(%q) = %q, want %q", server, got, want)
		}
	}
}
