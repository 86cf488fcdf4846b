package exec

import (
	"context"
	"reflect"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/wire"
)

// tableRuns are the runs of the table's commands (wire.Commands), by
// request type; each command's file adds its own with runs.
var tableRuns = map[reflect.Type]func(*Instance, context.Context, wire.Request) *envelope.Envelope{}

// Runs registers how an instance runs a table command's request R: a
// method expression, (*Instance).Get.
func Runs[R wire.Request](run func(*Instance, context.Context, R) *envelope.Envelope) {
	var r R
	tableRuns[reflect.TypeOf(r)] = func(in *Instance, ctx context.Context, req wire.Request) *envelope.Envelope {
		return run(in, ctx, req.(R))
	}
}

// TableRun is how an instance runs req, a table command's request, for
// the backend's dispatch; false when req is none.
func TableRun(req wire.Request) (func(context.Context, *Instance) *envelope.Envelope, bool) {
	run, ok := tableRuns[reflect.TypeOf(req)]
	if !ok {
		return nil, false
	}
	return func(ctx context.Context, in *Instance) *envelope.Envelope { return run(in, ctx, req) }, true
}
