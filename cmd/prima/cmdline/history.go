package cmdline

import (
	"context"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/wire"
)

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
