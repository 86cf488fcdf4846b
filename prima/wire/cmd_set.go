package wire

import "strconv"

// SetRequest is `prima set viewport WIDTH HEIGHT`.
type SetRequest struct {
	Target
	What   string `json:"what"`
	Width  string `json:"width"`
	Height string `json:"height"`
}

// Validate: a viewport is two whole numbers of pixels.
func (r SetRequest) Validate() error {
	for _, v := range []string{r.Width, r.Height} {
		if n, err := strconv.Atoi(v); err != nil || n < 1 || n > 10000 {
			return usagef("viewport takes a WIDTH and a HEIGHT in pixels, 1 to 10000: prima set viewport 1280 720 (got %q)", v)
		}
	}
	return nil
}

// Size is the viewport's width and height (valid after Validate).
func (r SetRequest) Size() (int, int) {
	w, _ := strconv.Atoi(r.Width)
	h, _ := strconv.Atoi(r.Height)
	return w, h
}

func init() {
	register(Command{
		Name:   "set",
		Usage:  "Set the page's viewport to WIDTH x HEIGHT pixels",
		Detail: "A responsive page may show other controls at another size: the envelope's Changes say what changed.",
		Title:  "Set the viewport",
		Acts:   true,
		Params: []Param{
			{Key: "what", Kind: KindText, Word: true, Required: true, Enum: []string{"viewport"}, Help: "What to set."},
			{Key: "width", Kind: KindText, Word: true, Required: true, Help: "Pixels, 1 to 10000."},
			{Key: "height", Kind: KindText, Word: true, Required: true, Help: "Pixels, 1 to 10000."},
		},
		New: func() Request { return &SetRequest{} },
	})
}
