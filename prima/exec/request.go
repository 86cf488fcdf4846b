package exec

import (
	"context"
	"path/filepath"

	"github.com/prima-dev/prima/prima/browser"
)

// request is what one command brings besides its arguments: the
// caller's secrets, its --dialog answer and its folder. It travels in
// the command's context, never on the shared instance, so nothing a
// command knows can reach another.
type request struct {
	secrets Secrets
	dialog  browser.DialogPolicy
	dir     string // relative file names (upload) are the caller's, not the daemon's
}

type requestKey struct{}

// withRequest is ctx carrying r.
func withRequest(ctx context.Context, r request) context.Context {
	if r.secrets == nil {
		r.secrets = Secrets{}
	}
	return context.WithValue(ctx, requestKey{}, r)
}

// requestOf is the command's request; a command run without one (a test
// calling a method directly) has no secrets, no --dialog and no folder.
func requestOf(ctx context.Context) request {
	r, _ := ctx.Value(requestKey{}).(request)
	return r
}

// path resolves a file name against the caller's folder.
func (r request) path(f string) string {
	if filepath.IsAbs(f) || r.dir == "" {
		return f
	}
	return filepath.Join(r.dir, f)
}
