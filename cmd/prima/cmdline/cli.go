package cmdline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/attach"
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/client"
	"github.com/prima-dev/prima/prima/config"
	"github.com/prima-dev/prima/prima/daemon"
	"github.com/prima-dev/prima/prima/judge"
	"github.com/prima-dev/prima/prima/locate"
	"github.com/prima-dev/prima/prima/wire"
)

// Exit codes, as the CLI contract fixes them.
const (
	exitOK            = 0
	exitNotOK         = 1
	exitUsage         = 2
	exitInexpressible = 3
)

// exitError carries an exit code out of an action; its message, if any,
// has been printed already.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

// usageError is bad input caught by the CLI itself.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

// env is what every subcommand needs: the output streams and the global
// flags, read once.
type env struct {
	stdout, stderr io.Writer
	json           bool
	timeout        time.Duration
	home           string
	target         wire.Target
	browserPath    string // --browser-path or PRIMA_BROWSER
	browserFrom    string // which of them
	// raw: an ok envelope prints as its Answer alone (wire.Command.Raw).
	raw bool
	// answered: the command printed an Answer that was not an envelope.
	answered bool
}

func globalFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "endpoint", Usage: "attach to this browser: a Playwright server (unix socket path or ws:// URL) or a CDP URL (http://)"},
		&cli.StringFlag{Name: "pw-session", Usage: "attach to the playwright-cli session with this title", Sources: cli.EnvVars("PLAYWRIGHT_CLI_SESSION")},
		&cli.StringFlag{Name: "instance", Usage: "use the daemon instance with this name"},
		&cli.BoolFlag{Name: "json", Usage: "print the envelope as one JSON object"},
		&cli.DurationFlag{Name: "timeout", Value: wire.DefaultTimeout, Usage: "deadline for the whole command (a goal's default: its time budget and 30 s to report)"},
		&cli.StringFlag{Name: "home", Usage: "prima's state folder (socket, artifacts, logs)", Sources: cli.EnvVars("PRIMA_HOME")},
		&cli.StringFlag{Name: "dialog", Usage: "answer a dialog this command raises: accept, dismiss, or a TEXT to accept a prompt with (default: leave it open and report it)"},
		&cli.StringSliceFlag{Name: "secret", Usage: "NAME=VALUE: {{NAME}} in a value or instruction types VALUE; output shows only {{NAME}} (also PRIMA_SECRET_NAME=VALUE)"},
		&cli.StringFlag{Name: "browser-path", Usage: "the Chrome, Chromium or Edge `browser open` launches (default: prima.json's browser.path, then Playwright's browsers, then the standard places)", Sources: cli.EnvVars("PRIMA_BROWSER")},
	}
}

func defaultHome() string {
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".prima")
	}
	return filepath.Join(os.TempDir(), fmt.Sprintf("prima-%d", os.Getuid()))
}

func readEnv(cmd *cli.Command, stdout, stderr io.Writer) *env {
	home := cmd.String("home")
	if home == "" {
		home = defaultHome()
	}
	if abs, err := filepath.Abs(home); err == nil {
		home = abs
	}
	e := &env{stdout: stdout, stderr: stderr, json: cmd.Bool("json"), timeout: cmd.Duration("timeout"), home: home}
	e.target = wire.Target{
		Endpoint:  cmd.String("endpoint"),
		PwSession: cmd.String("pw-session"),
		Instance:  cmd.String("instance"),
		Secrets:   secrets(cmd.StringSlice("secret")),
		Dialog:    cmd.String("dialog"),
	}
	if cmd.IsSet("timeout") {
		// Unset, each command takes its own (a goal's is its budget's).
		e.target.TimeoutMS = e.timeout.Milliseconds()
	}
	if wd, err := os.Getwd(); err == nil {
		e.target.Dir = wd
	}
	if dirs := attach.RegistryDirs(); len(dirs) > 0 {
		e.target.Registry = dirs[0]
	}
	e.browserPath = cmd.String("browser-path")
	e.browserFrom = "--browser-path"
	if e.browserPath != "" && !cmd.IsSet("browser-path") {
		e.browserFrom = "PRIMA_BROWSER"
	} else if e.browserPath != "" && os.Getenv("PRIMA_BROWSER") == e.browserPath {
		e.browserFrom = "--browser-path (or PRIMA_BROWSER)"
	}
	return e
}

// browser finds the program `browser open` launches, in the caller's
// environment: --browser-path or PRIMA_BROWSER, then prima.json, then
// discovery (headless, a discovered browser's headless shell). A path
// that is not a browser is an attach failure naming it.
func (e *env) browser(ctx context.Context, headed bool) (string, error) {
	b, err := e.findBrowser(ctx)
	return b.Launched(headed), err
}

func (e *env) findBrowser(ctx context.Context) (locate.Browser, error) {
	explicit, from := e.browserPath, e.browserFrom
	if explicit == "" {
		wd, _ := os.Getwd()
		if cfg, err := config.Load(e.home, wd, os.Getenv); err == nil && cfg.Browser.Path != "" {
			explicit, from = cfg.Browser.Path, "prima.json (browser.path)"
		}
	}
	b, err := locate.FindBrowser(ctx, explicit, from, os.Getenv)
	if err != nil {
		return b, &wire.Error{Reason: wire.ReasonAttach, Message: err.Error()}
	}
	return b, nil
}

// secrets gathers PRIMA_SECRET_NAME variables, then --secret NAME=VALUE
// flags over them. Their values go to the daemon and nowhere else.
func secrets(flags []string) map[string]string {
	out := map[string]string{}
	for _, kv := range os.Environ() {
		if name, v, ok := strings.Cut(kv, "="); ok && strings.HasPrefix(name, "PRIMA_SECRET_") && len(name) > len("PRIMA_SECRET_") {
			out[strings.TrimPrefix(name, "PRIMA_SECRET_")] = v
		}
	}
	for _, f := range flags {
		if name, v, ok := strings.Cut(f, "="); ok {
			out[name] = v
		} else {
			out[f] = ""
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// config loads prima.json and the environment, and checks at start-up
// that every configured model and judge can be called.
func (e *env) config() (config.Config, error) {
	wd, _ := os.Getwd()
	cfg, err := config.Load(e.home, wd, os.Getenv)
	if err != nil {
		return cfg, usageError{err.Error()}
	}
	if _, err := judge.FromConfig(cfg.Judge.Provider, cfg.Judge.Model, cfg.Judge.BaseURL, os.Getenv); err != nil {
		return cfg, usageError{err.Error()}
	}
	return cfg, nil
}

func (e *env) client() *client.Client {
	return &client.Client{Home: e.home, AutoStart: true}
}

// envelopeAction is the shape of every command that answers with an
// envelope: read the global flags, build the request (or fail with a usage
// error) and call the daemon, which keeps the command's deadline, then
// print.
func envelopeAction(stdout, stderr io.Writer, call func(context.Context, *env, *cli.Command) (*envelope.Envelope, error)) cli.ActionFunc {
	return func(ctx context.Context, cmd *cli.Command) error {
		e := readEnv(cmd, stdout, stderr)
		if e.timeout <= 0 {
			return e.fail(usagef("--timeout must be positive, like 10s (got %s)", e.timeout))
		}
		env, err := call(ctx, e, cmd)
		switch {
		case err != nil:
			return e.fail(err)
		case env == nil && e.answered:
			return nil
		}
		return e.printEnvelope(env)
	}
}

// printEnvelope prints the envelope and returns the exit code it implies.
func (e *env) printEnvelope(env *envelope.Envelope) error {
	if env == nil {
		return e.fail(errors.New("the daemon returned no envelope"))
	}
	switch {
	case e.json:
		b, err := env.JSON()
		if err != nil {
			return e.fail(err)
		}
		fmt.Fprintln(e.stdout, string(b))
	case e.raw && env.OK:
		fmt.Fprint(e.stdout, env.Answer)
	default:
		fmt.Fprint(e.stdout, env.Markdown())
	}
	if code := env.ExitCode(); code != exitOK {
		return exitError{code}
	}
	return nil
}

// printJSON prints v as indented JSON.
func (e *env) printJSON(v any) {
	b, _ := json.MarshalIndent(v, "", "  ")
	fmt.Fprintln(e.stdout, string(b))
}

// fail prints an error with the fix the user can apply, and picks the
// exit code: 2 for usage errors, 1 otherwise.
func (e *env) fail(err error) error {
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(e.stderr, "prima: %s\n", ue.msg)
		return exitError{exitUsage}
	}
	var ae *wire.Error
	if errors.As(err, &ae) {
		code, fix := ae.Code(), client.Advice(ae, client.CLI)
		if e.json {
			e.printFailure(code, ae.Reason, ae.Message, fix)
		} else {
			fmt.Fprintf(e.stderr, "prima: %s\ncode: %s\n", ae.Message, code)
			if fix != "" {
				fmt.Fprintf(e.stderr, "fix: %s\n", fix)
			}
		}
		if ae.Reason == wire.ReasonUsage {
			return exitError{exitUsage}
		}
		return exitError{exitNotOK}
	}
	fmt.Fprintf(e.stderr, "prima: %v\n", err)
	return exitError{exitNotOK}
}

// printFailure prints a failure that has no envelope as --json output:
// the envelope's shape (ok, code, failure), the daemon's finer reason and
// the fix, on stdout like every other --json answer.
func (e *env) printFailure(code envelope.Code, reason, msg, fix string) {
	e.printJSON(struct {
		OK      bool          `json:"ok"`
		Code    envelope.Code `json:"code"`
		Reason  string        `json:"reason,omitempty"`
		Failure struct {
			Error string `json:"error"`
		} `json:"failure"`
		Fix string `json:"fix,omitempty"`
	}{Code: code, Reason: reason, Failure: struct {
		Error string `json:"error"`
	}{msg}, Fix: fix})
}

// NewBackend builds what `prima daemon run` serves: the executor. The
// command line itself knows only the wire and the client.
type NewBackend func(home string, logger *log.Logger) daemon.Backend

// Run runs the prima command line on args and returns the exit code.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer, newBackend NewBackend) int {
	root := &cli.Command{
		Name:    "prima",
		Usage:   "Do exactly what you ask on a web page, and prove what changed",
		Version: versionLine(),
		Flags:   globalFlags(),
		// `prima completion bash|zsh|fish` prints the script.
		EnableShellCompletion:           true,
		ConfigureShellCompletionCommand: func(c *cli.Command) { c.Hidden = false },
		Writer:                          stdout,
		ErrWriter:                       stderr,
		HideHelpCommand:                 true,
		// A repeated flag's value is one value: a secret or a header may
		// hold a comma.
		DisableSliceFlagSeparator: true,
		ExitErrHandler:            func(context.Context, *cli.Command, error) {},
		OnUsageError: func(ctx context.Context, cmd *cli.Command, err error, isSubcommand bool) error {
			return usageError{err.Error()}
		},
		Commands: []*cli.Command{
			daemonCommand(stdout, stderr, newBackend),
			helpCommand(stdout, stderr),
			mcpCommand(stdout, stderr),
			versionCommand(stdout, stderr),
			installCommand(stdout, stderr),
		},
	}
	// A run needs the flags and help of the one command it names; the
	// table's others cost a build each for nothing.
	if word := commandWord(root, args); word == "" || root.Command(word) == nil {
		root.Commands = append(root.Commands, tableCommands(stdout, stderr, word)...)
	}
	quietUsage(root)
	err := root.Run(ctx, args)
	var ee exitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ee):
		return ee.code
	}
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "prima: %s\n", ue.msg)
		return exitUsage
	}
	fmt.Fprintf(stderr, "prima: %v\n", err)
	if strings.Contains(err.Error(), "flag provided but not defined") || strings.Contains(err.Error(), "No help topic") || strings.Contains(err.Error(), "invalid value") {
		return exitUsage
	}
	return exitNotOK
}

// commandWord is the command args name: their first word after the
// root's flags (and the values of those that take one), or the word after
// `help`; "" when there is none.
func commandWord(root *cli.Command, args []string) string {
	takesValue := map[string]bool{}
	for _, f := range root.Flags {
		v, ok := f.(cli.DocGenerationFlag)
		for _, n := range f.Names() {
			takesValue[n] = ok && v.TakesValue()
		}
	}
	help := false
	for i := 1; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			if i+1 < len(args) {
				return args[i+1]
			}
			return ""
		case len(a) > 1 && a[0] == '-':
			if name := strings.TrimLeft(a, "-"); !strings.Contains(name, "=") && takesValue[name] {
				i++
			}
		case a == "help" && !help:
			help = true
		default:
			return a
		}
	}
	return ""
}

// quietUsage makes every subcommand report a usage error the way the root
// does: one line on stderr and exit 2, without help text on stdout, where
// a caller parsing --json output would choke on it; and take a repeated
// flag's value whole, as the root does.
func quietUsage(c *cli.Command) {
	for _, sub := range c.Commands {
		sub.OnUsageError = c.OnUsageError
		sub.DisableSliceFlagSeparator = c.DisableSliceFlagSeparator
		quietUsage(sub)
	}
}

// wrongArgs is the usage error for a bad argument count.
func wrongArgs(cmd *cli.Command, want string) error {
	return usagef("%s takes %s (usage: %s %s)", cmd.FullName(), want, cmd.FullName(), cmd.ArgsUsage)
}

func newLogger(w io.Writer) *log.Logger {
	return log.New(w, "prima-daemon ", log.LstdFlags|log.Lmicroseconds)
}
