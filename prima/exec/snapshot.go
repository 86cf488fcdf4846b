package exec

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/outline"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/wire"
	"github.com/prima-dev/prima/refs"
)

// compactMarkupJS renders the page as capped compact markup (tier 3): the
// elements a user can act on or read, with the attributes that identify
// them, and frames inline. It reads the DOM and changes nothing.
//
//go:embed js/compact_markup.js
var compactMarkupJS string

// CompactMarkup returns tier-3 markup of the page, at most max bytes: what
// a snapshot of the page's markup prints and do's model reads.
func CompactMarkup(ctx context.Context, e *engine.Engine, page playwright.Page, max int) (string, error) {
	v, err := e.Evaluate(ctx, page, compactMarkupJS, max)
	if err != nil {
		return "", fmt.Errorf("compact markup: %w", err)
	}
	s, _ := v.(string)
	return s, nil
}

// SnapshotBudget is what a default snapshot may print: about 3,000
// tokens. A page under it prints whole; a bigger one is outlined, its
// long lists and deep parts collapsed into lines that name the command
// listing them.
const SnapshotBudget = 12 << 10

// FailureBudget is the share of a failure envelope the current page may
// take, outlined the same way.
const FailureBudget = 6 << 10

func init() {
	Runs(func(in *Instance, ctx context.Context, r *wire.SnapshotRequest) *envelope.Envelope {
		return in.Snapshot(ctx, *r)
	})
}

// Snapshot returns the page with refs (tier 2), outlined within the
// budget (or the part asked for), or compact markup (tier 3).
func (in *Instance) Snapshot(ctx context.Context, req wire.SnapshotRequest) *envelope.Envelope {
	env := &envelope.Envelope{Command: snapshotCommand(req)}
	page, err := in.UsablePage()
	if err != nil {
		in.Fail(env, err, nil)
		return env
	}
	// A page the detector proves unchanged since the last snapshot with
	// refs answers from it: its refs are still the page's.
	view, err := in.eng.Observe(ctx, page, true)
	if err != nil {
		in.Fail(env, err, nil)
		return env
	}
	in.FillPage(env, nil, view)
	if req.HTML {
		m, err := CompactMarkup(ctx, in.eng, page, 24000)
		if err != nil {
			in.Fail(env, err, nil)
			return env
		}
		env.Snapshot = in.eng.Masks().Text(m)
		env.OK = true
		return env
	}
	if req.Interactive {
		lines, more := refs.Interactive(view.Tree, req.Grep, SnapshotBudget)
		env.Snapshot = envelope.RefList(NewRefs(lines), more)
		switch {
		case len(lines)+more > 0:
		case req.Grep != "":
			env.Snapshot = fmt.Sprintf("no element a user can act on has a line that holds %q", req.Grep)
		default:
			env.Snapshot = "no element a user can act on"
		}
		env.OK = true
		return env
	}
	opt := outline.Options{Budget: SnapshotBudget, Depth: req.Depth, Grep: req.Grep, Root: req.Ref}
	if req.Full {
		opt.Budget = 0
	}
	out, err := outline.Of(view.Tree, opt)
	if err != nil {
		var nf *outline.RootNotFoundError
		if errors.As(err, &nf) {
			r, _ := refs.Parse(nf.Ref)
			err = &refs.NotFoundError{Ref: r}
		}
		in.Fail(env, err, view)
		return env
	}
	env.Snapshot = out.Text
	if req.Grep != "" && out.Matches == 0 {
		env.Snapshot = fmt.Sprintf("no element's line holds %q", req.Grep)
	}
	if out.Collapsed > 0 {
		env.Extra = append(env.Extra, envelope.KV{Key: "outlined", Value: fmt.Sprintf("%d of the page's elements are behind collapsed lines, each naming the command that lists them", out.Collapsed)})
	}
	env.OK = true
	return env
}

// snapshotCommand is the command line a snapshot request stands for.
func snapshotCommand(r wire.SnapshotRequest) string {
	parts := []string{"snapshot"}
	if r.Ref != "" {
		parts = append(parts, r.Ref)
	}
	if r.HTML {
		parts = append(parts, "--html")
	}
	if r.Grep != "" {
		parts = append(parts, "--grep", QuoteIfSpaced(r.Grep))
	}
	if r.Depth > 0 {
		parts = append(parts, "--depth", fmt.Sprint(r.Depth))
	}
	if r.Full {
		parts = append(parts, "--full")
	}
	if r.Interactive {
		parts = append(parts, "--interactive")
	}
	return strings.Join(parts, " ")
}
