package exec

import (
	"context"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/wire"
)

func init() { Runs((*Instance).Video) }

// Video starts recording the selected page, or stops the recording and
// names the file; prima/video records it. It acts on nothing.
func (in *Instance) Video(ctx context.Context, r *wire.VideoRequest) *envelope.Envelope {
	env := &envelope.Envelope{Command: "video " + r.Op}
	page, before, ok := in.Begin(ctx, env, false)
	if !ok {
		return env
	}
	in.looked(env, before)
	err := in.video.Run(env, r.Op, page, func() (string, error) {
		if r.File == "" {
			return in.artifactPath("video.avi")
		}
		return requestOf(ctx).path(r.File), nil
	})
	if err != nil {
		in.Fail(env, err, before)
	}
	return env
}
