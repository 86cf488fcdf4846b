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
		Usage: "Show help; `prima help agents` prints the usage guide for orchestrator models",
		Commands: []*cli.Command{{
			Name:  "agents",
			Usage: "The usage guide for orchestrator models (short enough for a system prompt)",
			Action: func(ctx context.Context, cmd *cli.Command) error {
				fmt.Fprint(stdout, agentsGuide)
				return nil
			},
		}},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			return cli.ShowRootCommandHelp(cmd.Root())
		},
	}
}
