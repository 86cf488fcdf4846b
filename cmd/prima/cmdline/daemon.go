package cmdline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/prima/client"
	"github.com/prima-dev/prima/prima/daemon"
)

func daemonCommand(stdout, stderr io.Writer, newBackend NewBackend) *cli.Command {
	return &cli.Command{
		Name:  "daemon",
		Usage: "Run, stop or inspect the daemon (other commands start it on demand)",
		Commands: []*cli.Command{
			{
				Name:  "run",
				Usage: "Serve in the foreground",
				Flags: []cli.Flag{
					&cli.DurationFlag{Name: "idle", Value: daemon.DefaultIdle, Usage: "exit after this long without a request", Sources: cli.EnvVars("PRIMA_IDLE")},
					&cli.BoolFlag{Name: "spawned", Hidden: true, Usage: "started by a client, which made PRIMA_HOME"},
				},
				Action: func(ctx context.Context, cmd *cli.Command) error {
					e := readEnv(cmd, stdout, stderr)
					ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
					defer stop()
					logger := newLogger(stderr)
					s := &daemon.Server{Home: e.home, Idle: cmd.Duration("idle"), Spawned: cmd.Bool("spawned"), Log: logger, Backend: newBackend(e.home, logger)}
					err := s.Run(ctx)
					if errors.Is(err, daemon.ErrRunning) {
						fmt.Fprintln(stderr, "prima: a daemon is already running for", e.home)
						return nil
					}
					if err != nil {
						return e.fail(err)
					}
					return nil
				},
			},
			{
				Name:  "stop",
				Usage: "Stop the daemon (owned browsers close, attached sessions keep running)",
				Action: daemonAction(stdout, stderr, 10*time.Second, nil, func(ctx context.Context, e *env, c *client.Client) error {
					resp, err := c.Stop(ctx)
					if err != nil {
						return err
					}
					fmt.Fprintf(e.stdout, "stopped daemon %d\n", resp.PID)
					return nil
				}),
			},
			{
				Name:  "status",
				Usage: "Say whether the daemon runs, and what it holds",
				Action: daemonAction(stdout, stderr, 5*time.Second, exitError{exitNotOK}, func(ctx context.Context, e *env, c *client.Client) error {
					resp, err := c.Status(ctx)
					if err != nil {
						return err
					}
					if e.json {
						e.printJSON(resp)
						return nil
					}
					fmt.Fprintf(e.stdout, "daemon %d on %s, up %s, %d instance(s)\n", resp.PID, resp.Socket,
						(time.Duration(resp.UptimeMS) * time.Millisecond).Round(time.Second), len(resp.Instances))
					return nil
				}),
			},
		},
	}
}

// daemonAction is the shape of daemon stop and status: no arguments, a
// client that does not start the daemon, a short deadline, and "no daemon
// running" (then the error none) when there is no daemon to ask.
func daemonAction(stdout, stderr io.Writer, timeout time.Duration, none error, call func(context.Context, *env, *client.Client) error) cli.ActionFunc {
	return func(ctx context.Context, cmd *cli.Command) error {
		e := readEnv(cmd, stdout, stderr)
		if cmd.Args().Len() != 0 {
			return e.fail(wrongArgs(cmd, "no arguments"))
		}
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		err := call(ctx, e, &client.Client{Home: e.home})
		if errors.Is(err, client.ErrNoDaemon) {
			fmt.Fprintln(e.stdout, "no daemon running")
			return none
		}
		if err != nil {
			return e.fail(err)
		}
		return nil
	}
}
