package wire

import "github.com/prima-dev/prima/refs"

// SnapshotRequest is `prima snapshot [REF]`.
type SnapshotRequest struct {
	Target
	HTML bool `json:"html,omitempty"`
	// Ref outlines that element's subtree only.
	Ref string `json:"ref,omitempty"`
	// Grep keeps the lines that hold this text, with their ancestors'.
	Grep string `json:"grep,omitempty"`
	// Depth shows this many levels; 0 means all.
	Depth int `json:"depth,omitempty"`
	// Full prints everything, past the byte budget of the default.
	Full bool `json:"full,omitempty"`
	// Interactive lists only the elements a user can act on, with their
	// refs and containers (Grep keeps those whose line holds it).
	Interactive bool `json:"interactive,omitempty"`
}

// Validate refuses a ref that is not one and the flags that cannot go
// together.
func (r SnapshotRequest) Validate() error {
	switch {
	case r.Ref != "" && !refs.Is(r.Ref):
		return usagef("snapshot takes a ref like e5 or f1e3, not %q", r.Ref)
	case r.Depth < 0:
		return usagef("--depth must be 0 (all) or more, not %d", r.Depth)
	case r.HTML && (r.Ref != "" || r.Grep != "" || r.Depth != 0):
		return usagef("--html takes no ref, --grep or --depth: it prints the page's compact markup")
	case r.Interactive && (r.HTML || r.Ref != "" || r.Depth != 0 || r.Full):
		return usagef("--interactive takes only --grep: it lists every element a user can act on, with its ref")
	}
	return nil
}

func init() {
	register(Command{
		Name:  "snapshot",
		Usage: "Show the page with refs (compact ARIA: [ref=e5], [ref=f1e3] inside iframes), or as compact markup with --html; acts on nothing",
		Detail: "Call it when you start, after a navigation, or when you need refs for a part of the page that changed; not after every " +
			"action, since each action's Changes already says what changed. Refs belong to the page as this snapshot saw it and die when " +
			"it changes; a dead ref fails with stale_ref and never acts on another element. A big page is outlined within a byte budget: " +
			"long lists and deep parts collapse into one line each that says how many elements it holds and the snapshot that lists them " +
			"(ref, grep, full). html gives compact markup, for controls the tree does not show (act on those with a Playwright selector, " +
			"not a ref). While a dialog is open it fails with dialog_open: answer the dialog first.",
		Title: "Snapshot the page",
		Params: []Param{
			{Key: "ref", Kind: KindText, Word: true, Help: "Only this element's subtree (a ref from an earlier snapshot or a collapsed line)."},
			{Key: "html", Kind: KindBool, Help: "Compact markup instead of the ARIA tree."},
			{Key: "grep", Kind: KindText, Help: "Only the elements whose line holds this text, with their ancestors and their own subtrees (e.g. a table row's text)."},
			{Key: "depth", Kind: KindInt, Help: "Show this many levels (0: all)."},
			{Key: "full", Kind: KindBool, Help: "Everything, past the byte budget (large on big pages)."},
			{Key: "interactive", Kind: KindBool, Alias: "i", Help: "Only the elements a user can act on, each with its ref and its container: the cheapest look (grep narrows it)."},
		},
		New: func() Request { return &SnapshotRequest{} },
	})
}
