package cmdline

import (
	"context"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/envelope"
)

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
