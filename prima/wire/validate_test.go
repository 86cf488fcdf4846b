package wire

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// Every request checks itself before anything runs: what can never
// succeed is a *UsageError whose message says what the command takes,
// and what may succeed (the bounds themselves, the words of an enum, a
// value that is only unusual) is nil. Each rejection sits beside the
// accepted value just inside the rule it breaks.
func TestRequestsValidateThemselves(t *testing.T) {
	long := strings.Repeat("a", 300)
	for _, c := range []struct {
		name string
		req  Validator
		want string // "" for nil, else a piece of the usage message
	}{
		// pw: the action form.
		{"pw click a ref", PwRequest{Action: "click", Ref: "e5"}, ""},
		{"pw click a selector", PwRequest{Action: "click", Ref: "role=button[name=Save]"}, ""},
		{"pw click a frame's ref", PwRequest{Action: "click", Ref: "f1e3"}, ""},
		{"pw an unknown action", PwRequest{Action: "tap", Ref: "e5"}, `unknown action "tap"; pw knows check, clear, click`},
		{"pw no action", PwRequest{Ref: "e5"}, `unknown action ""`},
		{"pw no target", PwRequest{Action: "click"}, "pw click needs a target: a ref like e5"},
		{"pw a blank target", PwRequest{Action: "check", Ref: " \t"}, "pw check needs a target"},
		{"pw fill one value", PwRequest{Action: "fill", Ref: "e5", Values: []string{"Ada Lovelace"}}, ""},
		{"pw fill an empty value", PwRequest{Action: "fill", Ref: "e5", Values: []string{""}}, ""},
		{"pw fill no value", PwRequest{Action: "fill", Ref: "e5"}, "pw fill needs a value, like: pw fill e5 'Ada' (pw clear e5 empties a field)"},
		{"pw fill two values", PwRequest{Action: "fill", Ref: "e5", Values: []string{"Ada", "Lovelace"}}, "pw fill takes one value (quote a value with spaces); got 2"},
		{"pw type two values", PwRequest{Action: "type", Ref: "e5", Values: []string{"a", "b"}}, "pw type takes one value"},
		{"pw type no value", PwRequest{Action: "type", Ref: "e5"}, "pw type needs a value"},
		{"pw press a key in an element", PwRequest{Action: "press", Ref: "e5", Values: []string{"Enter"}}, ""},
		{"pw press an empty key", PwRequest{Action: "press", Ref: "e5", Values: []string{""}}, "pw press takes one key, like: pw press e5 Enter"},
		{"pw press two keys", PwRequest{Action: "press", Ref: "e5", Values: []string{"Enter", "Tab"}}, "pw press takes one key"},
		{"pw select one option", PwRequest{Action: "select", Ref: "e5", Values: []string{"Blue"}}, ""},
		{"pw select several options", PwRequest{Action: "select", Ref: "e5", Values: []string{"Blue", "Red"}}, ""},
		{"pw select nothing", PwRequest{Action: "select", Ref: "e5"}, "pw select needs at least one option"},
		{"pw upload two files", PwRequest{Action: "upload", Ref: "e5", Values: []string{"a.pdf", "b.pdf"}}, ""},
		{"pw upload nothing", PwRequest{Action: "upload", Ref: "e5"}, "pw upload needs at least one file"},
		{"pw drag onto another", PwRequest{Action: "drag", Ref: "e5", Values: []string{"e9"}}, ""},
		{"pw drag onto a selector", PwRequest{Action: "drag", Ref: "e5", Values: []string{"#trash"}}, ""},
		{"pw drag onto nothing", PwRequest{Action: "drag", Ref: "e5"}, "pw drag needs a second target to drop on"},
		{"pw drag onto a blank", PwRequest{Action: "drag", Ref: "e5", Values: []string{"  "}}, "pw drag needs a second target"},
		{"pw drag onto two", PwRequest{Action: "drag", Ref: "e5", Values: []string{"e6", "e7"}}, "pw drag needs a second target"},
		{"pw drag onto itself", PwRequest{Action: "drag", Ref: "e5", Values: []string{" e5 "}}, "pw drag needs two different targets; e5 onto itself"},
		{"pw drag onto a mistyped ref", PwRequest{Action: "drag", Ref: "e5", Values: []string{"e"}}, `"e" is not a ref`},
		{"pw click with a value", PwRequest{Action: "click", Ref: "e5", Values: []string{"x"}}, `pw click takes no value (got "x")`},
		{"pw clear with a value", PwRequest{Action: "clear", Ref: "e5", Values: []string{""}}, `pw clear takes no value (got "")`},
		// pw: the click options.
		{"pw click with every option", PwRequest{Action: "click", Ref: "e5", Button: "right", Modifiers: []string{"Shift", "Alt"}, Count: 2}, ""},
		{"pw click, count 1", PwRequest{Action: "click", Ref: "e5", Count: 1}, ""},
		{"pw click, count 10", PwRequest{Action: "click", Ref: "e5", Count: 10}, ""},
		{"pw click, count 11", PwRequest{Action: "click", Ref: "e5", Count: 11}, "pw click: clickCount is a whole number from 1 to 10"},
		{"pw click, count -1", PwRequest{Action: "click", Ref: "e5", Count: -1}, "pw click: clickCount is a whole number from 1 to 10"},
		{"pw click, an unknown button", PwRequest{Action: "click", Ref: "e5", Button: "side"}, "pw click: button is 'left', 'right' or 'middle'"},
		{"pw click, an unknown modifier", PwRequest{Action: "click", Ref: "e5", Modifiers: []string{"Hyper"}}, "pw click: a modifier is one of Alt, Control, ControlOrMeta, Meta, Shift"},
		{"pw click, a modifier twice", PwRequest{Action: "click", Ref: "e5", Modifiers: []string{"Shift", "Shift"}}, "pw click: modifier Shift is given twice"},
		{"pw dblclick with a button", PwRequest{Action: "dblclick", Ref: "e5", Button: "middle"}, ""},
		{"pw dblclick with a count", PwRequest{Action: "dblclick", Ref: "e5", Count: 2}, "pw dblclick takes no --count; use pw click --count N"},
		{"pw hover with a modifier", PwRequest{Action: "hover", Ref: "e5", Modifiers: []string{"Control"}}, ""},
		{"pw fill with a button", PwRequest{Action: "fill", Ref: "e5", Values: []string{"a"}, Button: "left"}, "--button, --modifiers and --count go with click (and dblclick; hover takes --modifiers), not fill"},
		{"pw hover with a count", PwRequest{Action: "hover", Ref: "e5", Count: 2}, "pw hover takes only --modifiers"},
		{"pw hover with a button", PwRequest{Action: "hover", Ref: "e5", Button: "right"}, "pw hover takes only --modifiers"},
		{"pw press KEY with a button", PwRequest{Action: "press", Ref: "Enter", Button: "left"}, "pw press KEY takes no --button"},
		{"pw check with modifiers", PwRequest{Action: "check", Ref: "e5", Modifiers: []string{"Shift"}}, "not check"},
		{"pw press in an element with a count", PwRequest{Action: "press", Ref: "e5", Values: []string{"a"}, Count: 2}, "not press"},
		// pw: what looks like a ref must be one; anything else is a selector.
		{"pw a bare e", PwRequest{Action: "click", Ref: "e"}, `"e" is not a ref: "e" needs a number after it`},
		{"pw a frame with no element", PwRequest{Action: "click", Ref: "f1e"}, `"f1e" is not a ref`},
		{"pw a frame alone", PwRequest{Action: "click", Ref: "f2"}, `"f2" is not a ref: frame f2 names no element`},
		{"pw ee5", PwRequest{Action: "click", Ref: "ee5"}, `"ee5" is not a ref`},
		{"pw a ref too large", PwRequest{Action: "click", Ref: "e1234567890"}, `"e1234567890" is not a ref: the element number is too large`},
		{"pw a tag that starts with e", PwRequest{Action: "click", Ref: "em"}, ""},
		{"pw a tag that starts with f", PwRequest{Action: "click", Ref: "footer"}, ""},
		// pw: the line form.
		{"pw a line", PwRequest{Line: "await page.getByRole('button', { name: 'Save' }).click()"}, ""},
		{"pw a page-level line", PwRequest{Line: "page.keyboard.press('Enter')"}, ""},
		{"pw a line that is not one", PwRequest{Line: "click the Save button"}, "not a Playwright line at offset 0: a line starts with page."},
		{"pw a line with a refused option", PwRequest{Line: "page.locator('#x').click({ force: true })"}, "force is refused"},
		{"pw a blank line falls back to the action", PwRequest{Line: "  ", Action: "click", Ref: "e5"}, ""},
		{"pw a blank line and no action", PwRequest{Line: "\t"}, "pw takes an action and a target"},
		{"pw both forms", PwRequest{Action: "click", Ref: "e5", Line: "page.goBack()"}, "not both"},

		// go: the target, checked without a page.
		{"go a URL", GoRequest{URL: "https://example.com/a?b=c"}, ""},
		{"go a bare host", GoRequest{URL: "example.com"}, ""},
		{"go a relative path", GoRequest{URL: "/orders/7"}, ""},
		{"go a query", GoRequest{URL: "?page=2"}, ""},
		{"go a description", GoRequest{URL: "the pricing page"}, ""},
		{"go nothing", GoRequest{URL: " "}, "go needs a URL or a path"},
		{"go another scheme", GoRequest{URL: "file:///etc/passwd"}, "go refuses file: URLs (only http and https are allowed)"},
		{"go another scheme, allowed", GoRequest{URL: "file:///tmp/a.html", AllowSchemes: true}, ""},
		{"go javascript", GoRequest{URL: "javascript:alert(1)"}, "go refuses javascript: URLs"},
		{"go http with no host", GoRequest{URL: "http:/x"}, "go http:/x: the URL has no host; write it like http://host/path"},
		{"go https with no host, schemes allowed", GoRequest{URL: "https://", AllowSchemes: true}, "the URL has no host; write it like https://host/path"},
		{"go a bad escape", GoRequest{URL: "%zz"}, `go: "%zz" is not a URL`},
		{"go a long URL with no host is clipped", GoRequest{URL: "http:" + long}, "aaa…(+105 bytes): the URL has no host"},

		// snapshot.
		{"snapshot", SnapshotRequest{}, ""},
		{"snapshot a ref, a grep, a depth, full", SnapshotRequest{Ref: "f1e3", Grep: "Save", Depth: 2, Full: true}, ""},
		{"snapshot a selector", SnapshotRequest{Ref: "#main"}, `snapshot takes a ref like e5 or f1e3, not "#main"`},
		{"snapshot depth -1", SnapshotRequest{Depth: -1}, "--depth must be 0 (all) or more, not -1"},
		{"snapshot --html", SnapshotRequest{HTML: true, Full: true}, ""},
		{"snapshot --html with a ref", SnapshotRequest{HTML: true, Ref: "e5"}, "--html takes no ref, --grep or --depth"},
		{"snapshot --html with a grep", SnapshotRequest{HTML: true, Grep: "x"}, "--html takes no ref"},
		{"snapshot --html with a depth", SnapshotRequest{HTML: true, Depth: 1}, "--html takes no ref"},
		{"snapshot --interactive with a grep", SnapshotRequest{Interactive: true, Grep: "Save"}, ""},
		{"snapshot --interactive with --html", SnapshotRequest{Interactive: true, HTML: true}, "--interactive takes only --grep"},
		{"snapshot --interactive with a ref", SnapshotRequest{Interactive: true, Ref: "e5"}, "--interactive takes only --grep"},
		{"snapshot --interactive with a depth", SnapshotRequest{Interactive: true, Depth: 3}, "--interactive takes only --grep"},
		{"snapshot --interactive with --full", SnapshotRequest{Interactive: true, Full: true}, "--interactive takes only --grep"},

		// browser open.
		{"open nothing", OpenRequest{}, ""},
		{"open a URL in a profile", OpenRequest{URL: "https://example.com", Profile: "/home/ada/.prima-profile"}, ""},
		{"open a remote browser", OpenRequest{Target: Target{Endpoint: "ws://127.0.0.1:9222/x"}, URL: "example.com"}, ""},
		{"open a profile on a remote browser", OpenRequest{Target: Target{Endpoint: "ws://127.0.0.1:9222/x"}, Profile: "/p"}, "--profile is for prima's own browser"},
		{"open a relative profile", OpenRequest{Profile: "profile"}, `--profile "profile": the daemon takes an absolute folder`},
		{"open a refused URL", OpenRequest{URL: "chrome://settings"}, "go refuses chrome: URLs"},

		// do, verify, export.
		{"do one instruction", DoRequest{Instructions: []string{"click Save"}}, ""},
		{"do nothing", DoRequest{}, "do needs at least one instruction"},
		{"do an empty list", DoRequest{Instructions: []string{}}, "do needs at least one instruction"},
		{"verify a claim", VerifyRequest{Claim: "the page says Saved"}, ""},
		{"verify nothing", VerifyRequest{}, "verify needs a claim"},
		{"verify a blank claim", VerifyRequest{Claim: " \n\t"}, "verify needs a claim"},
		{"export all", ExportRequest{}, ""},
		{"export the last step", ExportRequest{Since: 1}, ""},
		{"export since -1", ExportRequest{Since: -1}, "--since takes a number of steps, 0 or more (got -1)"},

		// goal.
		{"goal", GoalRequest{Goal: "Sign in as {{user}}"}, ""},
		{"goal nothing", GoalRequest{}, "goal needs the outcome to reach"},
		{"goal a blank", GoalRequest{Goal: "   "}, "goal needs the outcome to reach"},
		{"goal a zero budget is unset", GoalRequest{Goal: "g"}, ""},
		{"goal -1 requests", GoalRequest{Goal: "g", MaxRequests: -1}, "request budget -1: use 1 to 64"},
		{"goal -1 actions", GoalRequest{Goal: "g", MaxActions: -1}, "action budget -1: use 1 to 48"},
		{"goal 10 minutes", GoalRequest{Goal: "g", MaxTime: "10m"}, "time budget 10m0s: use at most 5m0s"},
		{"goal a budget of 1 each", GoalRequest{Goal: "g", MaxRequests: 1, MaxActions: 1, MaxTime: "1s"}, ""},
		{"goal from a URL", GoalRequest{Goal: "g", URL: "https://shop.example/cart"}, ""},
		{"goal from a description", GoalRequest{Goal: "g", URL: "the sign-in page"}, "a goal starts at a URL or a path"},
		{"goal from a refused URL", GoalRequest{Goal: "g", URL: "ftp://files.example/"}, "go refuses ftp: URLs"},
		{"goal from a URL with no host", GoalRequest{Goal: "g", URL: "https:/cart"}, "the URL has no host"},

		// The requests with few checks of their own, or none.
		{"tab select", TabRequest{Op: "select", Value: "2"}, ""},
		{"tab select nothing", TabRequest{Op: "select"}, "select needs N"},
		{"tab close none", TabRequest{Op: "close"}, ""},
		{"tab close -1", TabRequest{Op: "close", Value: "-1"}, `"-1" is not a tab number`},
		{"tab new a URL", TabRequest{Op: "new", Value: "http://x/"}, ""},
		{"screenshot", ScreenshotRequest{Ref: "e5", Full: true}, ""},
		{"dialog accept", DialogRequest{Op: "accept", Text: "42"}, ""},
		{"dialog dismiss with a text", DialogRequest{Op: "dismiss", Text: "42"}, "dismiss takes no TEXT"},
		{"browser list", ListRequest{}, ""},
		{"browser close", CloseRequest{}, ""},
		{"research", ResearchRequest{}, ""},
		{"console", ConsoleRequest{Errors: true}, ""},
		{"eval", EvalRequest{JS: "el => el.value", Ref: "e5"}, ""},
		{"pdf", PDFRequest{File: "out.pdf"}, ""},
		{"state", StateRequest{Op: "save", File: "state.json"}, ""},
		{"unroute", UnrouteRequest{Pattern: "**/api/*"}, ""},

		// cookies.
		{"cookies list", CookiesRequest{Op: "list"}, ""},
		{"cookies list a domain", CookiesRequest{Op: "list", Domain: "example.com"}, ""},
		{"cookies list a name", CookiesRequest{Op: "list", Name: "sid"}, "list takes no words (--domain keeps one domain's)"},
		{"cookies list a value", CookiesRequest{Op: "list", Value: "abc"}, "list takes no words"},
		{"cookies list a path", CookiesRequest{Op: "list", Path: "/"}, "list takes --domain only (--url and --path are set's)"},
		{"cookies set", CookiesRequest{Op: "set", Name: "sid", Value: "abc"}, ""},
		{"cookies set for a URL", CookiesRequest{Op: "set", Name: "sid", Value: "abc", URL: "https://example.com"}, ""},
		{"cookies set for a domain and path", CookiesRequest{Op: "set", Name: "sid", Value: "abc", Domain: ".example.com", Path: "/app"}, ""},
		{"cookies set no name", CookiesRequest{Op: "set", Value: "abc"}, "set needs a NAME and a VALUE: prima cookies set session abc123"},
		{"cookies set a URL and a domain", CookiesRequest{Op: "set", Name: "sid", Value: "abc", URL: "https://example.com", Domain: "example.com"}, "give --url, or --domain and --path, not both"},
		{"cookies set a URL and a path", CookiesRequest{Op: "set", Name: "sid", Value: "abc", URL: "https://example.com", Path: "/"}, "give --url, or --domain and --path, not both"},
		{"cookies clear", CookiesRequest{Op: "clear"}, ""},
		{"cookies clear a name of a domain", CookiesRequest{Op: "clear", Name: "sid", Domain: "example.com"}, ""},
		{"cookies clear a value", CookiesRequest{Op: "clear", Name: "sid", Value: "abc"}, "clear takes at most a NAME (got a value too)"},
		{"cookies clear a URL", CookiesRequest{Op: "clear", URL: "https://example.com"}, "clear takes --domain only"},

		// storage.
		{"storage get", StorageRequest{Op: "get"}, ""},
		{"storage get a key", StorageRequest{Op: "get", Key: "theme", Session: true}, ""},
		{"storage get a value", StorageRequest{Op: "get", Key: "theme", Value: "dark"}, "get takes at most a KEY (got a value too)"},
		{"storage set", StorageRequest{Op: "set", Key: "theme", Value: "dark"}, ""},
		{"storage set no key", StorageRequest{Op: "set", Value: "dark"}, "set needs a KEY and a VALUE"},
		{"storage set no value", StorageRequest{Op: "set", Key: "theme"}, "set needs a KEY and a VALUE"},
		{"storage clear a key", StorageRequest{Op: "clear", Key: "theme"}, ""},
		{"storage clear a value", StorageRequest{Op: "clear", Key: "theme", Value: "dark"}, "clear takes at most a KEY"},

		// set: what the table test of the words does not reach.
		{"set viewport 1 10000", SetRequest{What: "viewport", Values: []string{"1", "10000"}}, ""},
		{"set viewport 0", SetRequest{What: "viewport", Values: []string{"0", "720"}}, `1 to 10000: prima set viewport 1280 720 (got "0")`},
		{"set viewport 10001", SetRequest{What: "viewport", Values: []string{"1280", "10001"}}, `(got "10001")`},
		{"set viewport wide", SetRequest{What: "viewport", Values: []string{"wide", "720"}}, `(got "wide")`},
		{"set viewport 12.5", SetRequest{What: "viewport", Values: []string{"1280", "12.5"}}, `(got "12.5")`},
		{"set viewport three values", SetRequest{What: "viewport", Values: []string{"1", "2", "3"}}, "viewport takes a WIDTH and a HEIGHT in pixels: prima set viewport 1280 720"},
		{"set color-scheme dark", SetRequest{What: "color-scheme", Values: []string{"dark"}}, ""},
		{"set color-scheme light", SetRequest{What: "color-scheme", Values: []string{"light"}}, ""},
		{"set color-scheme no-preference", SetRequest{What: "color-scheme", Values: []string{"no-preference"}}, ""},
		{"set color-scheme Dark", SetRequest{What: "color-scheme", Values: []string{"Dark"}}, "color-scheme takes dark, light or no-preference"},
		{"set color-scheme twice", SetRequest{What: "color-scheme", Values: []string{"dark", "light"}}, "color-scheme takes dark, light or no-preference"},
		{"set geolocation at the bounds", SetRequest{What: "geolocation", Values: []string{"-90", "180"}}, ""},
		{"set geolocation at the other bounds", SetRequest{What: "geolocation", Values: []string{"90", "-180"}}, ""},
		{"set geolocation longitude 180.5", SetRequest{What: "geolocation", Values: []string{"0", "180.5"}}, `longitude from -180 to 180 (got "180.5")`},
		{"set geolocation latitude -90.1", SetRequest{What: "geolocation", Values: []string{"-90.1", "0"}}, `(got "-90.1")`},
		{"set geolocation north", SetRequest{What: "geolocation", Values: []string{"N48", "2"}}, `(got "N48")`},
		{"set geolocation one value", SetRequest{What: "geolocation", Values: []string{"48.8"}}, "geolocation takes a LATITUDE and a LONGITUDE in degrees"},
		{"set permissions", SetRequest{What: "permissions", Values: []string{"notifications", "clipboard-read"}}, ""},
		{"set permissions none", SetRequest{What: "permissions", Values: []string{"none"}}, ""},
		{"set permissions nothing", SetRequest{What: "permissions"}, "permissions takes one or more names, or none"},
		{"set permissions none and one", SetRequest{What: "permissions", Values: []string{"camera", "none"}}, "permissions takes one or more names, or none"},
		{"set permissions an unknown one", SetRequest{What: "permissions", Values: []string{"camera", "teleport"}}, `"teleport" is not a permission Chromium grants: geolocation, notifications`},
		{"set locale", SetRequest{What: "locale", Values: []string{"de-DE"}}, ""},
		{"set locale blank", SetRequest{What: "locale", Values: []string{" "}}, "locale takes one name: prima set locale de-DE"},
		{"set locale two", SetRequest{What: "locale", Values: []string{"de-DE", "fr-FR"}}, "locale takes one name"},
		{"set timezone", SetRequest{What: "timezone", Values: []string{"Europe/Berlin"}}, ""},
		{"set timezone with a space", SetRequest{What: "timezone", Values: []string{"Europe/ Berlin"}}, "timezone takes one name"},
		{"set timezone with a tab", SetRequest{What: "timezone", Values: []string{"Europe/Berlin\t"}}, "timezone takes one name"},
		{"set timezone nothing", SetRequest{What: "timezone"}, "timezone takes one name"},
		{"set headers", SetRequest{What: "headers", Values: []string{"X-Team: blue", "X-Empty:"}}, ""},
		{"set headers nothing", SetRequest{What: "headers"}, "headers takes one or more NAME:VALUE"},
		{"set download-dir", SetRequest{What: "download-dir", Values: []string{"./My Downloads"}}, ""},
		{"set download-dir none", SetRequest{What: "download-dir", Values: []string{"none"}}, ""},
		{"set download-dir nothing", SetRequest{What: "download-dir"}, "download-dir takes one folder (quoted when its name has spaces), or none"},
		{"set download-dir blank", SetRequest{What: "download-dir", Values: []string{" "}}, "download-dir takes one folder"},
		{"set download-dir two words", SetRequest{What: "download-dir", Values: []string{"My", "Downloads"}}, "download-dir takes one folder"},
		{"set headers a bad name", SetRequest{What: "headers", Values: []string{"X-A: 1", "X B: 2"}}, `is not a header name (got "X B: 2")`},

		// route and network.
		{"route a pattern", RouteRequest{Pattern: "**/api/save"}, ""},
		{"route list", RouteRequest{Pattern: "list"}, ""},
		{"route list with a status", RouteRequest{Pattern: "list", Status: 200}, "list takes no flags: prima route list"},
		{"route list with --abort", RouteRequest{Pattern: "list", Abort: true}, "list takes no flags"},
		{"route list with a header", RouteRequest{Pattern: "list", Headers: []string{"X-A: 1"}}, "list takes no flags"},
		{"route status 100", RouteRequest{Pattern: "**/x", Status: 100}, ""},
		{"route status 599 with every answer flag", RouteRequest{Pattern: "**/x", Status: 599, Body: "{}", ContentType: "application/json", Headers: []string{"X-A: 1"}}, ""},
		{"route status 99", RouteRequest{Pattern: "**/x", Status: 99}, "--status 99 is not an HTTP status: use 100 to 599"},
		{"route status 600", RouteRequest{Pattern: "**/x", Status: 600}, "--status 600 is not an HTTP status"},
		{"route status -1", RouteRequest{Pattern: "**/x", Status: -1}, "--status -1 is not an HTTP status"},
		{"route a file", RouteRequest{Pattern: "**/x", File: "answer.json"}, ""},
		{"route --abort", RouteRequest{Pattern: "**/x", Abort: true}, ""},
		{"route --abort with a status", RouteRequest{Pattern: "**/x", Abort: true, Status: 500}, "--abort fails the request with a network error: it takes no --status"},
		{"route --abort with a content type", RouteRequest{Pattern: "**/x", Abort: true, ContentType: "text/html"}, "--abort fails the request"},
		{"route --abort with a header", RouteRequest{Pattern: "**/x", Abort: true, Headers: []string{"X-A: 1"}}, "--abort fails the request"},
		{"route a body and a file", RouteRequest{Pattern: "**/x", Body: "hi", File: "a.txt"}, "give the body once: --body TEXT or --file F"},
		{"route a pattern with a space before", RouteRequest{Pattern: " **/x"}, `the pattern " **/x" has spaces around it`},
		{"route a pattern with a newline after", RouteRequest{Pattern: "**/x\n"}, "has spaces around it"},
		{"network", NetworkRequest{Failed: true, Bodies: true}, ""},
		{"network offline on", NetworkRequest{Op: "offline", State: "on"}, ""},
		{"network offline off", NetworkRequest{Op: "offline", State: "off"}, ""},
		{"network offline nothing", NetworkRequest{Op: "offline"}, "offline takes on or off: prima network offline on"},
		{"network offline yes", NetworkRequest{Op: "offline", State: "yes"}, "offline takes on or off"},
		{"network a state alone", NetworkRequest{State: "on"}, "it takes offline on|off, or no words to list the requests"},
		{"network offline --failed", NetworkRequest{Op: "offline", State: "on", Failed: true}, "--failed and --bodies are for listing the requests"},
		{"network offline --bodies", NetworkRequest{Op: "offline", State: "off", Bodies: true}, "--failed and --bodies are for listing"},

		// trace.
		{"trace start", TraceRequest{Op: "start"}, ""},
		{"trace start a file", TraceRequest{Op: "start", File: "t.zip"}, "start takes no FILE: the file is stop's"},
		{"trace stop a file", TraceRequest{Op: "stop", File: "t.zip"}, ""},
		{"trace stop", TraceRequest{Op: "stop"}, ""},

		// wait.
		{"wait text", WaitRequest{For: "text", Value: "Saved"}, ""},
		{"wait text blank", WaitRequest{For: "text", Value: "  "}, "text needs a TEXT"},
		{"wait gone nothing", WaitRequest{For: "gone"}, "gone needs a TEXT"},
		{"wait url nothing", WaitRequest{For: "url"}, "url needs a URL PATTERN (a glob like **/orders/*)"},
		{"wait js nothing", WaitRequest{For: "js", Value: "\n"}, "js needs a JavaScript EXPRESSION"},
		{"wait js", WaitRequest{For: "js", Value: "window.ready === true"}, ""},
		{"wait visible", WaitRequest{For: "visible", Value: "e5"}, ""},
		{"wait detached a selector", WaitRequest{For: "detached", Value: "#spinner"}, ""},
		{"wait hidden nothing", WaitRequest{For: "hidden"}, "hidden needs a TARGET: a ref (e5) or a Playwright selector"},
		{"wait attached blank", WaitRequest{For: "attached", Value: " "}, "attached needs a TARGET"},
		{"wait load", WaitRequest{For: "load"}, ""},
		{"wait download", WaitRequest{For: "download"}, ""},
		{"wait download a file", WaitRequest{For: "download", Value: "report.csv"}, `download takes nothing after it (got "report.csv")`},
		{"wait load networkidle", WaitRequest{For: "load", Value: "networkidle"}, ""},
		{"wait load domcontentloaded", WaitRequest{For: "load", Value: "domcontentloaded"}, ""},
		{"wait load commit", WaitRequest{For: "load", Value: "commit"}, `load takes load, domcontentloaded, networkidle (default load), not "commit"`},
		{"wait 1500ms", WaitRequest{For: "1500ms"}, ""},
		{"wait 1ns", WaitRequest{For: "1ns"}, ""},
		{"wait 0s", WaitRequest{For: "0s"}, `"0s" is not a duration (like 1500ms or 2s)`},
		{"wait -1s", WaitRequest{For: "-1s"}, `"-1s" is not a duration`},
		{"wait 2", WaitRequest{For: "2"}, `"2" is not a duration`},
		{"wait nothing", WaitRequest{}, `"" is not a duration (like 1500ms or 2s), nor text, gone, visible`},
		{"wait Text", WaitRequest{For: "Text", Value: "Saved"}, `"Text" is not a duration`},
		{"wait a duration and a value", WaitRequest{For: "2s", Value: "Saved"}, `a duration takes nothing after it (got "Saved")`},
		{"wait just under the timeout", WaitRequest{Target: Target{TimeoutMS: 2001}, For: "2s"}, ""},
		{"wait as long as the timeout", WaitRequest{Target: Target{TimeoutMS: 2000}, For: "2s"}, "wait 2s is not shorter than the command's time (--timeout 2s)"},
		{"wait past the timeout", WaitRequest{Target: Target{TimeoutMS: 500}, For: "1s"}, "wait 1s is not shorter than the command's time (--timeout 500ms)"},
	} {
		err := c.req.Validate()
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: %v; want it accepted", c.name, err)
			}
			continue
		}
		var ue *UsageError
		if !errors.As(err, &ue) || !strings.Contains(ue.Msg, c.want) {
			t.Errorf("%s: %v (%T); want a usage error saying %q", c.name, err, err, c.want)
		}
	}
}

// Parse gives what the executor runs: the action, or for the line form
// the parsed line; `pw press KEY` with no element presses the key where
// the focus is.
func TestPwParseGivesTheActionOrTheLine(t *testing.T) {
	for _, c := range []struct {
		name   string
		req    PwRequest
		action string // the action's name; "" for a page-level line
		method string // the line's method; "" when there is no line
		value  string // the line's value
	}{
		{"an action", PwRequest{Action: "fill", Ref: "e5", Values: []string{"Ada"}}, "fill", "", ""},
		{"press a key where the focus is", PwRequest{Action: "press", Ref: " Enter "}, "", "keyboard.press", "Enter"},
		{"press a key in an element", PwRequest{Action: "press", Ref: "e5", Values: []string{"Enter"}}, "press", "", ""},
		{"a locator line", PwRequest{Line: "page.locator('#q').fill('prima')"}, "fill", "fill", "prima"},
		{"a type line is pressSequentially", PwRequest{Line: "page.locator('#q').type('ab')"}, "type", "pressSequentially", "ab"},
		{"a page-level line", PwRequest{Line: "await page.keyboard.press('Escape');"}, "", "keyboard.press", "Escape"},
		{"a goto line", PwRequest{Line: "page.goto('https://example.com')"}, "", "goto", "https://example.com"},
	} {
		a, l, err := c.req.Parse()
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		method, value := "", ""
		if l != nil {
			method, value = l.Method, l.Value
		}
		if string(a.Name) != c.action || method != c.method || value != c.value {
			t.Errorf("%s: action %q, line %q %q; want %q, %q %q", c.name, a.Name, method, value, c.action, c.method, c.value)
		}
	}
}

func TestDropTarget(t *testing.T) {
	for _, c := range []struct {
		req  PwRequest
		want string // "" for none
	}{
		{PwRequest{Action: "drag", Ref: "e5", Values: []string{" e9 "}}, "e9"},
		{PwRequest{Action: "drag", Ref: "e5"}, ""},
		{PwRequest{Action: "drag", Ref: "e5", Values: []string{"e6", "e7"}}, ""},
		{PwRequest{Action: "select", Ref: "e5", Values: []string{"e9"}}, ""},
	} {
		got := c.req.DropTarget()
		if c.want == "" && got != nil || c.want != "" && (len(got) != 1 || got[0] != c.want) {
			t.Errorf("%+v: %q; want %q", c.req, got, c.want)
		}
	}
}

// A target shaped like a ref (e, f and digits only) is held to the ref
// grammar; anything else is a selector.
func TestLooksLikeRef(t *testing.T) {
	for s, want := range map[string]bool{
		"e5": true, "f1e3": true, "e": true, "f": true, "f1e": true, "ee5": true, "e5f": true,
		"": false, "em": false, "footer": false, "E5": false, "#e5": false, "5": false, "e 5": false, "input": false,
	} {
		if got := looksLikeRef(s); got != want {
			t.Errorf("looksLikeRef(%q) = %v, want %v", s, got, want)
		}
	}
}

// ResolveURL against a page: an absolute http(s) URL as given, a path or
// a query against the page, a host with a dot as http, a description as
// ErrSemantic, a path with no http(s) page as *NeedsPageError, and what
// can never be a target as *UsageError.
func TestResolveURL(t *testing.T) {
	const page = "https://shop.example/cart/items?x=1"
	type kind int
	const (
		resolved kind = iota
		semantic
		needsPage
		usage
	)
	for _, c := range []struct {
		current, target string
		schemes         bool
		kind            kind
		want            string // the URL, or a piece of the error
	}{
		{page, "https://other.example/a", false, resolved, "https://other.example/a"},
		{page, "  http://other.example  ", false, resolved, "http://other.example"},
		{page, "HTTPS://Other.example/A", false, resolved, "https://Other.example/A"},
		{page, "/orders/7", false, resolved, "https://shop.example/orders/7"},
		{page, "./checkout", false, resolved, "https://shop.example/cart/checkout"},
		{page, "../help", false, resolved, "https://shop.example/help"},
		{page, "?page=2", false, resolved, "https://shop.example/cart/items?page=2"},
		{page, "example.com", false, resolved, "http://example.com"},
		{page, "docs.example/guide?q=1", false, resolved, "http://docs.example/guide?q=1"},
		{page, "localhost:3000", false, resolved, "http://localhost:3000"},
		{page, "127.0.0.1:8080/a?b=1", false, resolved, "http://127.0.0.1:8080/a?b=1"},
		{page, "localhost:3000x", false, usage, "go refuses localhost: URLs"},
		{"http://127.0.0.1:8080/a/", "b/../c", false, semantic, ""},
		{page, "the pricing page", false, semantic, ""},
		{page, "pricing", false, semantic, ""},
		{page, "v2.0 release notes", false, semantic, ""},
		{"about:blank", "/orders", false, needsPage, `a relative path needs a current http(s) page, and the page is at "about:blank"`},
		{"", "?q=1", false, needsPage, `the page is at ""`},
		{"file:///tmp/a.html", "./b.html", false, needsPage, "give a full URL"},
		{page, "", false, usage, "go needs a URL or a path"},
		{page, "ws://shop.example/socket", false, usage, "go refuses ws: URLs"},
		{page, "data:text/html,hi", true, resolved, "data:text/html,hi"},
		{page, "http:shop.example", false, usage, "the URL has no host; write it like http://host/path"},
		{page, "https:///x", true, usage, "the URL has no host"},
		{page, "/%zz", false, usage, `go: "/%zz" is not a URL`},
	} {
		u, err := ResolveURL(c.current, c.target, c.schemes)
		var np *NeedsPageError
		var ue *UsageError
		switch c.kind {
		case resolved:
			if err != nil || u == nil || u.String() != c.want {
				t.Errorf("ResolveURL(%q, %q) = %v, %v; want %s", c.current, c.target, u, err, c.want)
			}
		case semantic:
			if !errors.Is(err, ErrSemantic) || u != nil {
				t.Errorf("ResolveURL(%q, %q) = %v, %v; want ErrSemantic", c.current, c.target, u, err)
			}
		case needsPage:
			if !errors.As(err, &np) || !strings.Contains(np.Error(), c.want) || np.FailureCode() != "usage" {
				t.Errorf("ResolveURL(%q, %q) = %v, %v; want a *NeedsPageError saying %q", c.current, c.target, u, err, c.want)
			}
		case usage:
			if !errors.As(err, &ue) || !strings.Contains(ue.Msg, c.want) || ue.FailureCode() != "usage" {
				t.Errorf("ResolveURL(%q, %q) = %v, %v; want a *UsageError saying %q", c.current, c.target, u, err, c.want)
			}
		}
	}
}

// What a valid request gives the executor: a bare wait's duration, an
// element wait's state, the viewport, the place, the command's deadline.
func TestValidRequestsGiveTheirValues(t *testing.T) {
	for _, c := range []struct {
		req   WaitRequest
		d     time.Duration
		state string
	}{
		{WaitRequest{For: "1500ms"}, 1500 * time.Millisecond, ""},
		{WaitRequest{For: "hidden", Value: "e5"}, 0, "hidden"},
		{WaitRequest{For: "detached", Value: "#x"}, 0, "detached"},
		{WaitRequest{For: "text", Value: "visible"}, 0, ""},
		{WaitRequest{For: "load"}, 0, ""},
	} {
		if d, s := c.req.Duration(), c.req.ElementState(); d != c.d || s != c.state {
			t.Errorf("%+v: Duration %v, ElementState %q; want %v, %q", c.req, d, s, c.d, c.state)
		}
	}
	if w, h := (SetRequest{What: "viewport", Values: []string{"390", "844"}}).Size(); w != 390 || h != 844 {
		t.Errorf("Size = %d×%d, want 390×844", w, h)
	}
	if lat, lon := (SetRequest{What: "geolocation", Values: []string{"-33.8688", "151.2093"}}).LatLon(); lat != -33.8688 || lon != 151.2093 {
		t.Errorf("LatLon = %v, %v", lat, lon)
	}
	for ms, want := range map[int64]time.Duration{0: DefaultTimeout, 1500: 1500 * time.Millisecond} {
		if got := (Target{TimeoutMS: ms}).Timeout(); got != want {
			t.Errorf("Timeout of %d ms = %v, want %v", ms, got, want)
		}
	}
}
