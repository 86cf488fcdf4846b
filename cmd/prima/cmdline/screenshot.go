package cmdline

import (
	"context"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/wire"
)

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
