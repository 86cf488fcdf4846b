package wire

// IsRequest is `prima is visible|hidden|enabled|disabled|checked|editable TARGET`.
type IsRequest struct {
	Target
	State string `json:"state"`
	Ref   string `json:"target"`
}

func init() {
	register(Command{
		Name: "is",
		Usage: "Whether an element is visible, hidden, enabled, disabled, checked or editable, as true or false in the Answer, " +
			"now, without waiting",
		Detail: "Reads; acts on nothing. A selector that matches nothing is not visible (hidden), as a ref whose element is gone; " +
			"the other states need the one element. To wait until a state holds, use wait visible|hidden|attached|detached.",
		Title: "Ask an element's state",
		Params: []Param{
			{Key: "state", Kind: KindText, Word: true, Required: true, Enum: []string{"visible", "hidden", "enabled", "disabled", "checked", "editable"}, Help: "The state to ask about."},
			{Key: "target", Kind: KindText, Word: true, Required: true, Help: "A ref or Playwright selector naming one element."},
		},
		New: func() Request { return &IsRequest{} },
	})
}
