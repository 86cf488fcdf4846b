package cmdline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/client"
	"github.com/prima-dev/prima/prima/daemon"
	"github.com/prima-dev/prima/prima/pwline"
	"github.com/prima-dev/prima/prima/wire"
)

func pwCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "pw",
		Usage:     "Do one direct action on a ref or a Playwright selector, with no AI and no healing",
		ArgsUsage: "ACTION TARGET [VALUE...] | \"page.getByRole('button', { name: 'Save' }).click()\"",
		Description: "ACTION is one of " + strings.Join(pwline.ActionNames(), ", ") + ".\n" +
			"TARGET is a ref from a snapshot (e5, f1e3) or any Playwright selector.\n" +
			"select takes one or more options, upload one or more files, drag a second TARGET.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "button", Usage: "click with this mouse button: left, right or middle"},
			&cli.StringFlag{Name: "modifiers", Usage: "hold these keys during the click: Shift,Control,Alt,Meta"},
			&cli.IntFlag{Name: "count", Usage: "click this many times (1-10)"},
		},
		Action: envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
			args := cmd.Args().Slice()
			req := wire.PwRequest{Target: e.target, Button: cmd.String("button"), Count: int(cmd.Int("count"))}
			if m := cmd.String("modifiers"); m != "" {
				for _, k := range strings.Split(m, ",") {
					req.Modifiers = append(req.Modifiers, strings.TrimSpace(k))
				}
			}
			switch {
			case len(args) == 1 && strings.Contains(args[0], "page."):
				req.Line = args[0]
			case len(args) >= 2:
				req.Action, req.Ref, req.Values = args[0], args[1], args[2:]
			default:
				return nil, wrongArgs(cmd, "an action and a target (and a value for fill, type, press; options for select; files for upload; a second target for drag), or one Playwright line")
			}
			if err := req.Validate(); err != nil {
				return nil, usageError{err.Error()}
			}
			if req.Action == "upload" {
				for _, f := range req.Values {
					if st, err := os.Stat(f); err != nil || !st.Mode().IsRegular() {
						return nil, usagef("pw upload: %s is not a file here (%s); nothing was uploaded", f, e.target.Dir)
					}
				}
			}
			return e.client().Pw(ctx, req)
		}),
	}
}

// historyCommand is back, forward or reload: a page-level Playwright
// line through pw, proven like any action.
func historyCommand(stdout, stderr io.Writer, name, method, usage string) *cli.Command {
	return &cli.Command{
		Name:  name,
		Usage: usage,
		Action: envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
			if cmd.Args().Len() != 0 {
				return nil, wrongArgs(cmd, "no arguments")
			}
			env, err := e.client().Pw(ctx, wire.PwRequest{Target: e.target, Line: "page." + method + "()"})
			if env != nil {
				env.Command = name
			}
			return env, err
		}),
	}
}

func tabCommand(stdout, stderr io.Writer) *cli.Command {
	tab := func(op string, args string, build func(cmd *cli.Command) (wire.TabRequest, error)) *cli.Command {
		return &cli.Command{
			Name:      op,
			ArgsUsage: args,
			Action: envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
				req, err := build(cmd)
				if err != nil {
					return nil, err
				}
				req.Target, req.Op = e.target, op
				return e.client().Tab(ctx, req)
			}),
		}
	}
	index := func(cmd *cli.Command, required bool) (int, error) {
		switch cmd.Args().Len() {
		case 0:
			if required {
				return 0, wrongArgs(cmd, "a tab number, as prima tab list prints it")
			}
			return 0, nil
		case 1:
			n, err := strconv.Atoi(cmd.Args().First())
			if err != nil || n < 1 {
				return 0, usagef("tab %s: %q is not a tab number (1, 2, … as prima tab list prints them)", cmd.Name, cmd.Args().First())
			}
			return n, nil
		}
		return 0, wrongArgs(cmd, "one tab number")
	}
	return &cli.Command{
		Name:  "tab",
		Usage: "List, open, select and close the tabs; prima acts on the selected one",
		Commands: []*cli.Command{
			tab("list", "", func(cmd *cli.Command) (wire.TabRequest, error) {
				if cmd.Args().Len() != 0 {
					return wire.TabRequest{}, wrongArgs(cmd, "no arguments")
				}
				return wire.TabRequest{}, nil
			}),
			tab("new", "[URL]", func(cmd *cli.Command) (wire.TabRequest, error) {
				if cmd.Args().Len() > 1 {
					return wire.TabRequest{}, wrongArgs(cmd, "at most one URL")
				}
				return wire.TabRequest{URL: cmd.Args().First()}, nil
			}),
			tab("select", "N", func(cmd *cli.Command) (wire.TabRequest, error) {
				n, err := index(cmd, true)
				return wire.TabRequest{Index: n}, err
			}),
			tab("close", "[N]", func(cmd *cli.Command) (wire.TabRequest, error) {
				n, err := index(cmd, false)
				return wire.TabRequest{Index: n}, err
			}),
		},
	}
}

func evalCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "eval",
		Usage:     "Run a JavaScript expression or function in the page (on TARGET's element when given); the result is capped at 2 KB",
		ArgsUsage: "JS [TARGET]",
		Action: envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
			args := cmd.Args().Slice()
			if len(args) < 1 || len(args) > 2 || strings.TrimSpace(args[0]) == "" {
				return nil, wrongArgs(cmd, "a JavaScript expression, and optionally a TARGET")
			}
			req := wire.EvalRequest{Target: e.target, JS: args[0]}
			if len(args) == 2 {
				req.Ref = args[1]
			}
			return e.client().Eval(ctx, req)
		}),
	}
}

func consoleCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:  "console",
		Usage: "Show the console messages since the previous console command",
		Flags: []cli.Flag{&cli.BoolFlag{Name: "errors", Usage: "only errors"}},
		Action: envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
			if cmd.Args().Len() != 0 {
				return nil, wrongArgs(cmd, "no arguments")
			}
			return e.client().Console(ctx, wire.ConsoleRequest{Target: e.target, Errors: cmd.Bool("errors")})
		}),
	}
}

func exportCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:  "export",
		Usage: "Print the session's proven actions as a @playwright/test spec (expects from proven Changes and verify passes)",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "out", Usage: "write the spec to FILE instead of printing it"},
			&cli.IntFlag{Name: "since", Usage: "only the last N steps"},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			e := readEnv(cmd, stdout, stderr)
			if cmd.Args().Len() != 0 {
				return e.fail(wrongArgs(cmd, "no arguments (--out FILE, --since N)"))
			}
			ctx, cancel := e.ctx(ctx)
			defer cancel()
			env, err := e.client().Export(ctx, wire.ExportRequest{Target: e.target, Since: int(cmd.Int("since"))})
			if err != nil {
				return e.fail(err)
			}
			if !env.OK || e.json {
				return e.printEnvelope(env)
			}
			out := cmd.String("out")
			if out == "" {
				fmt.Fprint(stdout, env.Answer)
				return nil
			}
			if err := os.WriteFile(out, []byte(env.Answer), 0o644); err != nil {
				return e.fail(err)
			}
			abs, _ := filepath.Abs(out)
			fmt.Fprintf(stdout, "wrote %s (%d lines); run it with: npx playwright test %s\n", abs, strings.Count(env.Answer, "\n"), filepath.Base(out))
			return nil
		},
	}
}

func screenshotCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "screenshot",
		Usage:     "Write a PNG of the page (--full: all of it) or of one element into the artifacts folder",
		ArgsUsage: "[TARGET]",
		Flags:     []cli.Flag{&cli.BoolFlag{Name: "full", Usage: "the whole scrollable page"}},
		Action: envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
			if cmd.Args().Len() > 1 {
				return nil, wrongArgs(cmd, "at most one TARGET")
			}
			return e.client().Screenshot(ctx, wire.ScreenshotRequest{Target: e.target, Ref: cmd.Args().First(), Full: cmd.Bool("full")})
		}),
	}
}

func waitCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "wait",
		Usage:     "Wait (bounded by --timeout) for a text, for a text to go, or for a duration, and report the Changes",
		ArgsUsage: "text TEXT | gone TEXT | DURATION (like 1500ms)",
		Action: envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
			args := cmd.Args().Slice()
			req := wire.WaitRequest{Target: e.target}
			switch {
			case len(args) == 2 && (args[0] == "text" || args[0] == "gone"):
				if strings.TrimSpace(args[1]) == "" {
					return nil, usagef("wait %s needs a text", args[0])
				}
				req.Text, req.Gone = args[1], args[0] == "gone"
			case len(args) == 1:
				d, err := time.ParseDuration(args[0])
				if err != nil || d <= 0 {
					return nil, usagef("wait: %q is not a duration (like 1500ms or 2s), nor text TEXT / gone TEXT", args[0])
				}
				if d >= e.timeout {
					return nil, usagef("wait %s is not shorter than --timeout %s", d, e.timeout)
				}
				req.MS = d.Milliseconds()
			default:
				return nil, wrongArgs(cmd, "text TEXT, gone TEXT, or a DURATION")
			}
			return e.client().Wait(ctx, req)
		}),
	}
}

func doCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "do",
		Usage:     "Perform natural-language instructions, exactly these and in order, proving each",
		ArgsUsage: "INSTRUCTION [INSTRUCTION...]",
		Description: "One instruction per argument, e.g.\n" +
			"  prima do \"fill Name with Ada\" \"click the Save button\"\n" +
			"Literal instructions (click, fill … with, type … into, select … from, check, uncheck,\n" +
			"hover, press KEY [in …], clear, go to URL) need no model.",
		Action: envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
			args := cmd.Args().Slice()
			if len(args) == 0 {
				return nil, wrongArgs(cmd, "at least one instruction")
			}
			for i, a := range args {
				if strings.TrimSpace(a) == "" {
					return nil, usagef("instruction %d is empty", i+1)
				}
			}
			cfg, err := e.config()
			if err != nil {
				return nil, err
			}
			return e.client().Do(ctx, wire.DoRequest{Target: e.target, Instructions: args, Config: cfg})
		}),
	}
}

func goCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "go",
		Usage:     "Navigate to a URL or a path relative to the current page, and confirm arrival",
		ArgsUsage: "URL|/path",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "allow-scheme", Usage: "allow schemes other than http and https (file:, data:, …)"},
		},
		Action: envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
			if cmd.Args().Len() != 1 {
				return nil, wrongArgs(cmd, "one URL or path")
			}
			target := cmd.Args().First()
			cfg, err := e.config()
			if err != nil {
				return nil, err
			}
			return e.client().Go(ctx, wire.GoRequest{Target: e.target, URL: target, AllowSchemes: cmd.Bool("allow-scheme"), Config: cfg})
		}),
	}
}

func verifyCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "Check a claim about the page: passed, failed, or inexpressible (exit 0, 1, 3)",
		ArgsUsage: "CLAIM",
		Description: "Claims the page can answer: text visible or not (\"Profile saved\" is visible),\n" +
			"element states (the Save button is enabled|disabled, the Agree checkbox is checked,\n" +
			"the Details button is expanded, the History tab is selected), field values, title, URL.",
		Action: envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
			text := strings.TrimSpace(strings.Join(cmd.Args().Slice(), " "))
			if text == "" {
				return nil, wrongArgs(cmd, "one claim")
			}
			cfg, err := e.config()
			if err != nil {
				return nil, err
			}
			return e.client().Verify(ctx, wire.VerifyRequest{Target: e.target, Claim: text, Config: cfg})
		}),
	}
}

func researchCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:  "research",
		Usage: "Build and store the UI map of the current page state (do prefers it from the third visit)",
		Action: envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
			if cmd.Args().Len() != 0 {
				return nil, wrongArgs(cmd, "no arguments")
			}
			return e.client().Research(ctx, e.target)
		}),
	}
}

func dialogCommand(stdout, stderr io.Writer) *cli.Command {
	answer := func(accept bool) cli.ActionFunc {
		return envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
			if !accept && cmd.Args().Len() != 0 {
				return nil, wrongArgs(cmd, "no arguments")
			}
			if cmd.Args().Len() > 1 {
				return nil, wrongArgs(cmd, "at most one TEXT (quote it)")
			}
			return e.client().Dialog(ctx, wire.DialogRequest{Target: e.target, Accept: accept, Text: cmd.Args().First()})
		})
	}
	return &cli.Command{
		Name:  "dialog",
		Usage: "Answer the dialog that is open (alert, confirm, prompt, beforeunload)",
		Commands: []*cli.Command{
			{Name: "accept", Usage: "Accept it; TEXT answers a prompt", ArgsUsage: "[TEXT]", Action: answer(true)},
			{Name: "dismiss", Usage: "Dismiss it (Cancel)", Action: answer(false)},
		},
	}
}

func snapshotCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "snapshot",
		Usage:     "Show the page with refs (compact ARIA), or as compact markup with --html",
		ArgsUsage: "[REF]",
		Description: "A big page is outlined within a byte budget: long lists and deep parts collapse into one line\n" +
			"each that says how many elements it holds and the command that lists them.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "html", Usage: "compact markup instead of the ARIA tree"},
			&cli.StringFlag{Name: "grep", Usage: "only the elements whose line holds `TEXT`, with their ancestors and subtrees"},
			&cli.IntFlag{Name: "depth", Usage: "show `N` levels (0: all)"},
			&cli.BoolFlag{Name: "full", Usage: "everything, past the byte budget"},
		},
		Action: envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
			if cmd.Args().Len() > 1 {
				return nil, wrongArgs(cmd, "at most one REF")
			}
			return e.client().Snapshot(ctx, wire.SnapshotRequest{Target: e.target, HTML: cmd.Bool("html"),
				Ref: cmd.Args().First(), Grep: cmd.String("grep"), Depth: int(cmd.Int("depth")), Full: cmd.Bool("full")})
		}),
	}
}

func browserCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:  "browser",
		Usage: "Open, list and close browsers",
		Commands: []*cli.Command{
			{
				Name:      "open",
				Usage:     "Start a prima-owned Chromium, optionally at a URL",
				ArgsUsage: "[URL]",
				Flags:     []cli.Flag{&cli.BoolFlag{Name: "headed", Usage: "show the window"}},
				Action: func(ctx context.Context, cmd *cli.Command) error {
					e := readEnv(cmd, stdout, stderr)
					if cmd.Args().Len() > 1 {
						return e.fail(wrongArgs(cmd, "at most one URL"))
					}
					ctx, cancel := e.ctx(ctx)
					defer cancel()
					req := wire.OpenRequest{Target: e.target, URL: cmd.Args().First(), Headed: cmd.Bool("headed")}
					if req.Endpoint == "" {
						path, err := e.browser(ctx)
						if err != nil {
							return e.fail(err)
						}
						req.BrowserPath = path
					}
					resp, err := e.client().Open(ctx, req)
					if err != nil {
						return e.fail(err)
					}
					if req.Endpoint == "" && e.target.PwSession == "" {
						e.noteSessionFirst(ctx, resp.Instance.Name)
					}
					if resp.Envelope != nil {
						return e.printEnvelope(resp.Envelope)
					}
					if e.json {
						e.printJSON(resp.Instance)
					} else {
						fmt.Fprintf(e.stdout, "opened prima-owned Chromium: instance %s\n", resp.Instance.Name)
					}
					return nil
				},
			},
			{
				Name:  "list",
				Usage: "List attachable browsers (live or stale) and the instances the daemon holds",
				Action: func(ctx context.Context, cmd *cli.Command) error {
					e := readEnv(cmd, stdout, stderr)
					if cmd.Args().Len() != 0 {
						return e.fail(wrongArgs(cmd, "no arguments"))
					}
					ctx, cancel := e.ctx(ctx)
					defer cancel()
					resp, err := e.client().List(ctx, wire.ListRequest{Target: e.target})
					if err != nil {
						return e.fail(err)
					}
					if e.json {
						e.printJSON(resp)
						return nil
					}
					printList(e.stdout, resp)
					return nil
				},
			},
			{
				Name:  "close",
				Usage: "Close the target browser (an attached session is only disconnected)",
				Action: func(ctx context.Context, cmd *cli.Command) error {
					e := readEnv(cmd, stdout, stderr)
					if cmd.Args().Len() != 0 {
						return e.fail(wrongArgs(cmd, "no arguments"))
					}
					ctx, cancel := e.ctx(ctx)
					defer cancel()
					in, err := e.client().Close(ctx, wire.CloseRequest{Target: e.target})
					if err != nil {
						return e.fail(err)
					}
					if e.json {
						e.printJSON(in)
					} else if in.Kind == "owned" {
						fmt.Fprintf(e.stdout, "closed instance %s\n", in.Name)
					} else {
						fmt.Fprintf(e.stdout, "disconnected from %s (the session keeps running)\n", in.Name)
					}
					return nil
				},
			},
		},
	}
}

// noteSessionFirst says, on stderr, when a live playwright-cli session
// comes before the browser just opened in the attach order: later
// commands without --instance go there.
func (e *env) noteSessionFirst(ctx context.Context, instance string) {
	resp, err := e.client().List(ctx, wire.ListRequest{Target: e.target})
	if err != nil {
		return
	}
	var live []string
	for _, b := range resp.Browsers {
		if b.Status == "live" {
			live = append(live, b.Title)
		}
	}
	first := ""
	switch {
	case slices.Contains(live, "default"):
		first = "default"
	case len(live) == 1:
		first = live[0]
	}
	if first != "" {
		fmt.Fprintf(e.stderr, "note: later commands attach to the live playwright-cli session %q, not to this browser; add --instance %s to act here\n", first, instance)
	}
}

func printList(w io.Writer, resp *wire.ListResponse) {
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, "TITLE\tSTATUS\tVERSION\tENDPOINT")
	for _, b := range resp.Browsers {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", b.Title, b.Status, b.Version, b.Endpoint)
	}
	if len(resp.Browsers) == 0 {
		fmt.Fprintln(tw, "(no playwright-cli session or browser server found)\t\t\t")
	}
	tw.Flush()
	if len(resp.Instances) > 0 {
		fmt.Fprintln(w)
		tw = tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
		fmt.Fprintln(tw, "INSTANCE\tKIND\tCONNECTED\tURL")
		for _, in := range resp.Instances {
			fmt.Fprintf(tw, "%s\t%s\t%t\t%s\n", in.Name, in.Kind, in.Connected, in.URL)
		}
		tw.Flush()
	}
}

func daemonCommand(stdout, stderr io.Writer, newBackend NewBackend) *cli.Command {
	return &cli.Command{
		Name:  "daemon",
		Usage: "Run, stop or inspect the daemon (other commands start it on demand)",
		Commands: []*cli.Command{
			{
				Name:  "run",
				Usage: "Serve in the foreground",
				Flags: []cli.Flag{&cli.DurationFlag{Name: "idle", Value: daemon.DefaultIdle, Usage: "exit after this long without a request", Sources: cli.EnvVars("PRIMA_IDLE")}},
				Action: func(ctx context.Context, cmd *cli.Command) error {
					e := readEnv(cmd, stdout, stderr)
					ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
					defer stop()
					logger := newLogger(stderr)
					s := &daemon.Server{Home: e.home, Idle: cmd.Duration("idle"), Log: logger, Backend: newBackend(e.home, logger)}
					err := s.Run(ctx)
					if errors.Is(err, daemon.ErrRunning) {
						fmt.Fprintln(stderr, "prima: a daemon is already running for", e.home)
						return nil
					}
					if err != nil {
						return e.fail(err)
					}
					return nil
				},
			},
			{
				Name:  "stop",
				Usage: "Stop the daemon (owned browsers close, attached sessions keep running)",
				Action: func(ctx context.Context, cmd *cli.Command) error {
					e := readEnv(cmd, stdout, stderr)
					if cmd.Args().Len() != 0 {
						return e.fail(wrongArgs(cmd, "no arguments"))
					}
					c := &client.Client{Home: e.home}
					ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
					defer cancel()
					resp, err := c.Stop(ctx)
					if errors.Is(err, client.ErrNoDaemon) {
						fmt.Fprintln(e.stdout, "no daemon running")
						return nil
					}
					if err != nil {
						return e.fail(err)
					}
					fmt.Fprintf(e.stdout, "stopped daemon %d\n", resp.PID)
					return nil
				},
			},
			{
				Name:  "status",
				Usage: "Say whether the daemon runs, and what it holds",
				Action: func(ctx context.Context, cmd *cli.Command) error {
					e := readEnv(cmd, stdout, stderr)
					if cmd.Args().Len() != 0 {
						return e.fail(wrongArgs(cmd, "no arguments"))
					}
					c := &client.Client{Home: e.home}
					ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
					defer cancel()
					resp, err := c.Status(ctx)
					if errors.Is(err, client.ErrNoDaemon) {
						fmt.Fprintln(e.stdout, "no daemon running")
						return exitError{exitNotOK}
					}
					if err != nil {
						return e.fail(err)
					}
					if e.json {
						e.printJSON(resp)
						return nil
					}
					fmt.Fprintf(e.stdout, "daemon %d on %s, up %s, %d instance(s)\n", resp.PID, resp.Socket,
						(time.Duration(resp.UptimeMS) * time.Millisecond).Round(time.Second), len(resp.Instances))
					return nil
				},
			},
		},
	}
}
