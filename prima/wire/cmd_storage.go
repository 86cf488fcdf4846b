package wire

// StorageRequest is `prima storage get [KEY] | set KEY VALUE | clear [KEY]`.
type StorageRequest struct {
	Target
	Op      string `json:"op"`
	Key     string `json:"key,omitempty"`
	Value   string `json:"value,omitempty"`
	Session bool   `json:"session,omitempty"`
}

// Validate: set takes a key and a value; get and clear at most a key.
func (r StorageRequest) Validate() error {
	switch {
	case r.Op == "set" && (r.Key == "" || r.Value == ""):
		return usagef("set needs a KEY and a VALUE: prima storage set theme dark (storage clear KEY removes an item)")
	case r.Op != "set" && r.Value != "":
		return usagef("%s takes at most a KEY (got a value too)", r.Op)
	}
	return nil
}

func init() {
	register(Command{
		Name: "storage",
		Usage: "The page origin's local storage (--session: session storage): get all items or KEY's, set KEY VALUE, " +
			"or clear all or KEY",
		Detail: "Storage belongs to the page's origin; the page sees a change when it next reads it (set and clear report the page's Changes).",
		Title:  "Web storage",
		Acts:   true,
		Params: []Param{
			{Key: "op", Kind: KindText, Word: true, Required: true, Enum: []string{"get", "set", "clear"}, Help: "What to do."},
			{Key: "key", Kind: KindText, Word: true, Help: "The item's key (set; get and clear: only this one)."},
			{Key: "value", Kind: KindString, Word: true, Help: "The item's value (set)."},
			{Key: "session", Kind: KindBool, Help: "Session storage instead of local storage."},
		},
		New: func() Request { return &StorageRequest{} },
	})
}
