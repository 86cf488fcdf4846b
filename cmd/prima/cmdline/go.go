package cmdline

import (
	"context"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/wire"
)

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
