// Command prima is the CLI of the prima browser-action executor, and the
// entry point of its daemon (`prima daemon run`).
package main

import (
	"context"
	"os"
)

func main() {
	os.Exit(run(context.Background(), os.Args, os.Stdout, os.Stderr))
}
