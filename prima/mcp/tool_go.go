package mcp

import (
	"context"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/prima/wire"
)

// addGoTool registers the go tool.
func (s *Server) addGoTool() {
	c := s.o.Client
	add(s, &sdk.Tool{
		Name: "go",
		Description: "Navigate the selected tab to a URL (http or https) or to a path on the current site (/orders/4821), and confirm arrival. " +
			"Page shows the new url and any server redirect; a main document answering 400 or more fails with http_status. " +
			"A target that is neither is looked for among the page's links by meaning." + acts,
		InputSchema: object(
			req("target", text("A URL, a path like /settings, or a link's meaning.")),
		),
		Annotations: acting("Go to a page"),
	}, func(ctx context.Context, in goIn) (*sdk.CallToolResult, error) {
		t := s.target(ctx)
		if strings.TrimSpace(in.Target) == "" {
			return nil, usagef("go: target is empty: give a URL or a path")
		}
		cfg, err := s.config()
		if err != nil {
			return nil, err
		}
		return envelopeResult(c.Go(ctx, wire.GoRequest{Target: t, URL: strings.TrimSpace(in.Target), Config: cfg}))
	})
}
