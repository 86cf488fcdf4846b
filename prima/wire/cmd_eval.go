package wire

// EvalRequest is `prima eval JS [TARGET]`.
type EvalRequest struct {
	Target
	JS  string `json:"js"`
	Ref string `json:"target,omitempty"`
}

func init() {
	register(Command{
		Name:  "eval",
		Usage: "Run a JavaScript expression or function in the page (on TARGET's element when given); the result, capped at 2 KB, is in the Answer",
		Detail: "For reading values the tree does not show; act with pw or do instead. It runs through the act path, " +
			"since JavaScript can change the page, so the envelope carries Changes.",
		Title: "Run JavaScript",
		Acts:  true,
		Params: []Param{
			{Key: "js", Kind: KindText, Word: true, Required: true, Help: "An expression (document.title) or a function (el => el.value)."},
			{Key: "target", Kind: KindText, Word: true, Help: "A ref or Playwright selector: the element the function gets."},
		},
		New: func() Request { return &EvalRequest{} },
	})
}
