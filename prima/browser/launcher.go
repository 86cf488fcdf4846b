// Package browser holds what prima knows of browsers below any command: the
// Playwright driver and the Chromium it launches, a ref resolved to its one
// element and unique locator, and the observers of what happens outside
// the page tree (dialogs, tabs, downloads, console, document responses).
package browser

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/prima/locate"
)

// ChromiumArgs are the launch flags that work on a closed network as root.
var ChromiumArgs = []string{
	"--no-sandbox", "--disable-gpu", "--disable-background-networking",
	"--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic",
}

// DriverVersion is the playwright-core version the driver must have.
const DriverVersion = locate.DriverVersion

// FindDriver finds the driver of version ("" is prima's own,
// DriverVersion; locate.FindDriverOf, from the daemon's environment) and
// makes it safe to start.
func FindDriver(version string) (locate.Driver, error) {
	if version == "" {
		version = DriverVersion
	}
	d, err := locate.FindDriverOf(os.Getenv, version)
	if err != nil {
		return d, err
	}
	return locate.Prepare(d)
}

// startMu: playwright-go reads the driver's paths from the process's
// environment, and the driver's process inherits it, so two drivers are
// started one at a time (which also tells each Driver its own process).
var startMu sync.Mutex

// DriverStartError: the driver was found but did not start.
type DriverStartError struct {
	Dir string
	Err error
}

func (e *DriverStartError) Error() string {
	return fmt.Sprintf("the Playwright driver in %s did not start: %v (reinstall it: prima install)", e.Dir, e.Err)
}

func (e *DriverStartError) Unwrap() error { return e.Err }

// StartPlaywright starts prima's own driver offline: it never installs
// browsers and uses the machine's Node.js.
func StartPlaywright(stderr io.Writer) (*playwright.Playwright, error) {
	return StartDriver("", stderr)
}

// StartDriver starts the driver of version ("" is prima's own) offline.
// Another version is started through prima's entry (locate.Entry), which
// tells playwright-go's version check that it speaks DriverVersion's
// protocol.
func StartDriver(version string, stderr io.Writer) (*playwright.Playwright, error) {
	startMu.Lock()
	defer startMu.Unlock()
	return startDriver(version, stderr)
}

// startDriver is StartDriver; the caller holds startMu.
func startDriver(version string, stderr io.Writer) (*playwright.Playwright, error) {
	d, err := FindDriver(version)
	if err != nil {
		return nil, err
	}
	node, err := locate.Node(os.Getenv)
	if err != nil {
		return nil, err
	}
	// playwright-go reads Node.js and cli.js paths from the environment only.
	os.Setenv("PLAYWRIGHT_NODEJS_PATH", node)
	cli := d.CLI()
	os.Unsetenv("PRIMA_DRIVER_SPEAKS")
	if entry, err := locate.Entry(); err == nil {
		os.Setenv("PRIMA_DRIVER_CLI", cli)
		cli = entry
		if d.Version != DriverVersion {
			os.Setenv("PRIMA_DRIVER_SPEAKS", DriverVersion)
			defer os.Unsetenv("PRIMA_DRIVER_SPEAKS")
		}
	} else if d.Version != DriverVersion {
		return nil, &DriverStartError{Dir: d.Dir, Err: fmt.Errorf("prima's driver entry cannot be written to its cache: %w", err)}
	}
	os.Setenv("PLAYWRIGHT_CLI_PATH", cli)
	if stderr == nil {
		stderr = io.Discard
	}
	pw, err := playwright.Run(&playwright.RunOptions{
		DriverDirectory:     d.Dir,
		SkipInstallBrowsers: true,
		Verbose:             false,
		Stdout:              io.Discard,
		Stderr:              stderr,
	})
	if err != nil {
		return nil, &DriverStartError{Dir: d.Dir, Err: err}
	}
	return pw, nil
}

// LaunchChromium starts prima's own headless (or headed) Chromium-family
// browser at path, within timeout.
func LaunchChromium(pw *playwright.Playwright, path string, headed bool, timeout time.Duration) (playwright.Browser, error) {
	return pw.Chromium.Launch(playwright.BrowserTypeLaunchOptions{
		ExecutablePath:    playwright.String(path),
		Args:              ChromiumArgs,
		Headless:          playwright.Bool(!headed),
		ChromiumSandbox:   playwright.Bool(false),
		HandleSIGINT:      playwright.Bool(false),
		HandleSIGTERM:     playwright.Bool(false),
		HandleSIGHUP:      playwright.Bool(false),
		Timeout:           playwright.Float(float64(timeout.Milliseconds())),
		IgnoreDefaultArgs: nil,
	})
}

// AttachTimeout is how long connecting to a browser server may take: the
// command's time left (30 s for a command with no deadline). A live
// browser on a loaded machine took more than 30 s to accept a first CDP
// connection; a dead endpoint fails at once (refused, or not a browser),
// and a wedged one costs no more than the command's --timeout.
func AttachTimeout(ctx context.Context) time.Duration {
	d := 30 * time.Second
	if dl, ok := ctx.Deadline(); ok {
		d = time.Until(dl)
	}
	if d < 100*time.Millisecond {
		d = 100 * time.Millisecond
	}
	return d
}

// Driver is one of the daemon's Playwright drivers: started on first use,
// and again after it died (its node process is watched through /proc;
// where there is no /proc, a dead driver shows as failing commands
// instead).
type Driver struct {
	Log     io.Writer
	Version string // "" is prima's own, DriverVersion

	mu  sync.Mutex
	pw  *playwright.Playwright
	pid int
}

// Start returns the running driver, starting one if none runs.
func (d *Driver) Start() (*playwright.Playwright, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.pw != nil && (d.pid == 0 || processAlive(d.pid)) {
		return d.pw, nil
	}
	// The new process is the driver's: under startMu, no other driver
	// starts meanwhile.
	startMu.Lock()
	defer startMu.Unlock()
	before := driverProcs()
	pw, err := startDriver(d.Version, d.Log)
	if err != nil {
		return nil, err
	}
	d.pw, d.pid = pw, 0
	for pid := range driverProcs() {
		if !before[pid] {
			d.pid = pid
		}
	}
	return pw, nil
}

// Died reports, once, that the driver's process is gone: every browser it
// held went with it, and the next Start starts a new one.
func (d *Driver) Died() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.pw == nil || d.pid == 0 || processAlive(d.pid) {
		return false
	}
	d.pw, d.pid = nil, 0
	return true
}

// Stop stops the driver, if one runs.
func (d *Driver) Stop() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.pw != nil {
		d.pw.Stop()
		d.pw = nil
	}
}

// driverProcs lists this process's children that run the Playwright driver.
func driverProcs() map[int]bool {
	out := map[int]bool{}
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	me := strconv.Itoa(os.Getpid())
	for _, st := range stats {
		b, err := os.ReadFile(st)
		if err != nil {
			continue
		}
		i := strings.LastIndexByte(string(b), ')')
		f := strings.Fields(string(b[i+1:]))
		if len(f) < 2 || f[1] != me {
			continue
		}
		dir := filepath.Dir(st)
		cmd, _ := os.ReadFile(filepath.Join(dir, "cmdline"))
		if strings.Contains(string(cmd), "run-driver") {
			pid, _ := strconv.Atoi(filepath.Base(dir))
			out[pid] = true
		}
	}
	return out
}

// processAlive: the process exists and is not a zombie.
func processAlive(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	i := strings.LastIndexByte(string(b), ')')
	f := strings.Fields(string(b[i+1:]))
	return len(f) > 0 && f[0] != "Z" && f[0] != "X"
}
