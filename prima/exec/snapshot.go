package exec

import (
	_ "embed"
	"fmt"

	"github.com/mxschmitt/playwright-go"
)

// compactMarkupJS renders the page as capped compact markup (tier 3): the
// elements a user can act on or read, with the attributes that identify
// them, and frames inline. It reads the DOM and changes nothing.
//
//go:embed js/compact_markup.js
var compactMarkupJS string

// compactMarkup returns tier-3 markup of the page, at most max bytes.
func compactMarkup(page playwright.Page, max int) (string, error) {
	v, err := page.Evaluate(compactMarkupJS, max)
	if err != nil {
		return "", fmt.Errorf("compact markup: %w", err)
	}
	s, _ := v.(string)
	return s, nil
}
