package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/internal/procsweep"
)

// markerVar is set in every child's environment to the run's temp folder,
// so that cleanup can find (by pid) the processes this run started,
// including the ones playwright-cli detaches (its daemon, Chromium).
const markerVar = "PRIMA_BENCH_RUN"

const cliConfig = `{"browser":{"launchOptions":{"executablePath":"/usr/bin/chromium","chromiumSandbox":false,` +
	`"args":["--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update",` +
	`"--no-first-run","--disable-sync","--disable-quic"]}}}` + "\n"

// harness owns the run's temp folder and every process it starts.
type harness struct {
	cfg      config
	tmp      string // everything lives here: workspace, cache, prima home, TMPDIR
	ws       string // playwright-cli's working folder (.playwright/cli.config.json)
	cache    string // XDG_CACHE_HOME shared by playwright-cli and prima
	home     string // prima's --home
	env      []string
	primaEnv []string // env plus PLAYWRIGHT_DRIVER_PATH: prima runs from a copy in tmp
	primaBin string   // the copy of cfg.prima this run uses, immune to rebuilds meanwhile
	primaMod string   // cfg.prima's modification time when it was copied
	started  time.Time
	baseURL  string
	fixture  *exec.Cmd
	fixDone  chan struct{}
	cliOpen  bool
	primaUp  bool
	pw       *playwright.Playwright
	samples  []Sample
	failures []Failure
	log      io.Writer
}

type cmdResult struct {
	Stdout []byte
	Stderr []byte
	Wall   time.Duration
	Exit   int // -1 when the process did not run or was killed
	Err    error
}

func (r cmdResult) failed() bool { return r.Err != nil || r.Exit != 0 }

func newHarness(cfg config, log io.Writer) (*harness, error) {
	tmp, err := os.MkdirTemp("", "prima-bench-")
	if err != nil {
		return nil, err
	}
	h := &harness{cfg: cfg, tmp: tmp, log: log,
		ws: filepath.Join(tmp, "ws"), cache: filepath.Join(tmp, "cache"), home: filepath.Join(tmp, "home")}
	for _, d := range []string{filepath.Join(h.ws, ".playwright"), h.cache, h.home, filepath.Join(tmp, "t")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return h, err
		}
	}
	if err := os.WriteFile(filepath.Join(h.ws, ".playwright", "cli.config.json"), []byte(cliConfig), 0o600); err != nil {
		return h, err
	}
	h.env = childEnv(os.Environ(), map[string]string{
		"XDG_CACHE_HOME":     h.cache,
		"NO_UPDATE_NOTIFIER": "1",
		"TMPDIR":             filepath.Join(tmp, "t"), // Chromium profiles and server sockets land here
		markerVar:            tmp,
	})
	h.primaEnv = append(slices.Clone(h.env), "PLAYWRIGHT_DRIVER_PATH="+cfg.driver)
	h.primaBin = filepath.Join(tmp, "prima")
	h.primaMod = primaBuilt(cfg.prima)
	h.started = time.Now()
	if err := copyFile(cfg.prima, h.primaBin); err != nil {
		return h, fmt.Errorf("copy %s: %w", cfg.prima, err)
	}
	return h, nil
}

// childEnv is base without the variables that would point the children at
// another session, daemon or cache, plus set.
func childEnv(base []string, set map[string]string) []string {
	drop := map[string]bool{"PLAYWRIGHT_CLI_SESSION": true, "PRIMA_HOME": true}
	for k := range set {
		drop[k] = true
	}
	var out []string
	for _, kv := range base {
		k, _, _ := strings.Cut(kv, "=")
		if !drop[k] {
			out = append(out, kv)
		}
	}
	for k, v := range set {
		out = append(out, k+"="+v)
	}
	return out
}

func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o700)
}

// run executes one process to completion and times it (start to exit).
func (h *harness) run(ctx context.Context, timeout time.Duration, name string, args ...string) cmdResult {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = h.ws
	cmd.Env = h.env
	if name == h.primaBin {
		cmd.Env = h.primaEnv
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	t0 := time.Now()
	err := cmd.Run()
	r := cmdResult{Stdout: out.Bytes(), Stderr: errb.Bytes(), Wall: time.Since(t0), Exit: -1}
	if cmd.ProcessState != nil {
		r.Exit = cmd.ProcessState.ExitCode()
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		r.Err = err
	}
	if ctx.Err() != nil {
		r.Err = fmt.Errorf("%s %s: %w", filepath.Base(name), strings.Join(args, " "), ctx.Err())
	}
	return r
}

const cmdTimeout = 2 * time.Minute

func (h *harness) prima(ctx context.Context, args ...string) cmdResult {
	h.primaUp = true
	return h.run(ctx, cmdTimeout, h.primaBin, append([]string{"--home", h.home}, args...)...)
}

func (h *harness) cli(ctx context.Context, args ...string) cmdResult {
	return h.run(ctx, cmdTimeout, h.cfg.cli, args...)
}

// cliText is what a caller of playwright-cli must read: stdout and the
// content of every .yml it links to (paths relative to the workspace).
func (h *harness) cliText(r cmdResult) (string, error) {
	var b strings.Builder
	b.Write(r.Stdout)
	for _, l := range ymlLinks(string(r.Stdout)) {
		p := l
		if !filepath.IsAbs(p) {
			p = filepath.Join(h.ws, p)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return b.String(), fmt.Errorf("read the snapshot file playwright-cli linked: %w", err)
		}
		b.Write(data)
	}
	return b.String(), nil
}

// mustOK turns a failed setup command into an error carrying its output.
func mustOK(what string, r cmdResult) error {
	if !r.failed() {
		return nil
	}
	if errors.Is(r.Err, context.Canceled) {
		return fmt.Errorf("%s: interrupted", what)
	}
	msg := fmt.Sprintf("%s: exit %d", what, r.Exit)
	if r.Err != nil {
		msg += ": " + r.Err.Error()
	}
	return fmt.Errorf("%s\nstdout:\n%s\nstderr:\n%s", msg, clip(string(r.Stdout), 40), clip(string(r.Stderr), 20))
}

// startFixture builds the fixture app into the temp folder and runs it on
// a free loopback port; it returns once the app printed its URL.
func (h *harness) startFixture(ctx context.Context) error {
	bin := filepath.Join(h.tmp, "fixtures")
	build := exec.CommandContext(ctx, "go", "build", "-o", bin, "./fixtures/cmd/fixtures")
	build.Dir = h.cfg.root
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("go build ./fixtures/cmd/fixtures: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "-addr", "127.0.0.1:0")
	cmd.Env = h.env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Stderr = h.log
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	h.fixture = cmd
	h.fixDone = make(chan struct{})
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		if sc.Scan() {
			lines <- strings.TrimSpace(sc.Text())
		}
		close(lines)
		io.Copy(io.Discard, stdout)
	}()
	go func() { cmd.Wait(); close(h.fixDone) }()
	select {
	case u, ok := <-lines:
		if !ok || !strings.HasPrefix(u, "http") {
			return fmt.Errorf("fixture server printed no URL (got %q)", u)
		}
		h.baseURL = u
		return nil
	case <-time.After(30 * time.Second):
		return errors.New("fixture server printed no URL within 30s")
	case <-ctx.Done():
		return ctx.Err()
	}
}

// close stops everything this run started and removes the temp folder.
// It is safe to call on a half-built harness and runs on every exit path.
func (h *harness) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
	defer cancel()
	if h.pw != nil {
		if err := h.pw.Stop(); err != nil {
			fmt.Fprintln(h.log, "cleanup: stop playwright driver:", err)
		}
		h.pw = nil
	}
	if h.primaUp {
		if r := h.run(ctx, 15*time.Second, h.primaBin, "--home", h.home, "daemon", "stop"); r.failed() {
			fmt.Fprintf(h.log, "cleanup: prima daemon stop: exit %d %v %s%s\n", r.Exit, r.Err, r.Stdout, r.Stderr)
		}
	}
	if h.cliOpen {
		if r := h.run(ctx, 20*time.Second, h.cfg.cli, "close"); r.failed() {
			fmt.Fprintf(h.log, "cleanup: playwright-cli close: exit %d %v %s%s\n", r.Exit, r.Err, r.Stdout, r.Stderr)
		}
	}
	if h.fixture != nil && h.fixture.Process != nil {
		syscall.Kill(-h.fixture.Process.Pid, syscall.SIGTERM)
		select {
		case <-h.fixDone:
		case <-time.After(5 * time.Second):
			syscall.Kill(-h.fixture.Process.Pid, syscall.SIGKILL)
			<-h.fixDone
		}
	}
	if h.tmp != "" {
		if n := procsweep.Sweep(markerVar+"="+h.tmp, nil); n > 0 {
			fmt.Fprintf(h.log, "cleanup: ended %d leftover process(es) of this run\n", n)
		}
		if err := os.RemoveAll(h.tmp); err != nil {
			fmt.Fprintln(h.log, "cleanup:", err)
		}
	}
}
