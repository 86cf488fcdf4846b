package wire

// GoRequest is `prima go URL|/path|MEANING`.
type GoRequest struct {
	Target
	Configured          // the judge, for a target found by meaning
	URL          string `json:"target"`
	AllowSchemes bool   `json:"allow_scheme,omitempty"`
}

// Validate accepts what may still succeed once a page is known.
func (r GoRequest) Validate() error { return checkURL(r.URL, r.AllowSchemes) }

func init() {
	register(Command{
		Name:  "go",
		Usage: "Navigate the selected tab to a URL or a path on the current site (/orders/4821), and confirm arrival",
		Detail: "Page shows the new URL and any server redirect; a main document answering 400 or more fails with http_status. " +
			"A target that is neither a URL nor a path is looked for among the page's links by meaning.",
		Title: "Go to a page",
		Acts:  true,
		Params: []Param{
			{Key: "target", Kind: KindString, Word: true, Required: true, Help: "A URL, a path like /settings, or a link's meaning."},
			{Key: "allow_scheme", Kind: KindBool, Help: "Allow schemes other than http and https (file:, data:, …)."},
		},
		New: func() Request { return &GoRequest{} },
	})
}
