package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/prima/wire"
)

// addConsoleTool registers the console tool.
func (s *Server) addConsoleTool() {
	c, t := s.o.Client, s.o.Target
	add(s, &sdk.Tool{
		Name: "console",
		Description: "The page's console messages since the previous console call (they are consumed). " +
			"Envelopes mention console errors under Events; call this to read them.",
		InputSchema: object(
			opt("errors", boolean("Only errors (default: all messages).")),
		),
		Annotations: readOnly("Console messages"),
	}, func(ctx context.Context, in consoleIn) (*sdk.CallToolResult, error) {
		return envelopeResult(c.Console(ctx, wire.ConsoleRequest{Target: t, Errors: in.Errors}))
	})
}
