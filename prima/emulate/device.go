package emulate

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/mxschmitt/playwright-go"
)

// Find is the descriptor named name: that very name, else the one name
// equal to it but for case and spaces (`iphone 13`, `iPhone13`). Any other
// name is the caller's to fix, and the error names the closest.
func Find(devices map[string]*playwright.DeviceDescriptor, name string) (string, *playwright.DeviceDescriptor, error) {
	if d, ok := devices[name]; ok {
		return name, d, nil
	}
	var same []string
	for n := range devices {
		if squeeze(n) == squeeze(name) {
			same = append(same, n)
		}
	}
	if len(same) == 1 {
		return same[0], devices[same[0]], nil
	}
	if len(devices) == 0 {
		return "", nil, &SettingError{What: "device", Why: "prima's Playwright driver lists no devices; nothing was set"}
	}
	names := slices.Sorted(maps.Keys(devices))
	why := fmt.Sprintf("Playwright has no device named %q", name)
	if close, more := closeDevices(names, name, 5); len(close) > 0 {
		why += "; the closest: " + quoteList(close)
		if more > 0 {
			why += fmt.Sprintf(" (and %d more like it)", more)
		}
	} else {
		why += fmt.Sprintf("; it has %d, such as %s", len(names), quoteList(someOf(names, "Desktop Chrome", "iPhone 13", "Pixel 7", "iPad Mini")))
	}
	return "", nil, &SettingError{What: "device", Why: why + "; nothing was set (set device none gives the tab its own back)"}
}

// squeeze is a name with case and spaces aside.
func squeeze(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), "")) }

// quoteList is the names quoted, a comma between.
func quoteList(names []string) string {
	var q []string
	for _, n := range names {
		q = append(q, fmt.Sprintf("%q", n))
	}
	return strings.Join(q, ", ")
}

// closeDevices are up to n names close to asked, the closest first, and
// how many more are close to it: those that begin with it (case and
// spaces aside), then those that hold it, then those that share the most
// words with it (a word also matches one it begins, or one a letter
// away: pixle, ipone). Among as close, the shorter name first, so a
// device comes before its landscape and its Pro.
func closeDevices(names []string, asked string, n int) ([]string, int) {
	a := squeeze(asked)
	words := strings.Fields(strings.ToLower(asked))
	type scored struct {
		name        string
		tier, words int
	}
	var found []scored
	for _, name := range names {
		s := scored{name: name, tier: 3}
		switch sq := squeeze(name); {
		case a == "":
		case strings.HasPrefix(sq, a):
			s.tier = 0
		case strings.Contains(sq, a):
			s.tier = 1
		}
		for _, w := range words {
			for _, nw := range strings.Fields(strings.ToLower(name)) {
				if strings.HasPrefix(nw, w) || len(w) >= 4 && len(nw) >= 4 && oneApart(w, nw) {
					s.words++
					break
				}
			}
		}
		if s.tier == 3 && s.words > 0 {
			s.tier = 2
		}
		if s.tier < 3 {
			found = append(found, s)
		}
	}
	slices.SortFunc(found, func(x, y scored) int {
		if x.tier != y.tier {
			return x.tier - y.tier
		}
		if x.words != y.words {
			return y.words - x.words
		}
		if len(x.name) != len(y.name) {
			return len(x.name) - len(y.name)
		}
		return strings.Compare(x.name, y.name)
	})
	var out []string
	for _, s := range found[:min(n, len(found))] {
		out = append(out, s.name)
	}
	return out, len(found) - len(out)
}

// oneApart tells whether a and b differ by at most one letter changed,
// added, dropped, or two neighbours swapped.
func oneApart(a, b string) bool {
	if a == b {
		return true
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > 1 {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if len(a) == len(b) {
		return a[i+1:] == b[i+1:] ||
			i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	}
	return a[i:] == b[i+1:]
}

// someOf are those of want that names holds, else its first few.
func someOf(names []string, want ...string) []string {
	var out []string
	for _, w := range want {
		if slices.Contains(names, w) {
			out = append(out, w)
		}
	}
	if len(out) == 0 {
		out = names[:min(4, len(names))]
	}
	return out
}

// Device gives the tab the device's viewport, screen, device pixel ratio,
// mobile layout, touch and user agent as Playwright does for a context
// created with the device, or, with d nil, its own back.
func (ts *Tabs) Device(page playwright.Page, d *playwright.DeviceDescriptor) error {
	if t, ok := ts.m[page]; d == nil && (!ok || t.device == nil) {
		return nil // the tab has its own already
	}
	t, err := ts.devtools(page)
	if err != nil {
		return err
	}
	if d == nil {
		// Chromium applies one device override per tab: clearing prima's
		// clears Playwright's too, leaving the window's size and the
		// screen's until the next load, when each session's comes back
		// (prima's last, so prima's session must hold none). Playwright
		// sends its own again only for a size other than the one it last
		// sent: a page it gave a viewport is resized off it and back.
		if _, err := t.s.Send("Emulation.clearDeviceMetricsOverride", nil); err != nil {
			return err
		}
		if vp := page.ViewportSize(); vp != nil {
			if err := page.SetViewportSize(vp.Width, vp.Height+1); err != nil {
				return err
			}
			if err := page.SetViewportSize(vp.Width, vp.Height); err != nil {
				return err
			}
		}
		if _, err := t.s.Send("Emulation.setTouchEmulationEnabled", map[string]any{"enabled": false}); err != nil {
			return err
		}
		t.device = nil
		return t.userAgent()
	}
	if _, err := t.s.Send("Emulation.setDeviceMetricsOverride", deviceMetrics(d)); err != nil {
		return err
	}
	touch := map[string]any{"enabled": d.HasTouch}
	if d.HasTouch {
		touch["maxTouchPoints"] = 5
	}
	if _, err := t.s.Send("Emulation.setTouchEmulationEnabled", touch); err != nil {
		return err
	}
	t.device = d
	return t.userAgent()
}

// Resize gives a tab with a device the size Playwright's page was just
// given, keeping the device's ratio, mobile layout and touch, as
// Playwright resizes a context created with a device: Playwright's own
// resize sets a desktop page's metrics, and none at all when the size is
// the one it last set.
func (ts *Tabs) Resize(page playwright.Page, w, h int) error {
	t, ok := ts.m[page]
	if !ok || t.device == nil {
		return nil
	}
	d := *t.device
	d.Viewport = &playwright.Size{Width: w, Height: h}
	if d.Screen == nil {
		d.Screen = t.device.Viewport
	}
	t.device = &d
	_, err := t.s.Send("Emulation.setDeviceMetricsOverride", deviceMetrics(&d))
	return err
}

// deviceMetrics is Emulation.setDeviceMetricsOverride's parameters for
// the device, as Playwright's Chromium page has them.
func deviceMetrics(d *playwright.DeviceDescriptor) map[string]any {
	view, screen := d.Viewport, d.Screen
	if screen == nil {
		screen = view
	}
	orientation := map[string]any{"angle": 0, "type": "landscapePrimary"}
	if d.IsMobile && screen.Width <= screen.Height {
		orientation["type"] = "portraitPrimary"
	} else if d.IsMobile {
		orientation["angle"] = 90
	}
	return map[string]any{"mobile": d.IsMobile, "width": view.Width, "height": view.Height,
		"screenWidth": screen.Width, "screenHeight": screen.Height, "deviceScaleFactor": deviceScale(d), "screenOrientation": orientation}
}

// deviceScale is the device's pixel ratio, 1 where it names none.
func deviceScale(d *playwright.DeviceDescriptor) float64 {
	if d.DeviceScaleFactor == 0 {
		return 1
	}
	return d.DeviceScaleFactor
}

var (
	androidVersion = regexp.MustCompile(`Android (\d+(\.\d+)?(\.\d+)?)`)
	iPhoneVersion  = regexp.MustCompile(`iPhone OS (\d+(_\d+)?)`)
	iPadVersion    = regexp.MustCompile(`iPad; CPU OS (\d+(_\d+)?)`)
	macVersion     = regexp.MustCompile(`Mac OS X (\d+(_\d+)?(_\d+)?)`)
	windowsVersion = regexp.MustCompile(`Windows\D+(\d+(\.\d+)?(\.\d+)?)`)
)

// userAgentMetadata is what navigator.userAgentData and the client hints
// say of the device, read from its user agent as Playwright reads it.
func userAgentMetadata(d *playwright.DeviceDescriptor) map[string]any {
	ua := d.UserAgent
	m := map[string]any{"mobile": d.IsMobile, "model": "", "architecture": "x86", "platform": "Windows", "platformVersion": ""}
	version := func(re *regexp.Regexp) string {
		if v := re.FindStringSubmatch(ua); v != nil {
			return v[1]
		}
		return ""
	}
	switch {
	case version(androidVersion) != "":
		m["platform"], m["platformVersion"], m["architecture"] = "Android", version(androidVersion), "arm"
	case version(iPhoneVersion) != "":
		m["platform"], m["platformVersion"], m["architecture"] = "iOS", version(iPhoneVersion), "arm"
	case version(iPadVersion) != "":
		m["platform"], m["platformVersion"], m["architecture"] = "iOS", version(iPadVersion), "arm"
	case version(macVersion) != "":
		m["platform"], m["platformVersion"] = "macOS", version(macVersion)
		if !strings.Contains(ua, "Intel") {
			m["architecture"] = "arm"
		}
	case version(windowsVersion) != "":
		m["platformVersion"] = version(windowsVersion)
	case strings.Contains(strings.ToLower(ua), "linux"):
		m["platform"] = "Linux"
	}
	if strings.Contains(ua, "ARM") {
		m["architecture"] = "arm"
	}
	return m
}

// Summary says what a device gives a tab.
func Summary(name string, d *playwright.DeviceDescriptor) string {
	kind, touch := "desktop", "no touch"
	if d.IsMobile {
		kind = "mobile"
	}
	if d.HasTouch {
		touch = "touch"
	}
	return fmt.Sprintf("%s: viewport %d×%d, device pixel ratio %g, %s, %s; user agent %q", name, d.Viewport.Width, d.Viewport.Height,
		deviceScale(d), kind, touch, d.UserAgent)
}
