package wire

// ResearchRequest is `prima research`.
type ResearchRequest struct{ Target }

func init() {
	register(Command{
		Name:  "research",
		Usage: "Build and store the UI map of the current page state (do prefers it from the third visit); acts on nothing",
		Detail: "The map holds the state's controls and the locator for each. Rarely needed by hand. While a dialog is open it " +
			"fails with dialog_open: answer the dialog first.",
		Title: "Research the page",
		New:   func() Request { return &ResearchRequest{} },
	})
}
