package mcp

import (
	"context"
	"fmt"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/prima/wire"
)

// addBrowserCloseTool registers the browser_close tool.
func (s *Server) addBrowserCloseTool() {
	c := s.o.Client
	add(s, &sdk.Tool{
		Name: "browser_close",
		Description: "Close the browser the tools act on. prima's own Chromium is closed; an attached playwright-cli session is only disconnected and keeps running. " +
			"Works while a dialog is open.",
		InputSchema: object(),
		Annotations: &sdk.ToolAnnotations{Title: "Close the browser", DestructiveHint: yes(), OpenWorldHint: yes()},
	}, func(ctx context.Context, _ none) (*sdk.CallToolResult, error) {
		t := s.target(ctx)
		in, err := c.Close(ctx, wire.CloseRequest{Target: t})
		if err != nil {
			return nil, err
		}
		msg := fmt.Sprintf("closed instance %s", in.Name)
		if in.Kind != "owned" {
			msg = fmt.Sprintf("disconnected from %s (the session keeps running)", in.Name)
		}
		return jsonResult(msg, in)
	})
}
