// Command prima-peers drives the same scripted tasks on the fixture app's
// widget zoo pages and its big table through prima and through
// playwright-cli, each as an orchestrator would drive it, and counts per
// task the round trips (commands run, and for playwright-cli the snapshot
// files its output links, which the orchestrator must read) and the bytes
// the orchestrator reads. Each tool runs each task twice, once per
// accounting: from the first look (the navigation is set-up) and from
// navigation (the navigation is counted, and is the first look). The
// page's status line, read through each tool's eval, says whether the task
// got solved. It writes a markdown report.
//
// scripts/bench-peers builds everything, starts the fixture app and runs
// it; run by hand:
//
//	prima-peers -prima BIN -cli PLAYWRIGHT_CLI -url FIXTURE_URL -work DIR -driver .driver -out results/peers.md
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/prima-dev/prima/internal/procsweep"
)

// markerVar is set in every child's environment, so that cleanup finds
// by pid the processes this run started, including the ones playwright-cli
// and prima detach (their daemons, Chromium).
const markerVar = "PRIMA_PEERS_RUN"

// cliConfig is playwright-cli's config, as the repository's tests write it
// (the system Chromium), plus an init page that gives the page's calls
// (its AI snapshot among them) 4 minutes instead of Playwright's 30 s: the
// first snapshot of the big table takes longer than that on this machine,
// and prima's commands get --timeout 4m.
func cliConfig(initPage string) string {
	return `{"browser":{"initPage":[` + strconv.Quote(initPage) + `],` +
		`"launchOptions":{"executablePath":"/usr/bin/chromium","chromiumSandbox":false,` +
		`"args":["--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update",` +
		`"--no-first-run","--disable-sync","--disable-quic"]}},"timeouts":{"navigation":240000}}` + "\n"
}

const initPageJS = "exports.default = async ({ page }) => { page.setDefaultTimeout(240000); };\n"

type config struct {
	prima, cli, url, work, driver, out, transcript, session string
	bigN, bigRow                                            int
	only                                                    string
}

func main() {
	var cfg config
	flag.StringVar(&cfg.prima, "prima", "", "the prima binary")
	flag.StringVar(&cfg.cli, "cli", ".tools/node_modules/.bin/playwright-cli", "the playwright-cli binary")
	flag.StringVar(&cfg.url, "url", "", "the fixture app's base URL (served with the zoo's libraries)")
	flag.StringVar(&cfg.work, "work", "", "an empty folder for this run (short: unix socket paths)")
	flag.StringVar(&cfg.driver, "driver", ".driver", "prima's Playwright driver (PLAYWRIGHT_DRIVER_PATH)")
	flag.StringVar(&cfg.out, "out", "results/peers.md", "the report")
	flag.StringVar(&cfg.transcript, "transcript", "", "also write every command and what it printed here")
	flag.StringVar(&cfg.session, "session", "", "the playwright-cli session name (default bench-peers-PID)")
	flag.IntVar(&cfg.bigN, "big-n", 10000, "the big table's size: /big?n=N")
	flag.IntVar(&cfg.bigRow, "big-row", 2500, "the row of the big table whose Edit button is clicked")
	flag.StringVar(&cfg.only, "only", "", "run only these tasks (comma-separated ids)")
	flag.Parse()
	if cfg.prima == "" || cfg.url == "" || cfg.work == "" {
		fmt.Fprintln(os.Stderr, "prima-peers: -prima, -url and -work are required (scripts/bench-peers sets them)")
		os.Exit(2)
	}
	for _, p := range []*string{&cfg.prima, &cfg.cli, &cfg.work, &cfg.driver} {
		abs, err := filepath.Abs(*p) // the tools run in other folders
		if err != nil {
			fmt.Fprintln(os.Stderr, "prima-peers:", err)
			os.Exit(2)
		}
		*p = abs
	}
	if cfg.session == "" {
		cfg.session = "bench-peers-" + strconv.Itoa(os.Getpid())
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, cfg))
}

func run(ctx context.Context, cfg config) int {
	b, err := newBench(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "prima-peers:", err)
		return 1
	}
	defer b.close()
	var results []outcome
	for _, tk := range tasks(cfg.bigN, cfg.bigRow) {
		if cfg.only != "" && !strings.Contains(","+cfg.only+",", ","+tk.ID+",") {
			continue
		}
		if ctx.Err() != nil {
			break
		}
		o := outcome{task: tk}
		for _, a := range []struct {
			name string
			acc  accounting
			p    *pair
		}{{"from the first look", fromLook, &o.look}, {"from navigation", fromNav, &o.nav}} {
			fmt.Fprintf(os.Stderr, "%-13s %-19s prima ...", tk.ID, a.name)
			b.instance = [...]string{fromLook: "look", fromNav: "nav"}[a.acc]
			a.p.prima = b.primaTask(ctx, tk, a.acc)
			fmt.Fprintf(os.Stderr, " %s; playwright-cli ...", a.p.prima.brief())
			a.p.cli = b.cliTask(ctx, tk, a.acc)
			fmt.Fprintf(os.Stderr, " %s\n", a.p.cli.brief())
		}
		results = append(results, o)
	}
	if ctx.Err() != nil {
		fmt.Fprintln(os.Stderr, "prima-peers: interrupted; no report written")
		return 1
	}
	md := report(cfg, b.versions(ctx), results)
	if err := os.MkdirAll(filepath.Dir(cfg.out), 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "prima-peers:", err)
		return 1
	}
	if err := os.WriteFile(cfg.out, []byte(md), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "prima-peers:", err)
		return 1
	}
	fmt.Print(md)
	return 0
}

// bench owns the run's folder and the two tools' sessions: prima's own
// daemon and Chromium (PRIMA_HOME and the Playwright registry in the
// folder, so it attaches to no playwright-cli session), and one named
// playwright-cli session in a workspace of its own.
type bench struct {
	cfg              config
	primaEnv, cliEnv []string
	ws               string // playwright-cli's working folder
	home             string // PRIMA_HOME
	primaUp, cliOpen bool
	// instance is the prima instance the accounting under way drives:
	// each has its own, as each is a new orchestrator (an instance counts
	// the visits of a page, and the other accounting's would show as a
	// return); up are the instances opened.
	instance         string
	up               map[string]bool
	transcript       io.Writer
	transcriptCloser io.Closer
}

func newBench(cfg config) (*bench, error) {
	b := &bench{cfg: cfg, ws: filepath.Join(cfg.work, "w"), home: filepath.Join(cfg.work, "h"), transcript: io.Discard, up: map[string]bool{}}
	for _, d := range []string{filepath.Join(b.ws, ".playwright"), b.home, filepath.Join(cfg.work, "pc"), filepath.Join(cfg.work, "cc"), filepath.Join(cfg.work, "t")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return nil, err
		}
	}
	ip := filepath.Join(cfg.work, "init-page.cjs")
	if err := os.WriteFile(ip, []byte(initPageJS), 0o600); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(b.ws, ".playwright", "cli.config.json"), []byte(cliConfig(ip)), 0o600); err != nil {
		return nil, err
	}
	common := map[string]string{"NO_UPDATE_NOTIFIER": "1", "TMPDIR": filepath.Join(cfg.work, "t"), markerVar: cfg.work}
	b.primaEnv = childEnv(common, map[string]string{"PRIMA_HOME": b.home, "XDG_CACHE_HOME": filepath.Join(cfg.work, "pc"), "PLAYWRIGHT_DRIVER_PATH": cfg.driver})
	b.cliEnv = childEnv(common, map[string]string{"XDG_CACHE_HOME": filepath.Join(cfg.work, "cc")})
	if cfg.transcript != "" {
		os.MkdirAll(filepath.Dir(cfg.transcript), 0o755)
		f, err := os.Create(cfg.transcript)
		if err != nil {
			return nil, err
		}
		b.transcript, b.transcriptCloser = f, f
	}
	return b, nil
}

// childEnv is this process's environment without what would point a tool
// at another session, daemon, registry or model, plus sets.
func childEnv(sets ...map[string]string) []string {
	drop := map[string]bool{"PLAYWRIGHT_CLI_SESSION": true, "PRIMA_HOME": true, "XDG_CACHE_HOME": true,
		"PRIMA_MODEL": true, "PRIMA_BASE_URL": true, "PRIMA_API_KEY": true, "PRIMA_BROWSER": true}
	var out []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if !drop[k] {
			out = append(out, kv)
		}
	}
	for _, set := range sets {
		for k, v := range set {
			out = append(out, k+"="+v)
		}
	}
	return out
}

type result struct {
	out, stderr string
	exit        int // -1: did not run, or was killed
	wall        time.Duration
	err         error
}

func (r result) failed() bool { return r.err != nil || r.exit != 0 }

const cmdTimeout = 5 * time.Minute // the first snapshot of a big fresh document is slow here

func (b *bench) exec(ctx context.Context, env []string, dir, bin string, args ...string) result {
	ctx, cancel := context.WithTimeout(ctx, cmdTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir, cmd.Env = dir, env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	t0 := time.Now()
	err := cmd.Run()
	r := result{out: out.String(), stderr: errb.String(), wall: time.Since(t0), exit: -1}
	if cmd.ProcessState != nil {
		r.exit = cmd.ProcessState.ExitCode()
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		r.err = err
	}
	if ctx.Err() != nil {
		r.err = fmt.Errorf("%s %s: %w", filepath.Base(bin), strings.Join(args, " "), ctx.Err())
	}
	name := "prima"
	if bin == b.cfg.cli {
		name = "playwright-cli"
	}
	fmt.Fprintf(b.transcript, "\n$ %s %s   # exit %d, %d bytes, %.1f s\n", name, strings.Join(args, " "), r.exit, len(r.out), r.wall.Seconds())
	b.transcript.Write([]byte(clip(r.out, 6000)))
	if r.stderr != "" {
		fmt.Fprintf(b.transcript, "--- stderr\n%s", clip(r.stderr, 2000))
	}
	return r
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + fmt.Sprintf("\n… (%d more bytes)\n", len(s)-n)
}

func (b *bench) prima(ctx context.Context, args ...string) result {
	b.primaUp = true
	return b.exec(ctx, b.primaEnv, b.cfg.work, b.cfg.prima, append([]string{"--timeout", "4m", "--instance", b.instance}, args...)...)
}

func (b *bench) cli(ctx context.Context, args ...string) result {
	b.cliOpen = true
	return b.exec(ctx, b.cliEnv, b.ws, b.cfg.cli, append([]string{"-s=" + b.cfg.session}, args...)...)
}

// versions names what ran, for the report.
func (b *bench) versions(ctx context.Context) string {
	v := b.exec(ctx, b.cliEnv, b.ws, b.cfg.cli, "--version")
	commit := "unknown"
	if out, err := exec.CommandContext(ctx, "git", "rev-parse", "--short", "HEAD").Output(); err == nil {
		commit = strings.TrimSpace(string(out))
		if st, err := exec.CommandContext(ctx, "git", "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(bytes.TrimSpace(st)) > 0 {
			commit += " (with uncommitted changes)"
		}
	}
	return fmt.Sprintf("prima at %s, playwright-cli %s", commit, strings.TrimSpace(v.out))
}

// close ends both tools' sessions and any process of this run left over.
func (b *bench) close() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if b.cliOpen {
		if r := b.cli(ctx, "close"); r.failed() {
			fmt.Fprintf(os.Stderr, "cleanup: playwright-cli -s=%s close: exit %d %v\n", b.cfg.session, r.exit, r.err)
		}
	}
	if b.primaUp {
		if r := b.exec(ctx, b.primaEnv, b.cfg.work, b.cfg.prima, "daemon", "stop"); r.failed() {
			fmt.Fprintf(os.Stderr, "cleanup: prima daemon stop: exit %d %v\n", r.exit, r.err)
		}
	}
	// Both stop asynchronously: give them time to end their processes.
	marker := markerVar + "=" + b.cfg.work
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline) && len(procsweep.Marked(marker)) > 0; {
		time.Sleep(200 * time.Millisecond)
	}
	if n := procsweep.Sweep(marker, func(p int) {
		comm, _ := os.ReadFile(filepath.Join("/proc", strconv.Itoa(p), "comm"))
		fmt.Fprintf(os.Stderr, "cleanup: pid %d (%s) of this run is still up: ending it\n", p, strings.TrimSpace(string(comm)))
	}); n > 0 {
		fmt.Fprintf(os.Stderr, "cleanup: ended %d leftover process(es) of this run\n", n)
	}
	if b.transcriptCloser != nil {
		b.transcriptCloser.Close()
	}
}
