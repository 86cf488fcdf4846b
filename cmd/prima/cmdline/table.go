package cmdline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/wire"
)

// tableCommands are the subcommands of the command table (wire.Commands):
// their words and flags from the command's params, decoded into its
// request by the table, and run by the one client call. A two-word
// command is a subcommand of its group's word (browser open). Only the
// commands word names are built, when it names any: else all are, since
// the root's help and completion list them (a word being completed may
// name none).
func tableCommands(stdout, stderr io.Writer, word string) []*cli.Command {
	var out []*cli.Command
	groups := map[string]*cli.Command{}
	for _, c := range wire.Commands() {
		if word != "" && c.Name != word && !strings.HasPrefix(c.Name, word+" ") {
			continue
		}
		g, _ := c.Group()
		if g == "" {
			// A command may also be its group (goal, goal run): the
			// table sorts it first.
			groups[c.Name] = tableCommand(c, stdout, stderr)
			out = append(out, groups[c.Name])
			continue
		}
		if groups[g] == nil {
			groups[g] = &cli.Command{Name: g, Usage: wire.Groups[g]}
			out = append(out, groups[g])
		}
		groups[g].Commands = append(groups[g].Commands, tableCommand(c, stdout, stderr))
	}
	if len(out) == 0 && word != "" {
		return tableCommands(stdout, stderr, "")
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
		case p.Kind == wire.KindWords || p.Kind == wire.KindPairs:
			flags = append(flags, &cli.StringSliceFlag{Name: p.Flag(), Aliases: aliases(p), Usage: p.Help})
		default:
			flags = append(flags, &cli.StringFlag{Name: p.Flag(), Aliases: aliases(p), Usage: p.Help})
		}
	}
	_, word := c.Group()
	return &cli.Command{
		Name:        word,
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
				case wire.KindWords, wire.KindPairs:
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
			if err := wire.Locate(ctx, req, e.browser); err != nil {
				return nil, err
			}
			e.raw = c.Raw
			env, answer, err := e.client().Run(ctx, req)
			if answer == nil || err != nil {
				return env, err
			}
			return e.printAnswer(answer)
		}),
	}
}

// printAnswer prints a command's Answer (as JSON with --json), or the
// envelope it carries, and its note on stderr.
func (e *env) printAnswer(a wire.Answer) (*envelope.Envelope, error) {
	if n, ok := a.(wire.Noter); ok && n.Note() != "" {
		fmt.Fprintf(e.stderr, "note: %s\n", n.Note())
	}
	if c, ok := a.(wire.Carrier); ok && c.Carried() != nil {
		return c.Carried(), nil
	}
	if e.json {
		e.printJSON(a)
	} else {
		fmt.Fprint(e.stdout, a.Text())
	}
	e.answered = true
	return nil, nil
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
