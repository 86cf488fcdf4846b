package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/prima/wire"
)

// addDialogTool registers the dialog tool.
func (s *Server) addDialogTool() {
	c := s.o.Client
	add(s, &sdk.Tool{
		Name: "dialog",
		Description: "Answer the dialog that is open (alert, confirm, prompt, beforeunload): accept (with text for a prompt) or dismiss. " +
			"A dialog an action raises is left open and listed under Events; until it is answered, every tool that reads or acts on the page fails with dialog_open. " +
			"The envelope's Changes show what answering did (a confirm that deletes, a prompt's text shown).",
		InputSchema: object(
			req("op", enum("accept or dismiss (Cancel).", "accept", "dismiss")),
			opt("text", str("With accept: the text to answer a prompt with.")),
		),
		Annotations: acting("Answer a dialog"),
	}, func(ctx context.Context, in dialogIn) (*sdk.CallToolResult, error) {
		t := s.target(ctx)
		req := wire.DialogRequest{Target: t, Accept: in.Op == "accept"}
		if in.Text != nil {
			if !req.Accept {
				return nil, usagef("dialog: dismiss takes no text")
			}
			req.Text = *in.Text
		}
		return envelopeResult(c.Dialog(ctx, req))
	})
}
