package wire

import (
	"slices"
	"strconv"
	"strings"
)

// SetRequest is `prima set viewport WIDTH HEIGHT | color-scheme SCHEME |
// geolocation LAT LON | headers NAME:VALUE... | locale LOCALE | timezone ZONE |
// device NAME | device none | permissions NAME... | download-dir DIR | download-dir none`.
type SetRequest struct {
	Target
	What   string   `json:"what"`
	Values []string `json:"values"`
}

// Permissions are the permissions `set permissions` grants: those
// Playwright grants on Chromium.
var Permissions = []string{"geolocation", "notifications", "camera", "microphone", "clipboard-read", "clipboard-write",
	"midi", "midi-sysex", "background-sync", "ambient-light-sensor", "accelerometer", "gyroscope", "magnetometer",
	"accessibility-events", "payment-handler", "storage-access", "local-fonts"}

// Validate checks the values each setting takes.
func (r SetRequest) Validate() error {
	v := r.Values
	switch r.What {
	case "viewport":
		if len(v) != 2 {
			return usagef("viewport takes a WIDTH and a HEIGHT in pixels: prima set viewport 1280 720")
		}
		for _, x := range v {
			if n, err := strconv.Atoi(x); err != nil || n < 1 || n > 10000 {
				return usagef("viewport takes a WIDTH and a HEIGHT in pixels, 1 to 10000: prima set viewport 1280 720 (got %q)", x)
			}
		}
	case "color-scheme":
		if len(v) != 1 || (v[0] != "dark" && v[0] != "light" && v[0] != "no-preference") {
			return usagef("color-scheme takes dark, light or no-preference: prima set color-scheme dark")
		}
	case "geolocation":
		if len(v) != 2 {
			return usagef("geolocation takes a LATITUDE and a LONGITUDE in degrees: prima set geolocation 48.8566 2.3522")
		}
		for i, lim := range []float64{90, 180} {
			if f, err := strconv.ParseFloat(v[i], 64); err != nil || f < -lim || f > lim {
				return usagef("geolocation takes a latitude from -90 to 90 and a longitude from -180 to 180 (got %q)", v[i])
			}
		}
	case "permissions":
		if len(v) == 0 || len(v) > 1 && slices.Contains(v, "none") {
			return usagef("permissions takes one or more names, or none: prima set permissions notifications clipboard-read")
		}
		for _, p := range v {
			if p != "none" && !slices.Contains(Permissions, p) {
				return usagef("%q is not a permission Chromium grants: %s, or none", p, strings.Join(Permissions, ", "))
			}
		}
	case "locale", "timezone":
		if len(v) != 1 || strings.TrimSpace(v[0]) == "" || strings.ContainsAny(v[0], " \t\r\n") {
			return usagef("%s takes one name: prima set locale de-DE, prima set timezone Europe/Berlin", r.What)
		}
	case "device":
		if r.Device() == "" {
			return usagef("device takes a device's name as Playwright lists it, or none: prima set device iPhone 13, prima set device none")
		}
	case "download-dir":
		if len(v) != 1 || strings.TrimSpace(v[0]) == "" {
			return usagef("download-dir takes one folder (quoted when its name has spaces), or none: prima set download-dir ./downloads")
		}
	case "headers":
		if len(v) == 0 {
			return usagef("headers takes one or more NAME:VALUE: prima set headers 'X-Team: blue'")
		}
		for _, h := range v {
			if _, _, err := SplitHeader(h); err != nil {
				return usagef("%v (got %q)", err, h)
			}
		}
	}
	return nil
}

// Size is the viewport's width and height (valid after Validate).
func (r SetRequest) Size() (int, int) {
	w, _ := strconv.Atoi(r.Values[0])
	h, _ := strconv.Atoi(r.Values[1])
	return w, h
}

// Device is the device's name asked for, its words joined by one space:
// `set device iPhone 13` and `set device 'iPhone 13'` ask for the same.
func (r SetRequest) Device() string {
	return strings.Join(strings.Fields(strings.Join(r.Values, " ")), " ")
}

// NoDevice tells whether the device asked for is none: the tab's own
// size, user agent and input again.
func (r SetRequest) NoDevice() bool { return strings.EqualFold(r.Device(), "none") }

// Headers are the headers asked for, by name (valid after Validate).
func (r SetRequest) Headers() map[string]string { return HeaderMap(r.Values) }

// LatLon is the geolocation asked for (valid after Validate).
func (r SetRequest) LatLon() (float64, float64) {
	lat, _ := strconv.ParseFloat(r.Values[0], 64)
	lon, _ := strconv.ParseFloat(r.Values[1], 64)
	return lat, lon
}

func init() {
	register(Command{
		Name: "set",
		Usage: "Set the page's viewport (WIDTH HEIGHT), color-scheme (dark|light|no-preference), geolocation (LAT LON, " +
			"granting the permission), extra request headers (NAME:VALUE...), locale (de-DE: Intl, navigator.language and " +
			"Accept-Language), timezone (Europe/Berlin), device (a Playwright device's name: iPhone 13, Pixel 7; or none), " +
			"permissions (NAME... granted to every page, or none) or download-dir (DIR: where downloads are saved; none: " +
			"each command's artifacts folder)",
		Detail: "A page may show other controls at another size or scheme, or another place: the envelope's Changes say what " +
			"changed. A device sets the tab's viewport, screen, device pixel ratio, mobile layout, touch and user agent as " +
			"Playwright's descriptor of that device has them (its name may be several words, quoted or not, case aside; a name Playwright " +
			"does not list is refused, naming the closest); what a page reads only as it loads (touch events, its server's answer to the " +
			"user agent) changes on its next load (prima reload); a later viewport resizes the device; device none gives the tab its own back. The color scheme, locale, time zone and device are the tab's; geolocation, headers and permissions hold for every tab of the " +
			"browser, prima's own or an attached session's, until set again. download-dir is the instance's: every download an " +
			"action or `wait download` saves from then on goes into DIR (relative to the caller's folder; made when missing), " +
			"under the server's suggested name, or a numbered sibling (report-2.csv) when the name is taken: a file there is never " +
			"overwritten, and Events say so; until set again (none: each command's artifacts folder) or the instance closes.",
		Title: "Set a browser setting",
		Acts:  true,
		Params: []Param{
			{Key: "what", Kind: KindText, Word: true, Required: true, Enum: []string{"viewport", "color-scheme", "geolocation", "headers", "locale", "timezone", "device", "permissions", "download-dir"}, Help: "What to set."},
			{Key: "values", Kind: KindWords, Word: true, Required: true, Help: "Its values: WIDTH HEIGHT (pixels); dark, light or no-preference; LATITUDE LONGITUDE; NAME:VALUE for each header; a locale (de-DE); an IANA time zone (Europe/Berlin); a device's name (iPhone 13), or none; permission names, or none; a folder, or none."},
		},
		New: func() Request { return &SetRequest{} },
	})
}
