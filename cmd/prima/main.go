// Command prima is the CLI of the prima browser-action executor, and the
// entry point of its daemon (`prima daemon run`): the command line lives
// in cmdline and knows only the wire; main hands it the executor to serve.
package main

import (
	"context"
	"log"
	"os"

	"github.com/prima-dev/prima/cmd/prima/cmdline"
	"github.com/prima-dev/prima/prima/backend"
	"github.com/prima-dev/prima/prima/daemon"
)

func main() {
	os.Exit(cmdline.Run(context.Background(), os.Args, os.Stdout, os.Stderr, func(home string, logger *log.Logger) daemon.Backend {
		return backend.New(home, logger)
	}))
}
