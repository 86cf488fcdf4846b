package mcp

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/prima/goal"
	"github.com/prima-dev/prima/prima/wire"
)

// addGoalTool registers the goal tool.
func (s *Server) addGoalTool() {
	c := s.o.Client
	add(s, &sdk.Tool{
		Name: "goal",
		Description: "Reach an outcome on the current page with bounded click/type decisions of the hosted decision model " +
			"(PRIMA_JUDGE=typesafe|openrouter), then pass an independent verifier on the verify claim: ok only on a verified pass. " +
			"Values in data are typed only into fields and shown only as {{name}} (write {{name}} in goal and verify). " +
			"The Answer lists each action with its used: line and proof, the counts and the stop reason; a stop short of a pass is an error result with a code of the one list (budget, timeout, model, usage, …) and the stop reason in the Answer's first line and goal.stop (no_progress, operation_abstention, verification_failed, ...).",
		InputSchema: object(
			req("goal", text("The outcome to reach, e.g. \"Sign in as {{user}} with {{password}} and save the profile\".")),
			opt("verify", text("The claim the verifier must find true afterwards; without one the goal never passes.")),
			opt("data", &jsonschema.Schema{Type: "object", Description: "Values the goal may type, by name.", AdditionalProperties: &jsonschema.Schema{Type: "string"}}),
			opt("max_requests", integer(fmt.Sprintf("The decision model's requests the goal may make (default %d).", goal.DefaultRequests), 1, goal.MaxRequests)),
			opt("max_actions", integer(fmt.Sprintf("The actions the goal may dispatch (default %d).", goal.DefaultActions), 1, goal.MaxActions)),
			opt("max_time_s", integer(fmt.Sprintf("The seconds the goal may run (default %d).", int(goal.DefaultTime.Seconds())), 1, goal.MaxTime.Seconds())),
		),
		Annotations: acting("Reach a goal"),
	}, func(ctx context.Context, in goalIn) (*sdk.CallToolResult, error) {
		t := s.target(ctx)
		if strings.TrimSpace(in.Goal) == "" {
			return nil, usagef("goal: the goal is empty")
		}
		cfg, err := s.config()
		if err != nil {
			return nil, err
		}
		b := wire.GoalBudget{Requests: in.MaxRequests, Actions: in.MaxActions, TimeMS: int64(in.MaxTimeS) * 1000}.Or(cfg.Goal)
		gb := goal.Budget{Requests: b.Requests, Actions: b.Actions, Time: b.Time()}
		if err := gb.Check(); err != nil {
			return nil, usagef("goal: %v", err)
		}
		gt := t
		gt.TimeoutMS = gb.Deadline().Milliseconds()
		return envelopeResult(c.Goal(ctx, wire.GoalRequest{Target: gt, Goal: in.Goal, Verify: in.Verify, Data: in.Data, Config: cfg, Budget: b}))
	})
}
