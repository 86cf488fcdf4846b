package wire

// ConsoleRequest is `prima console [--errors]`.
type ConsoleRequest struct {
	Target
	Errors bool `json:"errors,omitempty"`
}

func init() {
	register(Command{
		Name:   "console",
		Usage:  "Show the console messages since the previous console command (they are consumed)",
		Detail: "Envelopes mention console errors under Events; call this to read them. It works while a dialog is open.",
		Title:  "Console messages",
		Params: []Param{
			{Key: "errors", Kind: KindBool, Help: "Only errors (default: all messages)."},
		},
		New: func() Request { return &ConsoleRequest{} },
	})
}
