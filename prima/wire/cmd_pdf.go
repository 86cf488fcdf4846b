package wire

// PDFRequest is `prima pdf [FILE]`.
type PDFRequest struct {
	Target
	File string `json:"file,omitempty"`
}

func init() {
	register(Command{
		Name:   "pdf",
		Usage:  "Print the page to a PDF (FILE, or an artifact file); acts on nothing",
		Detail: "Headless Chromium only. The envelope's Artifacts name the file.",
		Title:  "Save as PDF",
		Params: []Param{
			{Key: "file", Kind: KindText, Word: true, Help: "Where to write it; a relative name is the caller's folder's (default: the artifacts folder)."},
		},
		New: func() Request { return &PDFRequest{} },
	})
}
