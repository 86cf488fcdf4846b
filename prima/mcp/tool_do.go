package mcp

import (
	"context"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/prima/wire"
)

// addDoTool registers the do tool.
func (s *Server) addDoTool() {
	c := s.o.Client
	add(s, &sdk.Tool{
		Name: "do",
		Description: "Perform natural-language instructions, exactly these and in order, one action each, and prove every step: " +
			"\"click Save\", \"fill Name with Ada\", \"type hello into Search\", \"select Blue from Colour\", \"check Agree\", \"press Enter\", \"hover Menu\", \"go to /settings\". " +
			"Elements are named by what they show: an exact accessible name, else whole words (\"Subscribe\" never matches \"Unsubscribe\"); refs are not used. " +
			"The Steps section gives each step's proof, or unproven when it ran without a visible effect (the call stays ok; proven: N/M counts them). " +
			"A step that fails stops the rest and the call is an error. Instructions other than these literal forms need a model configured for prima." + proves + blocks,
		InputSchema: object(
			req("instructions", strs("One instruction per entry, one action each, in order.", 1)),
		),
		Annotations: acting("Do instructions"),
	}, func(ctx context.Context, in doIn) (*sdk.CallToolResult, error) {
		t := s.target(ctx)
		for i, x := range in.Instructions {
			if strings.TrimSpace(x) == "" {
				return nil, usagef("do: instruction %d is empty", i+1)
			}
		}
		cfg, err := s.config()
		if err != nil {
			return nil, err
		}
		return envelopeResult(c.Do(ctx, wire.DoRequest{Target: t, Instructions: in.Instructions, Config: cfg}))
	})
}
