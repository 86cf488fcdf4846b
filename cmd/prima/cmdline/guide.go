package cmdline

import (
	"context"
	_ "embed"
	"fmt"
	"io"

	"github.com/urfave/cli/v3"
)

// agentsGuide is the usage guide an orchestrator loads into its prompt.
//
//go:embed guide/agents.md
var agentsGuide string

func helpCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:  "help",
		Usage: "Show help; `prima help CMD` a command's own; `prima help agents` the usage guide for orchestrator models",
		Commands: []*cli.Command{{
			Name:  "agents",
			Usage: "The usage guide for orchestrator models (short enough for a system prompt)",
			Action: func(ctx context.Context, cmd *cli.Command) error {
				fmt.Fprint(stdout, agentsGuide)
				return nil
			},
		}},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			if name := cmd.Args().First(); name != "" {
				if cmd.Root().Command(name) == nil {
					return usagef("prima help: no command %q (prima help lists them)", name)
				}
				return cli.ShowCommandHelp(ctx, cmd.Root(), name)
			}
			return cli.ShowRootCommandHelp(cmd.Root())
		},
	}
}
