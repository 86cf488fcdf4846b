package cmdline

import (
	"context"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/wire"
)

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
			&cli.BoolFlag{Name: "interactive", Aliases: []string{"i"}, Usage: "only the elements a user can act on, with their refs (the cheapest look; --grep narrows it)"},
		},
		Action: envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
			if cmd.Args().Len() > 1 {
				return nil, wrongArgs(cmd, "at most one REF")
			}
			return e.client().Snapshot(ctx, wire.SnapshotRequest{Target: e.target, HTML: cmd.Bool("html"),
				Ref: cmd.Args().First(), Grep: cmd.String("grep"), Depth: int(cmd.Int("depth")), Full: cmd.Bool("full"), Interactive: cmd.Bool("interactive")})
		}),
	}
}
