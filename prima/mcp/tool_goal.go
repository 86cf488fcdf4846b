package mcp

import (
	"context"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/prima/wire"
)

// addGoalTool registers the goal tool.
func (s *Server) addGoalTool() {
	c, t := s.o.Client, s.o.Target
	add(s, &sdk.Tool{
		Name: "goal",
		Description: "Reach an outcome on the current page with bounded click/type decisions of the hosted decision model " +
			"(PRIMA_JUDGE=typesafe|openrouter), then pass an independent verifier on the verify claim: ok only on a verified pass. " +
			"Values in data are typed only into fields and shown only as {{name}} (write {{name}} in goal and verify). " +
			"The Answer lists each action with its used: line and proof, the counts and the stop reason; a stop short of a pass is an error result whose code is the reason (no_progress, operation_abstention, verification_failed, ...).",
		InputSchema: object(
			req("goal", text("The outcome to reach, e.g. \"Sign in as {{user}} with {{password}} and save the profile\".")),
			opt("verify", text("The claim the verifier must find true afterwards; without one the goal never passes.")),
			opt("data", &jsonschema.Schema{Type: "object", Description: "Values the goal may type, by name.", AdditionalProperties: &jsonschema.Schema{Type: "string"}}),
		),
		Annotations: acting("Reach a goal"),
	}, func(ctx context.Context, in goalIn) (*sdk.CallToolResult, error) {
		if strings.TrimSpace(in.Goal) == "" {
			return nil, usagef("goal: the goal is empty")
		}
		cfg, err := s.config()
		if err != nil {
			return nil, err
		}
		gt := t
		gt.TimeoutMS = goalTimeout.Milliseconds()
		return envelopeResult(c.Goal(ctx, wire.GoalRequest{Target: gt, Goal: in.Goal, Verify: in.Verify, Data: in.Data, Config: cfg}))
	})
}
