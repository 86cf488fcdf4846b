package cmdline

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/attach"
	"github.com/prima-dev/prima/prima/locate"
)

// Version is prima's release; scripts/package stamps npm packages with it.
var Version = "0.20.0"

// Commit is the commit the binary was built from: set by scripts/package
// (-ldflags -X), else read from the build's VCS stamp when there is one.
var Commit = ""

func commit() string {
	if Commit != "" {
		return Commit
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 7 {
				return s.Value[:7]
			}
		}
		if v := bi.Main.Version; v != "" && v != "(devel)" {
			return v
		}
	}
	return "unknown"
}

// versionLine is what --version prints.
func versionLine() string { return fmt.Sprintf("%s (commit %s)", Version, commit()) }

// versionCommand reports what this prima runs on, as the caller's
// environment finds it: no daemon is asked.
func versionCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:  "version",
		Usage: "Print prima's version, its Playwright driver, the browser it finds, and the Playwright versions it attaches to",
		Action: func(ctx context.Context, cmd *cli.Command) error {
			e := readEnv(cmd, stdout, stderr)
			if cmd.Args().Len() != 0 {
				return e.fail(wrongArgs(cmd, "no arguments"))
			}
			newest := locate.DriverVersions[len(locate.DriverVersions)-1]
			r := versionReport{Prima: Version, Commit: commit(), Attaches: attach.AttachableRange(newest)}
			if d, err := locate.FindDriver(os.Getenv); err != nil {
				r.DriverError = err.Error()
			} else {
				r.Driver, r.DriverDir, r.DriverFrom = d.Version, d.Dir, d.Source
			}
			// The other drivers, each started only to attach to a
			// Playwright server of its minor.
			for _, v := range locate.DriverVersions[1:] {
				o := otherDriver{Version: v, For: locate.Minor(v)}
				if d, err := locate.FindDriverOf(os.Getenv, v); err != nil {
					o.Error = err.Error()
				} else {
					o.Dir, o.From = d.Dir, d.Source
				}
				r.Others = append(r.Others, o)
			}
			ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			if b, err := e.findBrowser(ctx); err != nil {
				r.BrowserError = err.Error()
			} else {
				r.Browser, r.BrowserVersion, r.BrowserFrom, r.HeadlessShell = b.Path, b.Version, b.Source, b.Shell
			}
			if e.json {
				e.printJSON(r)
				return nil
			}
			fmt.Fprintf(e.stdout, "prima %s (commit %s)\n", r.Prima, r.Commit)
			if r.DriverError != "" {
				fmt.Fprintf(e.stdout, "driver: none: %s\n", r.DriverError)
			} else {
				fmt.Fprintf(e.stdout, "driver: Playwright %s at %s (%s)\n", r.Driver, r.DriverDir, r.DriverFrom)
			}
			for _, o := range r.Others {
				if o.Error != "" {
					fmt.Fprintf(e.stdout, "driver for Playwright %s servers: none: %s\n", o.For, o.Error)
				} else {
					fmt.Fprintf(e.stdout, "driver for Playwright %s servers: Playwright %s at %s (%s)\n", o.For, o.Version, o.Dir, o.From)
				}
			}
			if r.BrowserError != "" {
				fmt.Fprintf(e.stdout, "browser: none: %s\n", r.BrowserError)
			} else {
				fmt.Fprintf(e.stdout, "browser: %s (%s; %s)\n", r.Browser, r.BrowserVersion, r.BrowserFrom)
				if r.HeadlessShell != "" {
					fmt.Fprintf(e.stdout, "headless: %s (its headless shell, launched unless --headed)\n", r.HeadlessShell)
				}
			}
			fmt.Fprintf(e.stdout, "attaches to: Playwright %s (playwright-cli 0.1.18 to 0.1.22, Playwright servers of %s)\n", r.Attaches, serverMinors())
			return nil
		},
	}
}

type versionReport struct {
	Prima          string `json:"prima"`
	Commit         string `json:"commit"`
	Driver         string `json:"driver,omitempty"`
	DriverDir      string `json:"driver_dir,omitempty"`
	DriverFrom     string `json:"driver_from,omitempty"`
	DriverError    string `json:"driver_error,omitempty"`
	Browser        string `json:"browser,omitempty"`
	BrowserVersion string `json:"browser_version,omitempty"`
	BrowserFrom    string `json:"browser_from,omitempty"`
	HeadlessShell  string `json:"headless_shell,omitempty"`
	BrowserError   string `json:"browser_error,omitempty"`
	Attaches       string `json:"attaches"`
	// Others are prima's other drivers (an attach to a server of their
	// minor starts one).
	Others []otherDriver `json:"other_drivers,omitempty"`
}

type otherDriver struct {
	Version string `json:"version"`
	For     string `json:"for"` // the minor of the servers it attaches to
	Dir     string `json:"dir,omitempty"`
	From    string `json:"from,omitempty"`
	Error   string `json:"error,omitempty"`
}

// serverMinors names the minors of the Playwright servers prima's drivers
// attach to: "1.64 and 1.65".
func serverMinors() string {
	var ms []string
	for _, v := range locate.DriverVersions {
		ms = append(ms, locate.Minor(v))
	}
	return strings.Join(ms, " and ")
}

// minor is "1.64" of "1.64.1".
func minor(v string) string {
	dots := 0
	for i, c := range v {
		if c == '.' {
			dots++
			if dots == 2 {
				return v[:i]
			}
		}
	}
	return v
}

// installCommand puts the driver into prima's cache (for a prima built
// with go install), and with --browser runs the driver's browser installer.
func installCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:  "install",
		Usage: "Install the Playwright driver prima needs into its cache (npm); --browser: a Chromium too",
		Flags: []cli.Flag{&cli.BoolFlag{Name: "browser", Usage: "also download Playwright's Chromium (for a machine with no Chrome, Chromium or Edge)"}},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			e := readEnv(cmd, stdout, stderr)
			if cmd.Args().Len() != 0 {
				return e.fail(wrongArgs(cmd, "no arguments"))
			}
			d, err := locate.FindDriver(os.Getenv)
			if err != nil {
				if d, err = locate.Install(ctx, os.Getenv, e.stderr); err != nil {
					return e.fail(err)
				}
			}
			fmt.Fprintf(e.stdout, "driver: Playwright %s at %s (%s)\n", d.Version, d.Dir, d.Source)
			if cmd.Bool("browser") {
				if err := locate.InstallBrowser(ctx, d, os.Getenv, e.stderr); err != nil {
					return e.fail(err)
				}
				b, err := locate.FindBrowser(ctx, "", "", os.Getenv)
				if err != nil {
					return e.fail(err)
				}
				fmt.Fprintf(e.stdout, "browser: %s (%s)\n", b.Path, b.Version)
			}
			return nil
		},
	}
}
