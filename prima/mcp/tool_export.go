package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/prima/wire"
)

// addExportTool registers the export tool.
func (s *Server) addExportTool() {
	c := s.o.Client
	add(s, &sdk.Tool{
		Name: "export",
		Description: "The session's actions as a runnable @playwright/test spec, as text: each action's used line, " +
			"then expects from its proven Changes and from verify passes; failed actions are left out, secrets read from process.env.",
		InputSchema: object(
			opt("since", integer("Only the last N steps (default: all since the browser was opened or attached).", 0, 100000)),
		),
		Annotations: readOnly("Export as Playwright test"),
	}, func(ctx context.Context, in exportIn) (*sdk.CallToolResult, error) {
		t := s.target(ctx)
		return envelopeResult(c.Export(ctx, wire.ExportRequest{Target: t, Since: in.Since}))
	})
}
