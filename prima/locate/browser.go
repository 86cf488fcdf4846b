package locate

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Browser is the Chromium-family browser prima launches.
type Browser struct {
	Path    string
	Version string // what `PATH --version` printed, e.g. "Chromium 156.0.8078.73"
	Source  string // how it was found
	// Shell is the headless shell of the same build, when its install has
	// one and the browser was not named explicitly: prima launches it for
	// headless work (see Launched).
	Shell string
}

// Launched is the program prima starts: headless, the browser's headless
// shell when it has one (Chromium without its window system, as
// Playwright launches headless itself; it starts on about 40% less CPU),
// else the browser.
func (b Browser) Launched(headed bool) string {
	if !headed && b.Shell != "" {
		return b.Shell
	}
	return b.Path
}

// NotABrowserError: a path named explicitly does not run as a Chromium-
// family browser.
type NotABrowserError struct{ Path, From, Why string }

func (e *NotABrowserError) Error() string {
	return fmt.Sprintf("%s names %s, which is not a Chromium-family browser: %s", e.From, e.Path, e.Why)
}

// BrowserFix is the one line that gets a user a browser.
const BrowserFix = "pass your Chrome, Chromium or Edge with --browser-path PATH (or PRIMA_BROWSER), or run `prima install --browser`"

// FindBrowser picks the browser: explicit (from --browser-path,
// PRIMA_BROWSER or prima.json, named by from), else the browsers Playwright
// installed, else Chrome, Chromium and Edge in their standard places. An
// explicit path must answer --version as a Chromium-family browser; the
// others are taken when they exist and are executable.
func FindBrowser(ctx context.Context, explicit, from string, getenv func(string) string) (Browser, error) {
	if explicit != "" {
		p := explicit
		if abs, err := filepath.Abs(p); err == nil {
			p = abs
		}
		if err := executable(p); err != nil {
			return Browser{}, &NotABrowserError{Path: explicit, From: from, Why: err.Error()}
		}
		v, err := BrowserVersion(ctx, p)
		if err != nil {
			return Browser{}, &NotABrowserError{Path: explicit, From: from, Why: err.Error()}
		}
		return Browser{Path: p, Version: v, Source: from}, nil
	}
	var tried []string
	for _, c := range candidates(getenv) {
		tried = append(tried, c.path)
		if executable(c.path) == nil {
			b := Browser{Path: c.path, Source: c.source, Shell: headlessShell(c.path, getenv)}
			b.Version, _ = BrowserVersion(ctx, c.path)
			return b, nil
		}
	}
	return Browser{}, &NotFoundError{What: "Chrome, Chromium or Edge", Tried: tried, Fix: BrowserFix}
}

type candidate struct{ path, source string }

func candidates(getenv func(string) string) []candidate {
	var out []candidate
	for _, p := range playwrightBrowsers(getenv) {
		out = append(out, candidate{p, "Playwright's browsers"})
	}
	home, _ := os.UserHomeDir()
	var std []string
	switch runtime.GOOS {
	case "darwin":
		for _, app := range []string{
			"Google Chrome.app/Contents/MacOS/Google Chrome",
			"Chromium.app/Contents/MacOS/Chromium",
			"Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
		} {
			std = append(std, filepath.Join("/Applications", app))
			if home != "" {
				std = append(std, filepath.Join(home, "Applications", app))
			}
		}
	default:
		std = []string{
			"/usr/bin/google-chrome-stable", "/usr/bin/google-chrome", "/opt/google/chrome/chrome",
			"/usr/bin/chromium", "/usr/bin/chromium-browser", "/snap/bin/chromium",
			"/usr/bin/microsoft-edge-stable", "/usr/bin/microsoft-edge", "/opt/microsoft/msedge/msedge",
		}
	}
	for _, p := range std {
		out = append(out, candidate{p, "standard places"})
	}
	return out
}

// headlessShell is the headless shell installed beside the browser at
// path, "" when none is: Debian's chromium-headless-shell package beside
// its chromium, Playwright's chromium_headless_shell of the same revision
// beside its chromium.
func headlessShell(path string, getenv func(string) string) string {
	var shells []string
	switch path {
	case "/usr/bin/chromium", "/usr/lib/chromium/chromium":
		shells = []string{"/usr/bin/chromium-headless-shell", "/usr/lib/chromium/chromium-headless-shell"}
	default:
		root := PlaywrightBrowsersDir(getenv)
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return ""
		}
		dir, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
		rev, ok := strings.CutPrefix(dir, "chromium-")
		if !ok {
			return ""
		}
		for _, l := range playwrightLayouts["chromium_headless_shell"] {
			shells = append(shells, filepath.Join(append([]string{root, "chromium_headless_shell-" + rev}, l...)...))
		}
	}
	for _, s := range shells {
		if executable(s) == nil {
			return s
		}
	}
	return ""
}

// PlaywrightBrowsersDir is where Playwright installs browsers, as it
// decides: PLAYWRIGHT_BROWSERS_PATH, else the OS cache folder.
func PlaywrightBrowsersDir(getenv func(string) string) string {
	if p := getenv("PLAYWRIGHT_BROWSERS_PATH"); p != "" && p != "0" {
		return p
	}
	home, _ := os.UserHomeDir()
	switch runtime.GOOS {
	case "darwin":
		return filepath.Join(home, "Library", "Caches", "ms-playwright")
	default:
		base := getenv("XDG_CACHE_HOME")
		if base == "" {
			base = filepath.Join(home, ".cache")
		}
		return filepath.Join(base, "ms-playwright")
	}
}

// playwrightLayouts are where each kind of Playwright browser folder keeps
// its program.
var playwrightLayouts = map[string][][]string{
	"chromium": {
		{"chrome-linux64", "chrome"}, {"chrome-linux-arm64", "chrome"}, {"chrome-linux", "chrome"},
		{"chrome-mac-arm64", "Google Chrome for Testing.app", "Contents", "MacOS", "Google Chrome for Testing"},
		{"chrome-mac-x64", "Google Chrome for Testing.app", "Contents", "MacOS", "Google Chrome for Testing"},
		{"chrome-mac", "Chromium.app", "Contents", "MacOS", "Chromium"},
	},
	"chromium_headless_shell": {
		{"chrome-headless-shell-linux64", "chrome-headless-shell"},
		{"chrome-headless-shell-linux-arm64", "chrome-headless-shell"},
		{"chrome-headless-shell-mac-arm64", "chrome-headless-shell"},
		{"chrome-headless-shell-mac-x64", "chrome-headless-shell"},
		{"chrome-linux", "headless_shell"},
	},
}

// playwrightBrowsers lists the Chromium builds in Playwright's browser
// folder, newest revision first: full Chromium before the headless shell.
func playwrightBrowsers(getenv func(string) string) []string {
	root := PlaywrightBrowsersDir(getenv)
	var out []string
	for _, kind := range []string{"chromium", "chromium_headless_shell"} {
		dirs, _ := filepath.Glob(filepath.Join(root, kind+"-*"))
		sort.Slice(dirs, func(i, j int) bool { return revision(dirs[i]) > revision(dirs[j]) })
		for _, d := range dirs {
			for _, l := range playwrightLayouts[kind] {
				out = append(out, filepath.Join(append([]string{d}, l...)...))
			}
		}
	}
	return out
}

func revision(dir string) int {
	i := strings.LastIndexByte(dir, '-')
	n, _ := strconv.Atoi(dir[i+1:])
	return n
}

func executable(p string) error {
	st, err := os.Stat(p)
	if err != nil {
		return fmt.Errorf("no such file")
	}
	if st.IsDir() {
		return fmt.Errorf("it is a folder")
	}
	if st.Mode().Perm()&0o111 == 0 {
		return fmt.Errorf("it is not executable")
	}
	return nil
}

var versionLine = regexp.MustCompile(`(?i)\b(chrom\w*|google chrome[\w ]*|microsoft edge[\w ]*|headlesschrome)\s+(\d+)\.[\d.]+`)

// BrowserVersion runs `path --version` (bounded: a program that is not a
// browser may never answer) and returns the line naming the browser.
func BrowserVersion(ctx context.Context, path string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, "--version")
	cmd.WaitDelay = time.Second
	out, err := cmd.Output()
	if ctx.Err() != nil {
		return "", fmt.Errorf("`%s --version` did not answer within 5 s", path)
	}
	if m := versionLine.FindString(string(out)); m != "" {
		return strings.TrimSpace(m), nil
	}
	if err != nil {
		return "", fmt.Errorf("`%s --version` failed: %v", path, err)
	}
	return "", fmt.Errorf("`%s --version` printed %q, not a Chrome, Chromium or Edge version", path, clip(strings.TrimSpace(string(out)), 80))
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
