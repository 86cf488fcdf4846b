package wire

// GetRequest is `prima get text|value|attr NAME|count|box TARGET`.
type GetRequest struct {
	Target
	What string `json:"what"`
	Name string `json:"name,omitempty"` // attr's attribute
	Ref  string `json:"target"`
}

// Validate: attr names its attribute, and only attr takes a name.
func (r GetRequest) Validate() error {
	switch {
	case r.What == "attr" && r.Name == "":
		return usagef("attr needs the attribute's NAME before the TARGET: prima get attr href e5")
	case r.What != "attr" && r.Name != "":
		return usagef("%s takes only a TARGET (got %q before it); only attr takes a NAME", r.What, r.Name)
	}
	return nil
}

func init() {
	register(Command{
		Name: "get",
		Usage: "Read one thing of an element, as JSON in the Answer: its text, its value (a password shows ••••), an attribute (null when absent), " +
			"how many elements TARGET matches, or its box (null when not rendered)",
		Detail: "Reads; acts on nothing. For what the tree does not show (a value, an href, a count); prefer snapshot to read the page.",
		Title:  "Read an element",
		Params: []Param{
			{Key: "what", Kind: KindText, Word: true, Required: true, Enum: []string{"text", "value", "attr", "count", "box"}, Help: "What to read."},
			{Key: "name", Kind: KindText, Word: true, Help: "attr only: the attribute's name (href, aria-label)."},
			{Key: "target", Kind: KindText, Word: true, Required: true, Help: "A ref or Playwright selector; count takes a selector that may match many."},
		},
		New: func() Request { return &GetRequest{} },
	})
}
