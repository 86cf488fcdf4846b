package wire

// TraceRequest is `prima trace start` and `prima trace stop [FILE]`.
type TraceRequest struct {
	Target
	Op   string `json:"op"`
	File string `json:"file,omitempty"`
}

// Validate: only stop writes a file.
func (r TraceRequest) Validate() error {
	if r.Op == "start" && r.File != "" {
		return usagef("start takes no FILE: the file is stop's (prima trace stop FILE)")
	}
	return nil
}

func init() {
	register(Command{
		Name: "trace",
		Usage: "Record a Playwright trace of the browser's tabs: `trace start`, then `trace stop [FILE]` writes the zip " +
			"that `npx playwright show-trace FILE` opens",
		Detail: "The trace holds every action prima and the page's own scripts ran between start and stop, with DOM snapshots, " +
			"screenshots and the network. One trace at a time per browser; on an attached session the trace is prima's, and " +
			"a trace the session records itself is left alone (start then fails and says so).",
		Title: "Trace",
		Params: []Param{
			{Key: "op", Kind: KindText, Word: true, Required: true, Enum: []string{"start", "stop"}, Help: "start recording, or stop and write the trace."},
			{Key: "file", Kind: KindText, Word: true, Help: "stop: where to write the zip; a relative name is the caller's folder's (default: the artifacts folder)."},
		},
		New: func() Request { return &TraceRequest{} },
	})
}
