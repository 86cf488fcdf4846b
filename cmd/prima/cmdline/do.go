package cmdline

import (
	"context"
	"io"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/wire"
)

func doCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "do",
		Usage:     "Perform natural-language instructions, exactly these and in order, proving each",
		ArgsUsage: "INSTRUCTION [INSTRUCTION...]",
		Description: "One instruction per argument, e.g.\n" +
			"  prima do \"fill Name with Ada\" \"click the Save button\"\n" +
			"Literal instructions (click, fill … with, type … into, select … from, check, uncheck,\n" +
			"hover, press KEY [in …], clear, go to URL) need no model.",
		Action: envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
			args := cmd.Args().Slice()
			if len(args) == 0 {
				return nil, wrongArgs(cmd, "at least one instruction")
			}
			for i, a := range args {
				if strings.TrimSpace(a) == "" {
					return nil, usagef("instruction %d is empty", i+1)
				}
			}
			cfg, err := e.config()
			if err != nil {
				return nil, err
			}
			return e.client().Do(ctx, wire.DoRequest{Target: e.target, Instructions: args, Config: cfg})
		}),
	}
}
