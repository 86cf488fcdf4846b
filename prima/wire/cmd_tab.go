package wire

import "strconv"

// TabRequest is `prima tab list | new [URL] | select N | close [N]`.
type TabRequest struct {
	Target
	Op    string `json:"op"`
	Value string `json:"value,omitempty"` // select, close: the tab's number; new: the URL
}

// Index is the 1-based tab number select and close name, 0 for none
// (valid after Validate).
func (r TabRequest) Index() int {
	if r.Op != "select" && r.Op != "close" {
		return 0
	}
	n, _ := strconv.Atoi(r.Value)
	return n
}

// URL is the page a new tab opens, "" for a blank one.
func (r TabRequest) URL() string {
	if r.Op != "new" {
		return ""
	}
	return r.Value
}

// Validate: select needs a tab number, close may take one, list nothing.
func (r TabRequest) Validate() error {
	switch {
	case r.Op == "list" && r.Value != "":
		return usagef("list takes nothing after it (got %q)", r.Value)
	case r.Op == "select" && r.Value == "":
		return usagef("select needs N: the tab's number as prima tab list prints it (1, 2, …)")
	case r.Op == "select" || r.Op == "close" && r.Value != "":
		if n, err := strconv.Atoi(r.Value); err != nil || n < 1 {
			return usagef("%s: %q is not a tab number (1, 2, … as prima tab list prints them)", r.Op, r.Value)
		}
	}
	return nil
}

func init() {
	register(Command{
		Name:  "tab",
		Usage: "List, open, select and close the browser's tabs; prima acts on the selected one",
		Detail: "list: [N] title url, the selected one marked (it works while a dialog is open). new [URL]: open a tab. select N. " +
			"close [N]: the selected one without N. A tab an action opens is reported under Events, not selected.",
		Title: "Tabs",
		Acts:  true,
		Params: []Param{
			{Key: "op", Kind: KindText, Word: true, Required: true, Enum: []string{"list", "new", "select", "close"}, Help: "What to do."},
			{Key: "value", Kind: KindString, Word: true, Help: "select, close: the tab's number as list prints it (1, 2, …); new: the URL to open."},
		},
		New: func() Request { return &TabRequest{} },
	})
}
