package cmdline

import (
	"context"
	"io"
	"strconv"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/wire"
)

func tabCommand(stdout, stderr io.Writer) *cli.Command {
	tab := func(op string, args string, build func(cmd *cli.Command) (wire.TabRequest, error)) *cli.Command {
		return &cli.Command{
			Name:      op,
			ArgsUsage: args,
			Action: envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
				req, err := build(cmd)
				if err != nil {
					return nil, err
				}
				req.Target, req.Op = e.target, op
				return e.client().Tab(ctx, req)
			}),
		}
	}
	index := func(cmd *cli.Command, required bool) (int, error) {
		switch cmd.Args().Len() {
		case 0:
			if required {
				return 0, wrongArgs(cmd, "a tab number, as prima tab list prints it")
			}
			return 0, nil
		case 1:
			n, err := strconv.Atoi(cmd.Args().First())
			if err != nil || n < 1 {
				return 0, usagef("tab %s: %q is not a tab number (1, 2, … as prima tab list prints them)", cmd.Name, cmd.Args().First())
			}
			return n, nil
		}
		return 0, wrongArgs(cmd, "one tab number")
	}
	return &cli.Command{
		Name:  "tab",
		Usage: "List, open, select and close the tabs; prima acts on the selected one",
		Commands: []*cli.Command{
			tab("list", "", func(cmd *cli.Command) (wire.TabRequest, error) {
				if cmd.Args().Len() != 0 {
					return wire.TabRequest{}, wrongArgs(cmd, "no arguments")
				}
				return wire.TabRequest{}, nil
			}),
			tab("new", "[URL]", func(cmd *cli.Command) (wire.TabRequest, error) {
				if cmd.Args().Len() > 1 {
					return wire.TabRequest{}, wrongArgs(cmd, "at most one URL")
				}
				return wire.TabRequest{URL: cmd.Args().First()}, nil
			}),
			tab("select", "N", func(cmd *cli.Command) (wire.TabRequest, error) {
				n, err := index(cmd, true)
				return wire.TabRequest{Index: n}, err
			}),
			tab("close", "[N]", func(cmd *cli.Command) (wire.TabRequest, error) {
				n, err := index(cmd, false)
				return wire.TabRequest{Index: n}, err
			}),
		},
	}
}
