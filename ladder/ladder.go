// Package ladder names the four perception tiers prima's do loop uses and
// decides the descent between them.
package ladder

// Tier is one way of seeing the page, from cheapest to most expensive.
type Tier int

const (
	ResearchMap Tier = 1 // a stored UI map of a well-visited state
	AriaRefs    Tier = 2 // the AI-mode aria snapshot with refs (the default)
	Markup      Tier = 3 // capped compact markup
	Vision      Tier = 4 // a screenshot and coordinates; click only
)

func (t Tier) String() string {
	switch t {
	case ResearchMap:
		return "research map"
	case AriaRefs:
		return "aria snapshot with refs"
	case Markup:
		return "compact markup"
	case Vision:
		return "vision"
	}
	return "unknown tier"
}

// Start is the tier a step begins at: the research map from the
// researchAfter-th visit of a state when a map exists, else refs.
func Start(visit, researchAfter int, haveMap bool) Tier {
	if haveMap && researchAfter > 0 && visit >= researchAfter {
		return ResearchMap
	}
	return AriaRefs
}

// Event is what makes the loop look again.
type Event int

const (
	RefFailed       Event = iota // an action on a ref or map locator failed
	NotInTree                    // the target is not in the accessibility tree
	ContextRepeat                // the model asked for context again on the same page
	NeedsAppearance              // the target is identifiable only by how it looks
)

// Next is the tier after ev at t. Vision serves clicks only, so a step
// that is not a click stops at markup; ok is false when there is no lower
// tier to go to.
func Next(t Tier, ev Event, click bool) (next Tier, ok bool) {
	switch {
	case t == ResearchMap:
		return AriaRefs, true
	case t == AriaRefs && ev != NeedsAppearance:
		return Markup, true
	case (t == AriaRefs || t == Markup) && click:
		return Vision, true
	}
	return t, false
}
