package cmdline

import (
	"context"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/pwline"
	"github.com/prima-dev/prima/prima/wire"
)

func pwCommand(stdout, stderr io.Writer) *cli.Command {
	return &cli.Command{
		Name:      "pw",
		Usage:     "Do one direct action on a ref or a Playwright selector, with no AI and no healing",
		ArgsUsage: "ACTION TARGET [VALUE...] | press KEY | \"page.getByRole('button', { name: 'Save' }).click()\"",
		Description: "ACTION is one of " + strings.Join(pwline.ActionNames(), ", ") + ".\n" +
			"TARGET is a ref from a snapshot (e5, f1e3) or any Playwright selector.\n" +
			"select takes one or more options, upload one or more files, drag a second TARGET.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "button", Usage: "click with this mouse button: left, right or middle"},
			&cli.StringFlag{Name: "modifiers", Usage: "hold these keys during the click: Shift,Control,Alt,Meta"},
			&cli.IntFlag{Name: "count", Usage: "click this many times (1-10)"},
		},
		Action: envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
			args := cmd.Args().Slice()
			req := wire.PwRequest{Target: e.target, Button: cmd.String("button"), Count: int(cmd.Int("count"))}
			if m := cmd.String("modifiers"); m != "" {
				for _, k := range strings.Split(m, ",") {
					req.Modifiers = append(req.Modifiers, strings.TrimSpace(k))
				}
			}
			switch {
			case len(args) == 1 && strings.Contains(args[0], "page."):
				req.Line = args[0]
			case len(args) >= 2:
				req.Action, req.Ref, req.Values = args[0], args[1], args[2:]
			default:
				return nil, wrongArgs(cmd, "an action and a target (and a value for fill, type, press; options for select; files for upload; a second target for drag), or one Playwright line")
			}
			if err := req.Validate(); err != nil {
				return nil, usageError{err.Error()}
			}
			if req.Action == "upload" {
				for _, f := range req.Values {
					if st, err := os.Stat(f); err != nil || !st.Mode().IsRegular() {
						return nil, usagef("pw upload: %s is not a file here (%s); nothing was uploaded", f, e.target.Dir)
					}
				}
			}
			return e.client().Pw(ctx, req)
		}),
	}
}
