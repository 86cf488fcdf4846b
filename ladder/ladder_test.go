package ladder

import "testing"

func TestStart(t *testing.T) {
	cases := []struct {
		name         string
		visit, after int
		haveMap      bool
		want         Tier
	}{
		{"first visit uses refs", 1, 3, true, AriaRefs},
		{"second visit uses refs", 2, 3, true, AriaRefs},
		{"third visit uses the map", 3, 3, true, ResearchMap},
		{"no map means refs", 9, 3, false, AriaRefs},
		{"knob at zero disables maps", 9, 0, true, AriaRefs},
	}
	for _, c := range cases {
		if got := Start(c.visit, c.after, c.haveMap); got != c.want {
			t.Errorf("%s: Start = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestNext(t *testing.T) {
	cases := []struct {
		name   string
		at     Tier
		ev     Event
		click  bool
		want   Tier
		wantOK bool
	}{
		{"a failed map locator falls to refs", ResearchMap, RefFailed, false, AriaRefs, true},
		{"a failed ref falls to markup", AriaRefs, RefFailed, false, Markup, true},
		{"a target missing from the tree falls to markup", AriaRefs, NotInTree, true, Markup, true},
		{"appearance-only click goes to vision", AriaRefs, NeedsAppearance, true, Vision, true},
		{"markup click falls to vision", Markup, RefFailed, true, Vision, true},
		{"markup fill has nowhere to go", Markup, RefFailed, false, Markup, false},
		{"vision is the floor", Vision, RefFailed, true, Vision, false},
	}
	for _, c := range cases {
		got, ok := Next(c.at, c.ev, c.click)
		if got != c.want || ok != c.wantOK {
			t.Errorf("%s: Next = %v, %v; want %v, %v", c.name, got, ok, c.want, c.wantOK)
		}
	}
	if Markup.String() != "compact markup" || Tier(9).String() != "unknown tier" {
		t.Error("tier names")
	}
}
