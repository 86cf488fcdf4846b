package wire

// ExportRequest is `prima export [--since N] [--out FILE]`.
type ExportRequest struct {
	Target
	Since int    `json:"since,omitempty"` // the last N steps; 0 for all
	Out   string `json:"out,omitempty"`   // write the spec there instead of answering it
}

// Validate refuses a negative --since.
func (r ExportRequest) Validate() error {
	if r.Since < 0 {
		return usagef("--since takes a number of steps, 0 or more (got %d)", r.Since)
	}
	return nil
}

func init() {
	register(Command{
		Name:  "export",
		Usage: "Print the session's proven actions as a @playwright/test spec (expects from proven Changes and verify passes); acts on nothing",
		Detail: "Each action's used line, then expects from its proven Changes and from verify passes; failed actions are left out, " +
			"secrets read from process.env. The CLI prints the spec alone (--json: the envelope, the spec its answer).",
		Title: "Export as Playwright test",
		Raw:   true,
		Params: []Param{
			{Key: "since", Kind: KindInt, Help: "Only the last N steps (default: all since the browser was opened or attached)."},
			{Key: "out", Kind: KindText, Help: "Write the spec to this FILE (relative to the caller's folder) instead of answering it."},
		},
		New: func() Request { return &ExportRequest{} },
	})
}
