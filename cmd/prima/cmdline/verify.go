package cmdline

import (
	"context"
	"io"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/wire"
)

func verifyCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "Check a claim about the page: passed, failed, or inexpressible (exit 0, 1, 3)",
		ArgsUsage: "CLAIM",
		Description: "Claims the page can answer: text visible or not (\"Profile saved\" is visible),\n" +
			"element states (the Save button is enabled|disabled, the Agree checkbox is checked,\n" +
			"the Details button is expanded, the History tab is selected), field values, title, URL.\n" +
			"Inexpressible (exit 3, ok: false, code inexpressible): no assertion can express the claim,\n" +
			"so the claim was not checked, which says nothing of whether it is true.",
		Action: envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
			text := strings.TrimSpace(strings.Join(cmd.Args().Slice(), " "))
			if text == "" {
				return nil, wrongArgs(cmd, "one claim")
			}
			cfg, err := e.config()
			if err != nil {
				return nil, err
			}
			return e.client().Verify(ctx, wire.VerifyRequest{Target: e.target, Claim: text, Config: cfg})
		}),
	}
}
