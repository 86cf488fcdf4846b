package wire

// StateRequest is `prima state save FILE | load FILE`.
type StateRequest struct {
	Target
	Op   string `json:"op"`
	File string `json:"file"`
}

func init() {
	register(Command{
		Name: "state",
		Usage: "Save the browser context's storage state (cookies, local storage) to FILE (0600), or load one " +
			"saved before into it",
		Detail: "As Playwright's storageState: save after signing in, load it to start signed in. The file holds session " +
			"cookies: keep it as a secret. Load replaces the context's cookies and storage and reports the page's Changes.",
		Title: "Storage state",
		Acts:  true,
		Params: []Param{
			{Key: "op", Kind: KindText, Word: true, Required: true, Enum: []string{"save", "load"}, Help: "What to do."},
			{Key: "file", Kind: KindText, Word: true, Required: true, Help: "The state file (JSON); a relative name is the caller's folder's."},
		},
		New: func() Request { return &StateRequest{} },
	})
}
