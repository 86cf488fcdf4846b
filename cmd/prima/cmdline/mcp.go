package cmdline

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/urfave/cli/v3"

	primamcp "github.com/prima-dev/prima/prima/mcp"
)

// mcpCommand serves the commands as MCP tools over stdio. The global
// flags choose the browser for every call, as they do for one command:
// --home, --endpoint, --pw-session (PLAYWRIGHT_CLI_SESSION), --instance,
// --timeout (each call's deadline) and --secret (PRIMA_SECRET_NAME).
func mcpCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:  "mcp",
		Usage: "Serve prima's commands as MCP tools over stdio (for Claude, Cursor, VS Code, agent frameworks)",
		Description: "Speaks the Model Context Protocol on stdin/stdout; logs go to stderr.\n" +
			"The global flags apply to every tool call: --home, --endpoint, --pw-session, --instance,\n" +
			"--timeout (each call's deadline) and --secret. Dialogs are answered with the dialog tool.",
		Action: func(ctx context.Context, cmd *cli.Command) error {
			e := readEnv(cmd, stdout, stderr)
			if cmd.Args().Len() != 0 {
				return e.fail(wrongArgs(cmd, "no arguments"))
			}
			if e.timeout <= 0 {
				return e.fail(usagef("--timeout must be positive, like 30s (got %s)", e.timeout))
			}
			if e.target.Dialog != "" {
				return e.fail(usagef("prima mcp takes no --dialog: it would answer every dialog of every call; the model answers each with the dialog tool"))
			}
			ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
			defer stop()
			s := primamcp.New(primamcp.Options{
				Client:  e.client(),
				Target:  e.target,
				Config:  e.config,
				Browser: e.browser,
				Version: Version,
			})
			if err := s.Run(ctx, primamcp.Stdio(os.Stdin, stdout)); err != nil {
				return e.fail(err)
			}
			return nil
		},
	}
}
