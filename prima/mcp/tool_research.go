package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// addResearchTool registers the research tool.
func (s *Server) addResearchTool() {
	c := s.o.Client
	add(s, &sdk.Tool{
		Name: "research",
		Description: "Build and store the UI map of the current page state: its controls and the locator for each. do uses the map from the third visit of a state. " +
			"Acts on nothing; rarely needed by hand." + looks,
		InputSchema: object(),
		Annotations: readOnly("Research the page"),
	}, func(ctx context.Context, _ none) (*sdk.CallToolResult, error) {
		t := s.target(ctx)
		return envelopeResult(c.Research(ctx, t))
	})
}
