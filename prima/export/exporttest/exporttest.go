// Package exporttest runs an exported spec with the @playwright/test that
// scripts/setup --tools installs into .tools/, on Debian's Chromium: what
// the export tests, and end-to-end tests that export a real session, use
// to prove that a spec's assertions hold on a page and fail off it.
package exporttest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Chromium is the browser the specs run on; no browser is downloaded.
const Chromium = "/usr/bin/chromium"

// Line is the @playwright/test release line the specs run with: the one
// prima's Playwright speaks.
const Line = "1.64."

// ErrFailed: the runner ran the spec and it did not pass.
var ErrFailed = errors.New("exporttest: the spec did not pass")

// config runs one spec file, headless, on Chromium with the launch flags
// that work on this project's machines (README), with no baseURL: an
// exported spec says absolute URLs.
const config = `import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: 'prima.spec.ts',
  outputDir: 'test-results',
  workers: 1,
  retries: 0,
  reporter: 'line',
  use: {
    headless: true,
    launchOptions: {
      executablePath: %s,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--no-first-run', '--disable-sync', '--disable-quic'],
    },
  },
});
`

// Tools is the node_modules folder of the repository's .tools/, found
// from the working directory up, with @playwright/test of Line in it.
func Tools() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	root := wd
	for {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(root)
		if parent == root {
			return "", fmt.Errorf("exporttest: no go.mod above %s", wd)
		}
		root = parent
	}
	modules := filepath.Join(root, ".tools", "node_modules")
	b, err := os.ReadFile(filepath.Join(modules, "@playwright", "test", "package.json"))
	if err != nil {
		return "", fmt.Errorf("exporttest: @playwright/test is not in %s: run scripts/setup --tools", modules)
	}
	var pkg struct{ Version string }
	if err := json.Unmarshal(b, &pkg); err != nil || !strings.HasPrefix(pkg.Version, Line) {
		return "", fmt.Errorf("exporttest: @playwright/test in %s is %q, not %sx: run scripts/setup --tools", modules, pkg.Version, Line)
	}
	return modules, nil
}

// RunSpec writes spec into dir (created if need be) with its config and
// runs it; env adds KEY=VALUE variables (a secret the spec reads). The
// output is the runner's, stdout and stderr; err wraps ErrFailed when the
// spec ran and did not pass, and is another error when it could not run.
func RunSpec(ctx context.Context, dir, spec string, env []string) (string, error) {
	modules, err := Tools()
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(Chromium); err != nil {
		return "", fmt.Errorf("exporttest: no %s: run scripts/setup", Chromium)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	cfg := fmt.Sprintf(config, jsonString(Chromium))
	for name, body := range map[string]string{"prima.spec.ts": spec, "playwright.config.ts": cfg} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			return "", err
		}
	}
	// The spec and config import @playwright/test from here; through the
	// link Node resolves the very copy the runner is, as it must.
	link := filepath.Join(dir, "node_modules")
	if err := os.Remove(link); err != nil && !errors.Is(err, os.ErrNotExist) {
		return "", err
	}
	if err := os.Symlink(modules, link); err != nil {
		return "", err
	}
	cmd := exec.CommandContext(ctx, "node", filepath.Join(modules, "@playwright", "test", "cli.js"),
		"test", "--config", filepath.Join(dir, "playwright.config.ts"))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "FORCE_COLOR=0", "NO_UPDATE_NOTIFIER=1", "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1")
	cmd.Env = append(cmd.Env, env...)
	// Its own process group, so that a cancelled run takes the browsers
	// the runner started with it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return string(out), nil
	case ctx.Err() != nil:
		return string(out), fmt.Errorf("exporttest: the run was stopped: %w", ctx.Err())
	case errors.As(err, &exit):
		return string(out), fmt.Errorf("%w (exit %d)", ErrFailed, exit.ExitCode())
	}
	return string(out), fmt.Errorf("exporttest: run the spec: %w", err)
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
