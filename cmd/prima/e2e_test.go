package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/fixtures"
)

// The end-to-end tests drive the real binary against real headless
// Chromium, the fixture app, and real playwright-cli 0.1.22 sessions. Each
// test has its own daemon (PRIMA_HOME) and its own Playwright registry
// (XDG_CACHE_HOME), so sessions never leak between tests.
var (
	primaBin string
	pwcliBin string
	repoRoot string
	app      *fixtures.Server
)

func TestMain(m *testing.M) {
	os.Exit(testMain(m))
}

func testMain(m *testing.M) int {
	flag.Parse()
	if testing.Short() {
		fmt.Println("cmd/prima: every test here drives the built binary on Chromium and playwright-cli; go test -short skips them (CI runs them)")
		return 0
	}
	wd, _ := os.Getwd()
	repoRoot = filepath.Dir(filepath.Dir(wd))
	tmp, err := os.MkdirTemp("", "prima-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	// PRIMA_E2E_BIN: a binary built once for many runs of this one
	// (scripts/e2e runs each test in a process of its own).
	primaBin = os.Getenv("PRIMA_E2E_BIN")
	if primaBin == "" {
		primaBin = filepath.Join(tmp, "prima")
		if out, err := exec.Command("go", "build", "-o", primaBin, ".").CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "build prima: %v\n%s", err, out)
			return 1
		}
	}
	pwcliBin = os.Getenv("PRIMA_PLAYWRIGHT_CLI")
	if pwcliBin == "" {
		pwcliBin = filepath.Join(repoRoot, ".tools", "node_modules", ".bin", "playwright-cli")
	}
	if _, err := os.Stat(pwcliBin); err != nil {
		fmt.Fprintf(os.Stderr, "the end-to-end tests need playwright-cli 0.1.22 at %s: run scripts/test (it installs it)\n", pwcliBin)
		return 1
	}
	app, err = fixtures.Start()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer app.Close()
	app.ServeZoo(filepath.Join(repoRoot, ".tools", "zoo", "node_modules"))
	return m.Run()
}

type harness struct {
	t     *testing.T
	home  string // PRIMA_HOME
	cache string // XDG_CACHE_HOME: the Playwright registry lives here
	cwd   string // where playwright-cli finds its config and writes snapshots
	env   []string
	// cli: a playwright-cli ran in this harness, so its sessions are
	// closed at the end (close-all costs a Node start-up: most tests need
	// none).
	cli atomic.Bool
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	// Short paths: a unix socket path must stay under 108 bytes.
	root, err := os.MkdirTemp("", "pe")
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, home: filepath.Join(root, "h"), cache: filepath.Join(root, "c"), cwd: filepath.Join(root, "w")}
	os.MkdirAll(filepath.Join(h.cwd, ".playwright"), 0o755)
	os.MkdirAll(h.cache, 0o755)
	cfg := `{"browser":{"launchOptions":{"executablePath":"/usr/bin/chromium","chromiumSandbox":false,"args":["--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--no-first-run","--disable-sync","--disable-quic"]}}}`
	os.WriteFile(filepath.Join(h.cwd, ".playwright", "cli.config.json"), []byte(cfg), 0o644)
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "PLAYWRIGHT_CLI_SESSION=") || strings.HasPrefix(kv, "PRIMA_HOME=") || strings.HasPrefix(kv, "XDG_CACHE_HOME=") {
			continue
		}
		h.env = append(h.env, kv)
	}
	h.env = append(h.env, "PRIMA_HOME="+h.home, "XDG_CACHE_HOME="+h.cache, "NO_UPDATE_NOTIFIER=1",
		"PLAYWRIGHT_DRIVER_PATH="+filepath.Join(repoRoot, ".driver"))
	t.Cleanup(func() {
		h.run(10*time.Second, nil, primaBin, "daemon", "stop")
		if h.cli.Load() || len(h.cliDaemons("")) > 0 {
			h.run(20*time.Second, nil, pwcliBin, "close-all")
		}
		for _, pid := range h.cliDaemons("") {
			killTree(pid)
		}
		os.RemoveAll(root)
	})
	return h
}

type result struct {
	out, err string
	code     int
	took     time.Duration
}

func (r result) String() string {
	return fmt.Sprintf("exit %d\n--- stdout\n%s--- stderr\n%s", r.code, r.out, r.err)
}

func (h *harness) run(timeout time.Duration, extraEnv []string, bin string, args ...string) result {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if bin != primaBin {
		h.cli.Store(true)
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = h.cwd
	cmd.Env = append(append([]string{}, h.env...), extraEnv...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	r := result{out: out.String(), err: errb.String(), took: time.Since(start)}
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
	} else if err != nil {
		r.code = -1
		r.err += err.Error()
	}
	return r
}

// prima runs the CLI.
func (h *harness) prima(args ...string) result {
	h.t.Helper()
	return h.run(90*time.Second, nil, primaBin, args...)
}

// primaOK runs the CLI and requires exit 0.
func (h *harness) primaOK(args ...string) string {
	h.t.Helper()
	r := h.prima(args...)
	if r.code != 0 {
		log, _ := os.ReadFile(filepath.Join(h.home, "daemon.log"))
		h.t.Fatalf("prima %s: %s--- daemon.log (last 3000 bytes)\n%s", strings.Join(args, " "), r, tail(log, 3000))
	}
	return r.out
}

func tail(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}

// pwcli runs playwright-cli 0.1.22 in a session.
func (h *harness) pwcli(session string, args ...string) string {
	h.t.Helper()
	return h.pwcliAt(pwcliBin, session, args...)
}

// pwcliSnapshot returns the snapshot text playwright-cli 0.1.22 wrote.
func (h *harness) pwcliSnapshot(session string) string {
	h.t.Helper()
	return h.pwcliSnapshotAt(pwcliBin, session)
}

// cliDaemons lists the pids of this harness's playwright-cli session
// daemons (all sessions when session is ""), found by their environment.
func (h *harness) cliDaemons(session string) []int {
	var pids []int
	procs, _ := filepath.Glob("/proc/[0-9]*")
	for _, p := range procs {
		cmdline, err := os.ReadFile(p + "/cmdline")
		if err != nil || !bytes.Contains(cmdline, []byte("cliDaemon")) {
			continue
		}
		args := strings.Split(strings.TrimRight(string(cmdline), "\x00"), "\x00")
		if session != "" && args[len(args)-1] != session {
			continue
		}
		environ, _ := os.ReadFile(p + "/environ")
		if !bytes.Contains(environ, []byte("XDG_CACHE_HOME="+h.cache+"\x00")) {
			continue
		}
		pid, _ := strconv.Atoi(filepath.Base(p))
		pids = append(pids, pid)
	}
	return pids
}

// killTree kills pid, then all its descendants, with SIGKILL. The root
// goes first: a playwright-cli daemon that sees its browser die first
// would remove its descriptor, which is not what a crash looks like.
func killTree(pid int) {
	all := append([]int{pid}, descendants(pid)...)
	for _, p := range all {
		syscall.Kill(p, syscall.SIGKILL)
	}
	// A dying process can still hold its socket, which then still answers
	// (seen on a loaded machine): wait until none holds a file.
	deadline := time.Now().Add(5 * time.Second)
	for _, p := range all {
		for holdsFiles(p) && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// holdsFiles: the process still has a file open. A killed Go process's
// leader can be a zombie while its other threads still hold the socket; it
// is gone when no fd is left.
func holdsFiles(pid int) bool {
	fds, err := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/fd")
	return err == nil && len(fds) > 0
}

// waitGone waits for a killed process to be reaped or a zombie, so that
// the next command cannot reach the socket it was still closing.
func waitGone(t *testing.T, pid int) {
	t.Helper()
	for i := 0; i < 500; i++ {
		if !holdsFiles(pid) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("process %d did not die", pid)
}

func descendants(pid int) []int {
	var out []int
	for _, c := range children(pid) {
		out = append(out, c)
		out = append(out, descendants(c)...)
	}
	return out
}

func children(pid int) []int {
	var out []int
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, s := range stats {
		b, err := os.ReadFile(s)
		if err != nil {
			continue
		}
		// pid (comm) state ppid …; comm may hold spaces, so split after ')'.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		if len(f) > 1 && f[1] == strconv.Itoa(pid) {
			c, _ := strconv.Atoi(filepath.Base(filepath.Dir(s)))
			out = append(out, c)
		}
	}
	return out
}

var refRE = regexp.MustCompile(`\[ref=((?:f\d+)?e\d+)\]`)

// ref finds the ref of the line with role and exact name in snapshot text.
func ref(t *testing.T, snapshot, role, name string) string {
	t.Helper()
	needle := fmt.Sprintf("%s %q", role, name)
	for _, line := range strings.Split(envelope.ExpandRuns(snapshot), "\n") {
		if strings.Contains(line, "- "+needle+" ") || strings.HasSuffix(line, "- "+needle) {
			if m := refRE.FindStringSubmatch(line); m != nil {
				return m[1]
			}
		}
	}
	t.Fatalf("no %s with a ref in:\n%s", needle, snapshot)
	return ""
}

// settledActions waits for the fixture's action log to stop growing.
func settledActions(t *testing.T, min int) []fixtures.Action {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	app.WaitActions(ctx, min)
	time.Sleep(300 * time.Millisecond)
	return app.Actions()
}

// ids lists the distinct element ids in an action log, in order.
func ids(as []fixtures.Action) []string {
	var out []string
	seen := map[string]bool{}
	for _, a := range as {
		if !seen[a.ID] {
			seen[a.ID] = true
			out = append(out, a.ID)
		}
	}
	return out
}

func mustContain(t *testing.T, what, s string, subs ...string) {
	t.Helper()
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			t.Errorf("%s lacks %q:\n%s", what, sub, s)
		}
	}
}
