package cmdline

import (
	"context"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/wire"
)

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
