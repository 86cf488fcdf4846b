package wire

// BackRequest is `prima back`.
type BackRequest struct{ Target }

// ForwardRequest is `prima forward`.
type ForwardRequest struct{ Target }

// ReloadRequest is `prima reload`.
type ReloadRequest struct{ Target }

func init() {
	history := func(name, title string, req func() Request) {
		register(Command{
			Name:   name,
			Usage:  title + ", proven like any action",
			Detail: "Page shows the URL's change and Changes the new content.",
			Title:  title,
			Acts:   true,
			New:    req,
		})
	}
	history("back", "Go back in the selected tab's history", func() Request { return &BackRequest{} })
	history("forward", "Go forward in the selected tab's history", func() Request { return &ForwardRequest{} })
	history("reload", "Reload the page", func() Request { return &ReloadRequest{} })
}
