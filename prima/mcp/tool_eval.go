package mcp

import (
	"context"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/prima/wire"
)

// addEvalTool registers the eval tool.
func (s *Server) addEvalTool() {
	c, t := s.o.Client, s.o.Target
	add(s, &sdk.Tool{
		Name: "eval",
		Description: "Run a JavaScript expression or function in the page (with target: a function called with that element) and return its result in the Answer section, " +
			"capped at 2 KB. For reading values the tree does not show; act with pw or do instead." + acts,
		InputSchema: object(
			req("js", text("An expression (document.title) or a function (el => el.value).")),
			opt("target", str("A ref or Playwright selector: the element the function gets.")),
		),
		Annotations: acting("Run JavaScript"),
	}, func(ctx context.Context, in evalIn) (*sdk.CallToolResult, error) {
		if strings.TrimSpace(in.JS) == "" {
			return nil, usagef("eval: js is empty")
		}
		return envelopeResult(c.Eval(ctx, wire.EvalRequest{Target: t, JS: in.JS, Ref: in.Target}))
	})
}
