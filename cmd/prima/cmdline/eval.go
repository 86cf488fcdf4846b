package cmdline

import (
	"context"
	"io"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/wire"
)

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
