package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/prima/wire"
)

// addScreenshotTool registers the screenshot tool.
func (s *Server) addScreenshotTool() {
	c := s.o.Client
	add(s, &sdk.Tool{
		Name: "screenshot",
		Description: "A PNG of the visible page (full: the whole scrollable page) or of one element (target), returned as an image beside the envelope " +
			"and kept as an artifact file. Acts on nothing. Prefer snapshot for reading the page: it is text, cheaper and carries refs." + looks,
		InputSchema: object(
			opt("target", str("A ref or Playwright selector: only this element.")),
			opt("full", boolean("The whole scrollable page (default: the viewport).")),
		),
		Annotations: readOnly("Screenshot"),
	}, func(ctx context.Context, in screenshotIn) (*sdk.CallToolResult, error) {
		t := s.target(ctx)
		env, err := c.Screenshot(ctx, wire.ScreenshotRequest{Target: t, Ref: in.Target, Full: in.Full})
		res, err := envelopeResult(env, err)
		if err != nil || res.IsError {
			return res, err
		}
		res.Content = append(res.Content, image(env)...)
		return res, nil
	})
}
