package wire

import "strings"

// DoRequest is `prima do INSTRUCTION...`: natural-language instructions,
// one per entry.
type DoRequest struct {
	Target
	Configured
	Instructions []string `json:"instructions"`
}

// Validate needs at least one instruction, none of them blank.
func (r DoRequest) Validate() error {
	if len(r.Instructions) == 0 {
		return usagef("do needs at least one instruction")
	}
	for i, x := range r.Instructions {
		if strings.TrimSpace(x) == "" {
			return usagef("instruction %d is empty", i+1)
		}
	}
	return nil
}

func init() {
	register(Command{
		Name:  "do",
		Usage: "Perform natural-language instructions, exactly these and in order, one action each, proving each",
		Detail: `One instruction per argument: prima do "fill Name with Ada" "click the Save button". The literal forms need no ` +
			`model: "click Save", "fill Name with Ada", "type hello into Search", "select Blue from Colour", "check Agree", ` +
			`"press Enter", "hover Menu", "clear Name", "go to /settings". Elements are named by what they show: an exact ` +
			`accessible name, else whole words ("Subscribe" never matches "Unsubscribe"); refs are not used. The Steps section ` +
			`gives each step's proof, or unproven when it ran without a visible effect (the call stays ok; proven: N/M counts ` +
			`them). A step that fails stops the rest and the command fails. Other instructions need a model configured for prima.`,
		Title: "Do instructions",
		Acts:  true,
		Params: []Param{
			{Key: "instructions", Kind: KindWords, Word: true, Required: true, Help: "One instruction per entry, one action each, in order."},
		},
		New: func() Request { return &DoRequest{} },
	})
}
