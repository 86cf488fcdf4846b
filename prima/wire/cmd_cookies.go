package wire

// CookiesRequest is `prima cookies list | set NAME VALUE | clear [NAME]`.
type CookiesRequest struct {
	Target
	Op     string `json:"op"`
	Name   string `json:"name,omitempty"`
	Value  string `json:"value,omitempty"`
	Domain string `json:"domain,omitempty"`
	Path   string `json:"path,omitempty"`
	URL    string `json:"url,omitempty"`
}

// Validate: set takes a name and a value, clear at most a name, list
// nothing; a cookie is set for a URL or for a domain and path, not both.
func (r CookiesRequest) Validate() error {
	switch {
	case r.Op == "set" && (r.Name == "" || r.Value == ""):
		return usagef("set needs a NAME and a VALUE: prima cookies set session abc123")
	case r.Op == "clear" && r.Value != "":
		return usagef("clear takes at most a NAME (got a value too)")
	case r.Op == "list" && (r.Name != "" || r.Value != ""):
		return usagef("list takes no words (--domain keeps one domain's)")
	case r.URL != "" && (r.Domain != "" || r.Path != ""):
		return usagef("give --url, or --domain and --path, not both")
	case r.Op != "set" && (r.URL != "" || r.Path != ""):
		return usagef("%s takes --domain only (--url and --path are set's)", r.Op)
	}
	return nil
}

func init() {
	register(Command{
		Name: "cookies",
		Usage: "The browser context's cookies: list them (--domain D: one domain's), set NAME VALUE (for the page's URL, " +
			"or --url, or --domain and --path), or clear them all or NAME",
		Detail: "Cookies belong to the whole browser context, not the page: set and clear change what the next request sends; " +
			"the page itself changes only when it reads them. Values print as they are: treat them as secrets.",
		Title: "Cookies",
		Acts:  true,
		Params: []Param{
			{Key: "op", Kind: KindText, Word: true, Required: true, Enum: []string{"list", "set", "clear"}, Help: "What to do."},
			{Key: "name", Kind: KindText, Word: true, Help: "The cookie's name (set; clear: only this one)."},
			{Key: "value", Kind: KindString, Word: true, Help: "The cookie's value (set)."},
			{Key: "domain", Kind: KindText, Help: "The cookie's domain (list, clear: only this domain's; set: instead of the page's URL)."},
			{Key: "path", Kind: KindText, Help: "set with --domain: the cookie's path (default /)."},
			{Key: "url", Kind: KindText, Help: "set: the URL the cookie is for (default: the page's)."},
		},
		New: func() Request { return &CookiesRequest{} },
	})
}
