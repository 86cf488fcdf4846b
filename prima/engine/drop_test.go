package engine

import "testing"

func TestADragArrivesOnlyWhereItWasAsked(t *testing.T) {
	board := dropPlace{Depth: 3, Apart: -1, Dist: 300}
	for _, c := range []struct {
		name     string
		was, now dropPlace
		want     bool
	}{
		{"into the target's list", board, dropPlace{Depth: 4, Apart: -1, Dist: 280}, true},
		{"inside the target", board, dropPlace{Inside: true, Depth: 5, Apart: -1}, true},
		{"reordered in its own list, nowhere near the target", board, dropPlace{Depth: 3, Apart: -1, Dist: 260}, false},
		{"already under the heading it is dropped on, moved up toward it", dropPlace{Near: true, Depth: 4, Apart: -1, Index: 1, Dist: 70}, dropPlace{Near: true, Depth: 4, Apart: -1, Index: 0, Dist: 40}, true},
		{"already under the heading, put back where it was", dropPlace{Near: true, Depth: 4, Apart: -1, Index: 1, Dist: 70}, dropPlace{Near: true, Depth: 4, Apart: -1, Index: 1, Dist: 70}, false},
		{"already under the heading, moved away from it", dropPlace{Near: true, Depth: 4, Apart: -1, Index: 0, Dist: 40}, dropPlace{Near: true, Depth: 4, Apart: -1, Index: 2, Dist: 100}, false},
		{"onto the target's place, the target over it", board, dropPlace{Depth: 3, Apart: -1, Dist: 10}, true},
		{"past a sibling", dropPlace{Depth: 4, Before: true, Apart: 1, Dist: 40}, dropPlace{Depth: 4, Before: false, Apart: 1, Dist: 40}, true},
		{"beside a sibling two apart", dropPlace{Depth: 4, Before: true, Apart: 2, Dist: 80}, dropPlace{Depth: 4, Before: true, Apart: 1, Dist: 40}, true},
		{"among siblings, unmoved", dropPlace{Depth: 4, Before: true, Apart: 2, Dist: 80}, dropPlace{Depth: 4, Before: true, Apart: 2, Dist: 80}, false},
		{"drawn anew by the page", board, dropPlace{Gone: true}, true},
	} {
		if got := c.was.arrived(c.now); got != c.want {
			t.Errorf("%s: arrived = %v, want %v", c.name, got, c.want)
		}
	}
}
