package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// What a page reads of the device it runs on.
type seenDevice struct {
	Width, Height int
	Ratio         float64
	Agent         string
	TouchPoints   int
	Coarse, Touch bool
	Mobile        bool
}

const seenDeviceJS = `({Width: innerWidth, Height: innerHeight, Ratio: devicePixelRatio, Agent: navigator.userAgent,
  TouchPoints: navigator.maxTouchPoints, Coarse: matchMedia('(pointer: coarse)').matches, Touch: 'ontouchstart' in window,
  Mobile: !!(navigator.userAgentData && navigator.userAgentData.mobile)})`

// set device gives the tab Playwright's iPhone 13 (390×664 CSS pixels at
// a ratio of 3, a touch screen, Safari's user agent): the page lays out
// that wide, its pointer is coarse, its requests carry the iPhone's
// agent, and after a reload it has touch events; the name may be several
// words or one quoted, in any case; set viewport resizes the device. set device none gives the tab what it
// had (its touch events with its next load). An unknown name is a usage
// error naming the closest. On prima's own browser and on an attached
// playwright-cli session.
func TestSetDeviceGivesTheTabAPhoneAndNoneGivesItsOwnBack(t *testing.T) {
	h := newHarness(t)
	onBoth(h, "device", "/surface/settings", func(name string, p func(...string) string, q func(...string) result) {
		look := func(when string) seenDevice {
			t.Helper()
			var s seenDevice
			if err := json.Unmarshal([]byte(section(p("eval", seenDeviceJS), "Answer")), &s); err != nil {
				t.Fatalf("%s: %s: %v", name, when, err)
			}
			return s
		}
		own := look("before set device")

		r := q("set", "device", "iPhone", "13")
		if acts(t, name+": set device iPhone 13", r, "Screen: 390 wide, ratio 3, coarse pointer") {
			mustContain(t, name+": set device iPhone 13", section(r.out, "Answer"), "iPhone 13: viewport 390×664, device pixel ratio 3, mobile, touch", `user agent "Mozilla/5.0 (iPhone;`)
		}
		if s := look("after set device iPhone 13"); s.Width != 390 || s.Height != 664 || s.Ratio != 3 || !strings.Contains(s.Agent, "iPhone") ||
			s.TouchPoints != 5 || !s.Coarse || !s.Mobile {
			t.Errorf("%s: after set device iPhone 13 the page sees %+v; want 390×664 at 3, an iPhone's agent, 5 touch points, a coarse pointer, mobile", name, s)
		}
		snap := p("snapshot")
		acts(t, name+": click What am I", q("pw", "click", ref(t, snap, "button", "What am I")), "Agent: Mozilla/5.0 (iPhone;")

		// A page reads its touch events as it loads; the device holds
		// across the load.
		p("reload")
		if s := look("after a reload"); !s.Touch || s.Width != 390 || !strings.Contains(s.Agent, "iPhone") {
			t.Errorf("%s: after a reload the page sees %+v; want touch events on the iPhone still", name, s)
		}

		mustContain(t, name+": set device 'pixel 7'", section(p("set", "device", "pixel 7"), "Answer"), "Pixel 7: viewport 412×839")
		if s := look("after set device pixel 7"); s.Width != 412 || !strings.Contains(s.Agent, "Pixel 7") {
			t.Errorf("%s: after set device 'pixel 7' the page sees %+v", name, s)
		}
		// Another size keeps the phone, as a context made with it would.
		p("set", "viewport", "600", "500")
		if s := look("after set viewport 600 500"); s.Width != 600 || s.Height != 500 || s.Ratio != 2.625 || !s.Mobile || !s.Coarse {
			t.Errorf("%s: set viewport 600 500 on the Pixel 7: the page sees %+v; want 600×500 on the Pixel still", name, s)
		}

		// none keeps the size last asked for, and gives back the rest.
		wantChanges(t, name+": set device none", p("set", "device", "none"), "Screen: 600 wide, ratio 1, fine pointer")
		want := own
		want.Width, want.Height, want.Touch = 600, 500, true
		if s := look("after set device none"); s != want {
			t.Errorf("%s: after set device none the page sees\n%+v\nwant what it saw before at 600×500 (touch events until its next load)\n%+v", name, s, want)
		}
		p("set", "viewport", strconv.Itoa(own.Width), strconv.Itoa(own.Height))
		p("reload")
		if s := look("after set device none and a reload"); s != own {
			t.Errorf("%s: after set device none, its size back and a reload the page sees\n%+v\nwant what it saw before\n%+v", name, s, own)
		}

		bad := q("set", "device", "iPhone", "99")
		if bad.code != 2 || !strings.Contains(bad.err, `no device named "iPhone 99"; the closest: "iPhone`) || !strings.Contains(bad.err, "code: usage") {
			t.Errorf("%s: set device iPhone 99: want exit 2 naming the closest devices, got %s", name, bad)
		}
		if s := look("after a refused device"); s.Width != own.Width || s.Agent != own.Agent {
			t.Errorf("%s: a refused device changed the page: %+v", name, s)
		}
	})
	if r := h.prima("set", "device"); r.code != 2 || !strings.Contains(r.err, "VALUES... is missing") {
		t.Errorf("set device with no name: want exit 2, got %s", r)
	}
}
