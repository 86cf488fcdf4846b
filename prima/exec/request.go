package exec

import (
	"context"
	"path/filepath"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/wire"
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

// Command runs fn as one request's command on in, which the caller holds
// locked: fn's context carries the target's secrets (checked by the
// caller, before it waited for the lock), --dialog answer and folder, and
// the envelope leaves cleaned of what must not leave the daemon, its
// steps committed to the journal.
func (in *Instance) Command(ctx context.Context, t wire.Target, fn func(context.Context) *envelope.Envelope) *envelope.Envelope {
	secrets := Secrets(t.Secrets)
	if secrets == nil {
		secrets = Secrets{}
	}
	ctx = withRequest(ctx, request{secrets: secrets, dialog: browser.ParseDialogPolicy(t.Dialog), dir: t.Dir})
	env := fn(ctx)
	secrets.RedactEnvelope(env)
	in.eng.Masks().Envelope(env)
	ClipEchoes(env)
	in.commit(env.Command, secrets)
	return env
}

// SecretsOf is the command's secrets (nil for a command run without a
// request): do fills and redacts with them, goal binds its values there.
func SecretsOf(ctx context.Context) Secrets { return requestOf(ctx).secrets }

// WithSecrets is ctx with secrets a command may add to: the request's own
// map, or a new one when ctx carries no request (a command called
// directly); goal binds its values in it.
func WithSecrets(ctx context.Context) context.Context {
	if requestOf(ctx).secrets != nil {
		return ctx
	}
	return withRequest(ctx, request{})
}

// CallerPath resolves a file name against the caller's folder, for do's
// uploads as for pw's.
func CallerPath(ctx context.Context, f string) string { return requestOf(ctx).path(f) }
