package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/prima/wire"
)

// addBrowserListTool registers the browser_list tool.
func (s *Server) addBrowserListTool() {
	c, t := s.o.Client, s.o.Target
	add(s, &sdk.Tool{
		Name: "browser_list",
		Description: "List the browsers prima can attach to (playwright-cli sessions and Playwright browser servers: title, live or stale, version, endpoint) " +
			"and the instances the daemon holds (prima-owned or attached, connected, URL). Touches no page; works while a dialog is open.",
		InputSchema: object(),
		Annotations: readOnly("List browsers"),
	}, func(ctx context.Context, _ none) (*sdk.CallToolResult, error) {
		resp, err := c.List(ctx, wire.ListRequest{Target: t})
		if err != nil {
			return nil, err
		}
		if resp.Browsers == nil {
			resp.Browsers = []wire.Browser{}
		}
		if resp.Instances == nil {
			resp.Instances = []wire.Instance{}
		}
		return jsonResult(listText(resp), resp)
	})
}
