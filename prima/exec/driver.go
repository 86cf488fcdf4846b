// Package prima is the executor: browser instances, the commands that act
// on them (pw, go, snapshot), the per-instance state manager and the
// envelopes that prove what each command changed.
package exec

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/mxschmitt/playwright-go"
)

// ChromiumPath is Debian's Chromium, the only browser prima launches: it
// never downloads one.
const ChromiumPath = "/usr/bin/chromium"

// ChromiumArgs are the launch flags that work on a closed network as root.
var ChromiumArgs = []string{
	"--no-sandbox", "--disable-gpu", "--disable-background-networking",
	"--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic",
}

// DriverVersion is the playwright-core version the driver must have.
const DriverVersion = "1.64.1"

// DriverDir finds the Playwright driver folder set up by scripts/setup:
// PLAYWRIGHT_DRIVER_PATH, then .driver beside the binary's bin/ folder,
// then .driver in the working folder or its parents.
func DriverDir() (string, error) {
	if d := os.Getenv("PLAYWRIGHT_DRIVER_PATH"); d != "" {
		return d, nil
	}
	var tried []string
	if exe, err := os.Executable(); err == nil {
		if exe, err = filepath.EvalSymlinks(exe); err == nil {
			d := filepath.Join(filepath.Dir(filepath.Dir(exe)), ".driver")
			tried = append(tried, d)
			if isDriver(d) {
				return d, nil
			}
		}
	}
	if wd, err := os.Getwd(); err == nil {
		for dir := wd; ; dir = filepath.Dir(dir) {
			d := filepath.Join(dir, ".driver")
			tried = append(tried, d)
			if isDriver(d) {
				return d, nil
			}
			if filepath.Dir(dir) == dir {
				break
			}
		}
	}
	return "", fmt.Errorf("no Playwright driver found (looked in %v); run scripts/setup or set PLAYWRIGHT_DRIVER_PATH", tried)
}

func isDriver(d string) bool {
	_, err := os.Stat(filepath.Join(d, "package", "cli.js"))
	return err == nil
}

// StartPlaywright starts the driver offline: it never installs browsers and
// uses the machine's Node.js.
func StartPlaywright(stderr io.Writer) (*playwright.Playwright, error) {
	dir, err := DriverDir()
	if err != nil {
		return nil, err
	}
	if os.Getenv("PLAYWRIGHT_NODEJS_PATH") == "" {
		node, err := exec.LookPath("node")
		if err != nil {
			return nil, errors.New("node is not installed; run scripts/setup")
		}
		os.Setenv("PLAYWRIGHT_NODEJS_PATH", node)
	}
	if stderr == nil {
		stderr = io.Discard
	}
	pw, err := playwright.Run(&playwright.RunOptions{
		DriverDirectory:     dir,
		SkipInstallBrowsers: true,
		Verbose:             false,
		Stdout:              io.Discard,
		Stderr:              stderr,
	})
	if err != nil {
		return nil, fmt.Errorf("start the Playwright driver in %s: %w", dir, err)
	}
	return pw, nil
}

// LaunchChromium starts prima's own headless (or headed) Chromium.
func LaunchChromium(pw *playwright.Playwright, headed bool) (playwright.Browser, error) {
	if _, err := os.Stat(ChromiumPath); err != nil {
		return nil, fmt.Errorf("%s is missing; run scripts/setup (it apt-installs chromium)", ChromiumPath)
	}
	return pw.Chromium.Launch(playwright.BrowserTypeLaunchOptions{
		ExecutablePath:    playwright.String(ChromiumPath),
		Args:              ChromiumArgs,
		Headless:          playwright.Bool(!headed),
		ChromiumSandbox:   playwright.Bool(false),
		HandleSIGINT:      playwright.Bool(false),
		HandleSIGTERM:     playwright.Bool(false),
		HandleSIGHUP:      playwright.Bool(false),
		IgnoreDefaultArgs: nil,
	})
}
