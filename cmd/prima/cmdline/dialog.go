package cmdline

import (
	"context"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/wire"
)

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
