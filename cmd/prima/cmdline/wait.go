package cmdline

import (
	"context"
	"io"
	"strings"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/wire"
)

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
