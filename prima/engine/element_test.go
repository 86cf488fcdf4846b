package engine

import (
	"strings"
	"testing"
)

// A select action fails at once on an option the select does not hold,
// listing what it holds (the first 20); one matched by value or by label
// is there.
func TestHoldsOptions(t *testing.T) {
	opts := [][2]string{{"eu", "Europe"}, {"as", "Asia"}}
	if err := holdsOptions(`combobox "Region"`, opts, []string{"as", "Europe"}); err != nil {
		t.Errorf("by value and by label: %v", err)
	}
	err := holdsOptions(`combobox "Region"`, opts, []string{"Europe", "Mars"})
	if err == nil || err.Error() != `combobox "Region" has no option "Mars" (its options: "Europe", "Asia"); nothing was done` {
		t.Errorf("Mars: %v", err)
	}
	many := make([][2]string, 25)
	for i := range many {
		many[i] = [2]string{string(rune('a' + i)), string(rune('A' + i))}
	}
	if err := holdsOptions("combobox", many, []string{"zz"}); err == nil || !strings.Contains(err.Error(), `"T", … 5 more)`) {
		t.Errorf("25 options: %v", err)
	}
}
