package wire

// DialogRequest is `prima dialog accept [TEXT] | dismiss`.
type DialogRequest struct {
	Target
	Op   string `json:"op"`
	Text string `json:"text,omitempty"`
}

// Accept: the dialog is accepted, not dismissed.
func (r DialogRequest) Accept() bool { return r.Op == "accept" }

// Validate: only a prompt's accept takes a text.
func (r DialogRequest) Validate() error {
	if r.Op == "dismiss" && r.Text != "" {
		return usagef("dismiss takes no TEXT (only accept answers a prompt with one)")
	}
	return nil
}

func init() {
	register(Command{
		Name:  "dialog",
		Usage: "Answer the dialog that is open (alert, confirm, prompt, beforeunload): accept (TEXT answers a prompt) or dismiss (Cancel)",
		Detail: "A dialog an action raises is left open and listed under Events; until it is answered, every command that reads or acts " +
			"on the page fails with dialog_open. The envelope's Changes show what answering did (a confirm that deletes, a prompt's text shown).",
		Title: "Answer a dialog",
		Acts:  true,
		Params: []Param{
			{Key: "op", Kind: KindText, Word: true, Required: true, Enum: []string{"accept", "dismiss"}, Help: "accept, or dismiss (Cancel)."},
			{Key: "text", Kind: KindString, Word: true, Help: "With accept: the text to answer a prompt with."},
		},
		New: func() Request { return &DialogRequest{} },
	})
}
