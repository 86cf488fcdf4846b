package cmdline

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"

	"github.com/urfave/cli/v3"

	primamcp "github.com/prima-dev/prima/prima/mcp"
	"github.com/prima-dev/prima/prima/wire"
)

func browserCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:  "browser",
		Usage: "Open, list and close browsers",
		Commands: []*cli.Command{
			{
				Name:      "open",
				Usage:     "Start a prima-owned Chromium, optionally at a URL",
				ArgsUsage: "[URL]",
				Flags: []cli.Flag{&cli.BoolFlag{Name: "headed", Usage: "show the window"},
					&cli.StringFlag{Name: "profile", Usage: "DIR: keep the browser's profile (cookies, storage, logins) in this folder from one launch to the next"}},
				Action: func(ctx context.Context, cmd *cli.Command) error {
					e := readEnv(cmd, stdout, stderr)
					if cmd.Args().Len() > 1 {
						return e.fail(wrongArgs(cmd, "at most one URL"))
					}
					ctx, cancel := e.ctx(ctx)
					defer cancel()
					req := wire.OpenRequest{Target: e.target, URL: cmd.Args().First(), Headed: cmd.Bool("headed")}
					if p := cmd.String("profile"); p != "" {
						abs, err := filepath.Abs(p)
						if err != nil {
							return e.fail(usagef("--profile %q: %v", p, err))
						}
						req.Profile = abs
					}
					if req.Endpoint == "" {
						path, err := e.browser(ctx, req.Headed)
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
				Action: answerAction(stdout, stderr, func(ctx context.Context, e *env) (*wire.ListResponse, error) {
					return e.client().List(ctx, wire.ListRequest{Target: e.target})
				}, func(e *env, resp *wire.ListResponse) {
					primamcp.WriteList(e.stdout, resp)
				}),
			},
			{
				Name:  "close",
				Usage: "Close the target browser (an attached session is only disconnected)",
				Action: answerAction(stdout, stderr, func(ctx context.Context, e *env) (*wire.Instance, error) {
					return e.client().Close(ctx, wire.CloseRequest{Target: e.target})
				}, func(e *env, in *wire.Instance) {
					if in.Kind == "owned" {
						fmt.Fprintf(e.stdout, "closed instance %s\n", in.Name)
					} else {
						fmt.Fprintf(e.stdout, "disconnected from %s (the session keeps running)\n", in.Name)
					}
				}),
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
