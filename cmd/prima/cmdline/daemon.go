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
				Flags: []cli.Flag{&cli.DurationFlag{Name: "idle", Value: daemon.DefaultIdle, Usage: "exit after this long without a request", Sources: cli.EnvVars("PRIMA_IDLE")}},
				Action: func(ctx context.Context, cmd *cli.Command) error {
					e := readEnv(cmd, stdout, stderr)
					ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
					defer stop()
					logger := newLogger(stderr)
					s := &daemon.Server{Home: e.home, Idle: cmd.Duration("idle"), Log: logger, Backend: newBackend(e.home, logger)}
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
				Action: func(ctx context.Context, cmd *cli.Command) error {
					e := readEnv(cmd, stdout, stderr)
					if cmd.Args().Len() != 0 {
						return e.fail(wrongArgs(cmd, "no arguments"))
					}
					c := &client.Client{Home: e.home}
					ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
					defer cancel()
					resp, err := c.Stop(ctx)
					if errors.Is(err, client.ErrNoDaemon) {
						fmt.Fprintln(e.stdout, "no daemon running")
						return nil
					}
					if err != nil {
						return e.fail(err)
					}
					fmt.Fprintf(e.stdout, "stopped daemon %d\n", resp.PID)
					return nil
				},
			},
			{
				Name:  "status",
				Usage: "Say whether the daemon runs, and what it holds",
				Action: func(ctx context.Context, cmd *cli.Command) error {
					e := readEnv(cmd, stdout, stderr)
					if cmd.Args().Len() != 0 {
						return e.fail(wrongArgs(cmd, "no arguments"))
					}
					c := &client.Client{Home: e.home}
					ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
					defer cancel()
					resp, err := c.Status(ctx)
					if errors.Is(err, client.ErrNoDaemon) {
						fmt.Fprintln(e.stdout, "no daemon running")
						return exitError{exitNotOK}
					}
					if err != nil {
						return e.fail(err)
					}
					if e.json {
						e.printJSON(resp)
						return nil
					}
					fmt.Fprintf(e.stdout, "daemon %d on %s, up %s, %d instance(s)\n", resp.PID, resp.Socket,
						(time.Duration(resp.UptimeMS) * time.Millisecond).Round(time.Second), len(resp.Instances))
					return nil
				},
			},
		},
	}
}
