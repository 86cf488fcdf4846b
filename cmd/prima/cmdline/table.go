package cmdline

import (
	"context"
	"errors"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/wire"
)

// tableCommands are the subcommands of the command table (wire.Commands):
// their words and flags from the command's params, decoded into its
// request by the table, and run by the one client call.
func tableCommands(stdout, stderr io.Writer) []*cli.Command {
	var out []*cli.Command
	for _, c := range wire.Commands() {
		out = append(out, tableCommand(c, stdout, stderr))
	}
	return out
}

func tableCommand(c wire.Command, stdout, stderr io.Writer) *cli.Command {
	var flags []cli.Flag
	for _, p := range c.Params {
		switch {
		case p.Word:
		case p.Kind == wire.KindBool:
			flags = append(flags, &cli.BoolFlag{Name: p.Flag(), Aliases: aliases(p), Usage: p.Help})
		case p.Kind == wire.KindInt:
			flags = append(flags, &cli.IntFlag{Name: p.Flag(), Aliases: aliases(p), Usage: p.Help})
		case p.Kind == wire.KindWords:
			flags = append(flags, &cli.StringSliceFlag{Name: p.Flag(), Aliases: aliases(p), Usage: p.Help})
		default:
			flags = append(flags, &cli.StringFlag{Name: p.Flag(), Aliases: aliases(p), Usage: p.Help})
		}
	}
	return &cli.Command{
		Name:        c.Name,
		Usage:       c.Usage,
		Description: c.Detail,
		ArgsUsage:   c.ArgsUsage(),
		Flags:       flags,
		Action: envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
			values := map[string]any{}
			if err := c.Words(cmd.Args().Slice(), values); err != nil {
				return nil, cliUsage(c, err)
			}
			for _, p := range c.Params {
				if p.Word || !cmd.IsSet(p.Flag()) {
					continue
				}
				switch p.Kind {
				case wire.KindBool:
					values[p.Key] = cmd.Bool(p.Flag())
				case wire.KindInt:
					values[p.Key] = cmd.Int(p.Flag())
				case wire.KindWords:
					values[p.Key] = cmd.StringSlice(p.Flag())
				default:
					values[p.Key] = cmd.String(p.Flag())
				}
			}
			req, err := c.Decode(values, e.target)
			if err != nil {
				return nil, cliUsage(c, err)
			}
			if err := wire.Configure(req, e.config); err != nil {
				return nil, err
			}
			e.raw = c.Raw
			return e.client().Run(ctx, req)
		}),
	}
}

func aliases(p wire.Param) []string {
	if p.Alias == "" {
		return nil
	}
	return []string{p.Alias}
}

// cliUsage is the table's usage error as the CLI's (exit 2), after the
// command's name.
func cliUsage(c wire.Command, err error) error {
	var ue *wire.UsageError
	if errors.As(err, &ue) {
		return usagef("%s", c.Explain(ue.Msg))
	}
	return err
}
