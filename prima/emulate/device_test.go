package emulate

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
)

var testDevices = func() map[string]*playwright.DeviceDescriptor {
	m := map[string]*playwright.DeviceDescriptor{}
	for _, n := range []string{"iPhone 13", "iPhone 13 landscape", "iPhone 13 Mini", "iPhone 13 Pro", "iPhone 13 Pro Max", "iPhone 12",
		"Pixel 7", "Pixel 7 landscape", "Pixel 5", "Desktop Chrome", "Desktop Firefox", "iPad Mini", "Galaxy S9+"} {
		m[n] = &playwright.DeviceDescriptor{Viewport: &playwright.Size{Width: 1, Height: 1}}
	}
	return m
}()

// A name is found as Playwright spells it, or with case and spaces
// aside when only one name matches so; any other is a usage error that
// names the closest.
func TestFindTakesItsNameAndNamesTheClosestOtherwise(t *testing.T) {
	for asked, want := range map[string]string{"iPhone 13": "iPhone 13", "iphone 13": "iPhone 13", "IPHONE13": "iPhone 13",
		"pixel 7 landscape": "Pixel 7 landscape", "galaxy s9+": "Galaxy S9+"} {
		if name, d, err := Find(testDevices, asked); err != nil || name != want || d != testDevices[want] {
			t.Errorf("Find(%q): %q, %v; want %q", asked, name, err, want)
		}
	}
	for asked, want := range map[string]string{
		"iPhone 13 Ultra": `the closest: "iPhone 13", "iPhone 13 Pro", "iPhone 13 Mini", "iPhone 13 Pro Max", "iPhone 13 landscape" (and 1 more like it)`,
		"iphone 1":        `the closest: "iPhone 12", "iPhone 13", "iPhone 13 Pro",`,
		"Pixle 7":         `the closest: "Pixel 7", "Pixel 7 landscape", "Pixel 5"`,
		"Desktop":         `the closest: "Desktop Chrome", "Desktop Firefox"; nothing was set`,
		"Nokia":           `it has 13, such as "Desktop Chrome", "iPhone 13", "Pixel 7", "iPad Mini"`,
	} {
		_, _, err := Find(testDevices, asked)
		var se *SettingError
		if !errors.As(err, &se) || se.FailureCode() != envelope.CodeUsage || !strings.Contains(err.Error(), `no device named "`+asked+`"`) || !strings.Contains(err.Error(), want) {
			t.Errorf("Find(%q): %v; want a usage error saying %s", asked, err, want)
		}
	}
}

func TestOneApart(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{{"pixel", "pixel", true}, {"pixle", "pixel", true}, {"pxel", "pixel", true}, {"pixxel", "pixel", true}, {"pinel", "pixel", true},
		{"pxle", "pixel", false}, {"galaxy", "pixel", false}, {"ipone", "iphone", true}} {
		if got := oneApart(c.a, c.b); got != c.want {
			t.Errorf("oneApart(%q, %q) = %v", c.a, c.b, got)
		}
	}
}

// A device's metrics are Playwright's: a phone held upright is portrait,
// one on its side (its screen wider than tall) landscape at 90 degrees.
func TestDeviceMetricsAreAsPlaywrightSetsThem(t *testing.T) {
	phone := &playwright.DeviceDescriptor{Viewport: &playwright.Size{Width: 390, Height: 664}, Screen: &playwright.Size{Width: 390, Height: 844},
		DeviceScaleFactor: 3, IsMobile: true, HasTouch: true}
	want := map[string]any{"mobile": true, "width": 390, "height": 664, "screenWidth": 390, "screenHeight": 844, "deviceScaleFactor": 3.0,
		"screenOrientation": map[string]any{"angle": 0, "type": "portraitPrimary"}}
	if got := deviceMetrics(phone); !reflect.DeepEqual(got, want) {
		t.Errorf("upright: %v\nwant %v", got, want)
	}
	side := *phone
	side.Screen = &playwright.Size{Width: 844, Height: 390}
	if o := deviceMetrics(&side)["screenOrientation"]; !reflect.DeepEqual(o, map[string]any{"angle": 90, "type": "landscapePrimary"}) {
		t.Errorf("on its side: %v", o)
	}
	desk := &playwright.DeviceDescriptor{Viewport: &playwright.Size{Width: 1280, Height: 720}}
	if m := deviceMetrics(desk); m["deviceScaleFactor"] != 1.0 || m["screenWidth"] != 1280 || m["mobile"] != false {
		t.Errorf("desktop: %v", m)
	}
	for ua, want := range map[string]string{
		"Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X)":  "iOS 15_0 arm",
		"Mozilla/5.0 (Linux; Android 14; Pixel 7) Chrome/156.0":   "Android 14 arm",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/156.0":  "Windows 10.0 x86",
		"Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/156.0":    "Linux  x86",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Firefox": "macOS 10_15_7 x86",
	} {
		m := userAgentMetadata(&playwright.DeviceDescriptor{UserAgent: ua})
		if got := m["platform"].(string) + " " + m["platformVersion"].(string) + " " + m["architecture"].(string); got != want {
			t.Errorf("%s: %q, want %q", ua, got, want)
		}
	}
}
