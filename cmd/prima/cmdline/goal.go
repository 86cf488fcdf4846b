package cmdline

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/goal"
	"github.com/prima-dev/prima/prima/wire"
)

// goalCommand is `prima goal GOAL`, `prima goal run FILE` and `prima goal
// validate FILE`.
func goalCommand(stdout, stderr io.Writer) *cli.Command {
	flags := []cli.Flag{
		&cli.StringFlag{Name: "verify", Usage: "the claim the independent verifier must pass (without one, DONE is never a pass)"},
		&cli.StringSliceFlag{Name: "data", Usage: "NAME=VALUE a field may be filled with; shown only as {{NAME}}"},
		&cli.UintFlag{Name: "seed", Usage: "seed for generated values (reproducible runs)"},
		&cli.BoolFlag{Name: "no-generate", Usage: "fill fields only from --data and --secret, never with generated values"},
		&cli.IntFlag{Name: "max-requests", Usage: fmt.Sprintf("the decision model's requests the goal may make (default %d, at most %d; prima.json goal.requests)", goal.DefaultRequests, goal.MaxRequests)},
		&cli.IntFlag{Name: "max-actions", Usage: fmt.Sprintf("the actions the goal may dispatch (default %d, at most %d; goal.actions)", goal.DefaultActions, goal.MaxActions)},
		&cli.DurationFlag{Name: "max-time", Usage: fmt.Sprintf("how long the goal may run (default %v, at most %v; goal.time)", goal.DefaultTime, goal.MaxTime)},
	}
	run := func(ctx context.Context, e *env, cmd *cli.Command, req wire.GoalRequest) (*envelope.Envelope, error) {
		cfg, err := e.config()
		if err != nil {
			return nil, err
		}
		req.Target, req.Config = e.target, cfg
		req.Budget = wire.GoalBudget{Requests: int(cmd.Int("max-requests")), Actions: int(cmd.Int("max-actions")),
			TimeMS: cmd.Duration("max-time").Milliseconds()}.Or(cfg.Goal)
		b := req.Budget
		if b.Requests < 0 || b.Actions < 0 || b.TimeMS < 0 {
			return nil, usagef("--max-requests, --max-actions and --max-time take 1 or more")
		}
		gb := goal.Budget{Requests: b.Requests, Actions: b.Actions, Time: b.Time()}
		if err := gb.Check(); err != nil {
			return nil, usagef("%v (--max-requests, --max-actions, --max-time, or prima.json's goal)", err)
		}
		if !cmd.IsSet("timeout") {
			// A goal's own time budget bounds it.
			req.TimeoutMS = gb.Deadline().Milliseconds()
		}
		return e.client().Goal(ctx, req)
	}
	return &cli.Command{
		Name:      "goal",
		Usage:     "Reach an outcome with bounded click/type decisions, then pass an independent verifier",
		ArgsUsage: "GOAL | run FILE.goal.yaml | validate FILE",
		Flags:     flags,
		Action: envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
			if cmd.Args().Len() != 1 {
				return nil, wrongArgs(cmd, "one GOAL in quotes (or: goal run FILE, goal validate FILE)")
			}
			data := map[string]string{}
			for _, kv := range cmd.StringSlice("data") {
				k, v, ok := strings.Cut(kv, "=")
				if !ok || k == "" {
					return nil, usagef("--data %q: write NAME=VALUE", kv)
				}
				data[k] = v
			}
			return run(ctx, e, cmd, wire.GoalRequest{Goal: cmd.Args().First(), Verify: cmd.String("verify"), Data: data,
				Seed: uint64(cmd.Uint("seed")), NoGenerate: cmd.Bool("no-generate")})
		}),
		Commands: []*cli.Command{
			{
				Name:      "run",
				Usage:     "Run a goal file: url, data ($ENV values), goal, verify",
				ArgsUsage: "FILE.goal.yaml",
				Flags:     flags[2:],
				Action: envelopeAction(stdout, stderr, func(ctx context.Context, e *env, cmd *cli.Command) (*envelope.Envelope, error) {
					f, err := readGoalFile(cmd)
					if err != nil {
						return nil, err
					}
					data, err := f.Resolve(os.Getenv)
					if err != nil {
						return nil, usagef("%s: %v", cmd.Args().First(), err)
					}
					return run(ctx, e, cmd, wire.GoalRequest{Goal: f.Goal, Verify: f.Verify, Data: data, URL: f.URL,
						Seed: uint64(cmd.Uint("seed")), NoGenerate: cmd.Bool("no-generate")})
				}),
			},
			{
				Name:      "validate",
				Usage:     "Check a goal file's syntax and declared bindings (exit 2 naming the problem)",
				ArgsUsage: "FILE",
				Action: func(ctx context.Context, cmd *cli.Command) error {
					e := readEnv(cmd, stdout, stderr)
					f, err := readGoalFile(cmd)
					if err != nil {
						return e.fail(err)
					}
					fmt.Fprintf(stdout, "ok: %s (goal, verify, %d data binding%s)\n", cmd.Args().First(), len(f.Data), map[bool]string{true: "", false: "s"}[len(f.Data) == 1])
					return nil
				},
			},
		},
	}
}

// readGoalFile reads and validates the goal file the command names.
func readGoalFile(cmd *cli.Command) (*goal.File, error) {
	if cmd.Args().Len() != 1 {
		return nil, wrongArgs(cmd, "one goal file")
	}
	path := cmd.Args().First()
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, usagef("%v", err)
	}
	f, err := goal.ParseFile(src)
	if err != nil {
		return nil, usagef("%s: %v", path, err)
	}
	if err := f.Validate(); err != nil {
		return nil, usagef("%s: %v", path, err)
	}
	return f, nil
}
