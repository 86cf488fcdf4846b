package wire

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/prima-dev/prima/envelope"
)

// The table's commands decode CLI words and MCP arguments into their
// requests, once, and refuse what can never run with a usage error that
// says what the command takes.
func TestTheTableDecodesWordsIntoRequests(t *testing.T) {
	get, cookies, storage := commands["get"], commands["cookies"], commands["storage"]
	at := Target{Instance: "a"}
	for _, c := range []struct {
		cmd   Command
		words []string
		flags map[string]any
		want  Request
	}{
		{get, []string{"text", "e5"}, nil, &GetRequest{Target: at, What: "text", Ref: "e5"}},
		{get, []string{"attr", "href", "e5"}, nil, &GetRequest{Target: at, What: "attr", Name: "href", Ref: "e5"}},
		{cookies, []string{"list"}, map[string]any{"domain": "example.com"}, &CookiesRequest{Target: at, Op: "list", Domain: "example.com"}},
		{cookies, []string{"set", "sid", "abc"}, nil, &CookiesRequest{Target: at, Op: "set", Name: "sid", Value: "abc"}},
		{storage, []string{"get"}, map[string]any{"session": true}, &StorageRequest{Target: at, Op: "get", Session: true}},
		{commands["eval"], []string{"document.title"}, nil, &EvalRequest{Target: at, JS: "document.title"}},
		{commands["set"], []string{"viewport", "390", "844"}, nil, &SetRequest{Target: at, What: "viewport", Values: []string{"390", "844"}}},
		{commands["set"], []string{"headers", "X-Team: blue", "X-Run:7"}, nil, &SetRequest{Target: at, What: "headers", Values: []string{"X-Team: blue", "X-Run:7"}}},
		{commands["tab"], []string{"select", "2"}, nil, &TabRequest{Target: at, Op: "select", Value: "2"}},
		{commands["tab"], []string{"new", "http://x/"}, nil, &TabRequest{Target: at, Op: "new", Value: "http://x/"}},
		{commands["tab"], []string{"close"}, nil, &TabRequest{Target: at, Op: "close"}},
		{commands["dialog"], []string{"accept", "Ada L"}, nil, &DialogRequest{Target: at, Op: "accept", Text: "Ada L"}},
		{commands["snapshot"], []string{"e5"}, map[string]any{"depth": 2}, &SnapshotRequest{Target: at, Ref: "e5", Depth: 2}},
		{commands["screenshot"], nil, map[string]any{"full": true}, &ScreenshotRequest{Target: at, Full: true}},
		{commands["pw"], []string{"click", "e5"}, map[string]any{"modifiers": []string{"Shift,Control"}}, &PwRequest{Target: at, Action: "click", Ref: "e5", Modifiers: []string{"Shift", "Control"}}},
		{commands["pw"], []string{"fill", "e5", "Ada L"}, nil, &PwRequest{Target: at, Action: "fill", Ref: "e5", Values: []string{"Ada L"}}},
		{commands["pw"], []string{"press", "Enter"}, nil, &PwRequest{Target: at, Action: "press", Ref: "Enter"}},
		{commands["pw"], []string{"page.goBack()"}, nil, &PwRequest{Target: at, Line: "page.goBack()"}},
		{commands["pw"], nil, map[string]any{"action": "click", "target": "e5", "modifiers": []any{"Alt"}}, &PwRequest{Target: at, Action: "click", Ref: "e5", Modifiers: []string{"Alt"}}},
		{commands["set"], []string{"device", "iPhone", "13"}, nil, &SetRequest{Target: at, What: "device", Values: []string{"iPhone", "13"}}},
	} {
		values := map[string]any{}
		for k, v := range c.flags {
			values[k] = v
		}
		err := c.cmd.Words(c.words, values)
		var got Request
		if err == nil {
			got, err = c.cmd.Decode(values, at)
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s %v: %#v, %v; want %#v", c.cmd.Name, c.words, got, err, c.want)
		}
	}
	for _, c := range []struct {
		cmd   Command
		words []string
		want  string
	}{
		{get, nil, "it takes text|value|attr|count|box [NAME] TARGET (got 0 words)"},
		{get, []string{"a", "b", "c", "d"}, "got 4 words"},
		{get, []string{"size", "e5"}, `"size" is not one of text, value, attr, count, box`},
		{get, []string{"attr", "e5"}, "attr needs the attribute's NAME"},
		{get, []string{"text", "href", "e5"}, "only attr takes a NAME"},
		{get, []string{"text", " "}, "TARGET is blank"},
		{cookies, []string{"set", "sid"}, "set needs a NAME and a VALUE"},
		{storage, []string{"get", "a", "b"}, "get takes at most a KEY"},
		{commands["set"], []string{"viewport"}, "VALUES... is missing"},
		{commands["set"], nil, "it takes viewport|color-scheme|geolocation|headers|locale|timezone|device|permissions|download-dir VALUES..."},
		{commands["set"], []string{"viewport", "390"}, "viewport takes a WIDTH and a HEIGHT"},
		{commands["set"], []string{"color-scheme", "blue"}, "dark, light or no-preference"},
		{commands["set"], []string{"geolocation", "91", "2"}, "latitude from -90 to 90"},
		{commands["set"], []string{"headers", "no colon"}, "a header is NAME:VALUE"},
		{commands["tab"], []string{"select"}, "select needs N"},
		{commands["tab"], []string{"select", "0"}, `"0" is not a tab number`},
		{commands["tab"], []string{"close", "two"}, `"two" is not a tab number`},
		{commands["tab"], []string{"list", "2"}, "list takes nothing after it"},
		{commands["dialog"], []string{"dismiss", "x"}, "dismiss takes no TEXT"},
		{commands["snapshot"], []string{"e1", "e2"}, "it takes [REF] (got 2 words)"},
		{commands["snapshot"], []string{"button"}, `takes a ref like e5`},
		{commands["pw"], []string{"explode", "e5"}, `"explode" is not one of check, clear, click`},
		{commands["pw"], []string{"page.getByText('\xff').click()"}, "LINE is not valid UTF-8"},
		{commands["pw"], []string{"fill", "e5", "a", "b"}, "pw fill takes one value"},
		{commands["set"], []string{"device", " ", "\t"}, "device takes a device's name"},
	} {
		values := map[string]any{}
		err := c.cmd.Words(c.words, values)
		if err == nil {
			_, err = c.cmd.Decode(values, at)
		}
		var ue *UsageError
		if !errors.As(err, &ue) || !strings.Contains(ue.Msg, c.want) {
			t.Errorf("%s %q: %v; want a usage error saying %q", c.cmd.Name, c.words, err, c.want)
		}
	}
	// An MCP call's arguments: an unknown one, or a missing required one.
	if _, err := get.Decode(map[string]any{"what": "text", "target": "e5", "endpoint": "x"}, at); err == nil || !strings.Contains(err.Error(), `takes no "endpoint"`) {
		t.Errorf("an argument get does not take: %v", err)
	}
	if _, err := get.Decode(map[string]any{"what": "text"}, at); err == nil || !strings.Contains(err.Error(), "TARGET is missing") {
		t.Errorf("a missing target: %v", err)
	}
	// A model gives a tab's number as a JSON number; the table takes it as
	// the word the CLI would have given.
	if got, err := commands["tab"].Decode(map[string]any{"op": "select", "value": float64(2)}, at); err != nil || got.(*TabRequest).Index() != 2 {
		t.Errorf("tab select with a number: %#v, %v", got, err)
	}
}

// The client sends a request again after a daemon that died unanswered
// only when asking twice changes nothing: a look, never an action.
func TestOnlyWhatActsOnNothingIsSentTwice(t *testing.T) {
	for route, want := range map[string]bool{
		"/v0/snapshot": true, "/v0/screenshot": true, "/v0/get": true, "/v0/verify": true, "/v0/browser/list": true, "/v0/browser/open": true,
		"/v0/tab": false, "/v0/dialog": false, "/v0/set": false, "/v0/pw": false, "/v0/do": false, "/v0/browser/close": false, "/v0/nosuch": false,
	} {
		if got := Rereadable(route); got != want {
			t.Errorf("Rereadable(%s) = %v, want %v", route, got, want)
		}
	}
	if c, ok := CommandOf(&TabRequest{}); !ok || c.Name != "tab" {
		t.Errorf("CommandOf(tab's request) = %q, %v", c.Name, ok)
	}
	if c, ok := CommandOf(&ListRequest{}); !ok || c.Tool() != "browser_list" || c.Route() != "/v0/browser/list" {
		t.Errorf("CommandOf(browser list's request) = %q %q, %v", c.Tool(), c.Route(), ok)
	}
}

// Every command of the table has a route the daemon serves (unless it is
// answered where the caller is), a request
// that embeds a Target, and params whose keys are the request's JSON
// fields.
func TestEveryCommandOfTheTableIsWhole(t *testing.T) {
	for _, c := range Commands() {
		if (Requests[c.Route()] == nil) != (c.Local != nil) {
			t.Errorf("%s: a daemon route %s for a command answered by the daemon, and only for one", c.Name, c.Route())
		}
		req := reflect.TypeOf(c.New()).Elem()
		fields := map[string]bool{}
		for _, f := range reflect.VisibleFields(req) {
			tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			fields[tag] = true
		}
		if _, ok := c.New().(interface{ setWhere(Target) }); !ok {
			t.Errorf("%s: its request does not embed a Target", c.Name)
		}
		for _, p := range c.Params {
			if !fields[p.Key] {
				t.Errorf("%s: param %q is no field of %s", c.Name, p.Key, req.Name())
			}
		}
		if g, _ := c.Group(); g != "" && (Groups[g] == "") == (commands[g].Name == "") {
			t.Errorf("%s: its group %q is neither a command nor has its usage in Groups, or is both", c.Name, g)
		}
		if c.Usage == "" || c.Detail == "" || c.Title == "" {
			t.Errorf("%s: help missing (usage, detail, title)", c.Name)
		}
	}
}

func TestSplitHeader(t *testing.T) {
	for _, c := range []struct{ in, name, value, err string }{
		{"X-Team: blue", "X-Team", "blue", ""},
		{"X-Draft:v2, final", "X-Draft", "v2, final", ""},
		{" Accept : */* ", "Accept", "*/*", ""},
		{"X-Empty:", "X-Empty", "", ""},
		{"no colon", "", "", "a header is NAME:VALUE"},
		{": blue", "", "", "a header is NAME:VALUE"},
		{"X Team: blue", "", "", `"X Team" is not a header name`},
		{"X(Team): blue", "", "", "is not a header name"},
		{"Naïve: x", "", "", "is not a header name"},
		{"X-A: b\r\nX-B: c", "", "", "no line breaks"},
	} {
		name, value, err := SplitHeader(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: %q %q %v; want an error saying %q", c.in, name, value, err, c.err)
			}
			continue
		}
		if err != nil || name != c.name || value != c.value {
			t.Errorf("%q: %q %q %v; want %q %q", c.in, name, value, err, c.name, c.value)
		}
	}
	r := RouteRequest{Pattern: "**/x", Headers: []string{"X-A:1", "bad"}}
	if err := r.Validate(); err == nil || !strings.Contains(err.Error(), `--header "bad"`) {
		t.Errorf("route with a bad header: %v", err)
	}
}

// The daemon trusts no client to have decoded a request through the
// table: Check applies the params' rules to the request as it came.
func TestTheDaemonsCheckKeepsTheTablesRules(t *testing.T) {
	for _, c := range []struct {
		req  Request
		want string // "" when it passes
	}{
		{&CookiesRequest{Op: "bogus"}, `cookies: "bogus" is not one of`},
		{&TraceRequest{}, "trace: start|stop is blank"},
		{&WaitRequest{For: " "}, "wait: FOR is blank"},
		{&DoRequest{}, "do: INSTRUCTIONS... is missing"},
		{&TabRequest{Op: "select", Value: "2"}, ""},
		{&SnapshotRequest{}, ""},
		{&PwRequest{Action: "click", Ref: "e5"}, ""},
	} {
		err := Check(c.req)
		var ue *UsageError
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%T %+v: %v, want it to pass", c.req, c.req, err)
		case c.want != "" && (!errors.As(err, &ue) || !strings.Contains(ue.Msg, c.want)):
			t.Errorf("%T %+v: %v, want a usage error saying %q", c.req, c.req, err, c.want)
		}
	}
}

// A device's name is its words joined by one space, however the shell
// split them; none is none in any case.
func TestSetDeviceJoinsTheNamesWords(t *testing.T) {
	for _, c := range []struct {
		values []string
		name   string
		none   bool
	}{
		{[]string{"iPhone", "13"}, "iPhone 13", false},
		{[]string{"iPhone 13"}, "iPhone 13", false},
		{[]string{" Galaxy  S9+ ", "landscape"}, "Galaxy S9+ landscape", false},
		{[]string{"none"}, "none", true},
		{[]string{"None"}, "None", true},
	} {
		r := SetRequest{What: "device", Values: c.values}
		if err := r.Validate(); err != nil || r.Device() != c.name || r.NoDevice() != c.none {
			t.Errorf("set device %q: %q, none %v, %v; want %q, none %v", c.values, r.Device(), r.NoDevice(), err, c.name, c.none)
		}
	}
}

// One code list: every failure with no envelope carries, as its code, a
// code of the envelope's one list, and which way it failed as its
// reason; no reason names a code of that list for another failure.
func TestAWireErrorsCodeIsOfTheOneList(t *testing.T) {
	for _, reason := range []string{ReasonUsage, ReasonNoBrowser, ReasonAmbiguousSession, ReasonSessionNotFound, ReasonVersion,
		ReasonAttach, ReasonNoInstance, ReasonBrowserGone, ReasonBusy, ReasonOverran, ReasonInternal} {
		b, err := json.Marshal(&Error{Reason: reason, Message: "m"})
		if err != nil {
			t.Fatal(err)
		}
		var back struct {
			Code   envelope.Code `json:"code"`
			Reason string        `json:"reason"`
		}
		json.Unmarshal(b, &back)
		if !slices.Contains(envelope.Codes, back.Code) || back.Reason != reason {
			t.Errorf("%s: on the wire %s: want a code of envelope.Codes and the reason", reason, b)
		}
		if slices.Contains(envelope.Codes, envelope.Code(reason)) && envelope.Code(reason) != back.Code {
			t.Errorf("the reason %q is also the code %q of another failure than its own (%s)", reason, reason, back.Code)
		}
	}
}
