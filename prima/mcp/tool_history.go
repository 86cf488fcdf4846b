package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/prima/wire"
)

// addHistoryTools registers back, forward and reload.
func (s *Server) addHistoryTools() {
	c := s.o.Client
	history := func(name, method, what string) {
		add(s, &sdk.Tool{
			Name:        name,
			Description: what + ", proven like any action: Page shows the url change and Changes the new content." + acts,
			InputSchema: object(),
			Annotations: acting(what),
		}, func(ctx context.Context, _ none) (*sdk.CallToolResult, error) {
			t := s.target(ctx)
			env, err := c.Pw(ctx, wire.PwRequest{Target: t, Line: "page." + method + "()"})
			if env != nil {
				env.Command = name
			}
			return envelopeResult(env, err)
		})
	}
	history("back", "goBack", "Go back in the selected tab's history")
	history("forward", "goForward", "Go forward in the selected tab's history")
	history("reload", "reload", "Reload the page")
}
