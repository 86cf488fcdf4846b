package cmdline

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/prima/wire"
)

func exportCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:  "export",
		Usage: "Print the session's proven actions as a @playwright/test spec (expects from proven Changes and verify passes)",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "out", Usage: "write the spec to FILE instead of printing it"},
			&cli.IntFlag{Name: "since", Usage: "only the last N steps"},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			e := readEnv(cmd, stdout, stderr)
			if cmd.Args().Len() != 0 {
				return e.fail(wrongArgs(cmd, "no arguments (--out FILE, --since N)"))
			}
			ctx, cancel := e.ctx(ctx)
			defer cancel()
			env, err := e.client().Export(ctx, wire.ExportRequest{Target: e.target, Since: int(cmd.Int("since"))})
			if err != nil {
				return e.fail(err)
			}
			if !env.OK || e.json {
				return e.printEnvelope(env)
			}
			out := cmd.String("out")
			if out == "" {
				fmt.Fprint(stdout, env.Answer)
				return nil
			}
			if err := os.WriteFile(out, []byte(env.Answer), 0o644); err != nil {
				return e.fail(err)
			}
			abs, _ := filepath.Abs(out)
			fmt.Fprintf(stdout, "wrote %s (%d lines); run it with: npx playwright test %s\n", abs, strings.Count(env.Answer, "\n"), filepath.Base(out))
			return nil
		},
	}
}
