package mcp

import (
	"context"
	"fmt"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/prima/wire"
)

// addWaitTool registers the wait tool.
func (s *Server) addWaitTool() {
	c := s.o.Client
	add(s, &sdk.Tool{
		Name: "wait",
		Description: fmt.Sprintf("Wait for a text to appear (text), for a text to go (gone), or for a number of milliseconds (ms): give exactly one. "+
			"Bounded by the call's deadline (%s); the envelope's Changes report what changed meanwhile, and a text that does not come in time is a timeout."+looks, s.o.Timeout),
		InputSchema: object(
			opt("text", str("Wait until this text is visible.")),
			opt("gone", str("Wait until this text is no longer visible.")),
			opt("ms", integer(fmt.Sprintf("Wait this many milliseconds (less than %d).", s.o.Timeout.Milliseconds()), 1, 0)),
		),
		Annotations: readOnly("Wait"),
	}, func(ctx context.Context, in waitIn) (*sdk.CallToolResult, error) {
		t := s.target(ctx)
		n := 0
		for _, set := range []bool{in.Text != "", in.Gone != "", in.MS != 0} {
			if set {
				n++
			}
		}
		if n != 1 {
			return nil, usagef("wait: give exactly one of text, gone or ms")
		}
		if in.MS >= s.o.Timeout.Milliseconds() {
			return nil, usagef("wait: ms %d is not shorter than the call's deadline %s", in.MS, s.o.Timeout)
		}
		req := wire.WaitRequest{Target: t, Text: in.Text, MS: in.MS}
		if in.Gone != "" {
			req.Text, req.Gone = in.Gone, true
		}
		if in.MS == 0 && strings.TrimSpace(req.Text) == "" {
			return nil, usagef("wait: the text is blank")
		}
		return envelopeResult(c.Wait(ctx, req))
	})
}
