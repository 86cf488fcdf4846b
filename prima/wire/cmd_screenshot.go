package wire

// ScreenshotRequest is `prima screenshot [TARGET] [--full]`.
type ScreenshotRequest struct {
	Target
	Ref  string `json:"target,omitempty"`
	Full bool   `json:"full,omitempty"`
}

func init() {
	register(Command{
		Name:  "screenshot",
		Usage: "Write a PNG of the page (--full: all of it) or of one element into the artifacts folder; acts on nothing",
		Detail: "The envelope's Artifacts name the file; an MCP call also returns the image. Prefer snapshot for reading the page: " +
			"it is text, cheaper and carries refs.",
		Title: "Screenshot",
		Image: true,
		Params: []Param{
			{Key: "target", Kind: KindText, Word: true, Help: "A ref or Playwright selector: only this element."},
			{Key: "full", Kind: KindBool, Help: "The whole scrollable page (default: the viewport)."},
		},
		New: func() Request { return &ScreenshotRequest{} },
	})
}
