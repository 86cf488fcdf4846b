package attach

import (
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// realDescriptor is the file playwright-cli 0.1.22 wrote for its default
// session, named browser@<guid> with no extension.
const realDescriptor = "browser@32bbd4e3e0bd2786cfd72fa373c57cf8"

// listenUnix serves a unix socket in a fresh temporary folder, accepting
// and dropping connections as a browser server would accept them.
func listenUnix(t *testing.T) (string, *net.UnixListener) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "s")
	if len(path) > 100 {
		t.Fatalf("socket path too long for a unix socket: %s", path)
	}
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	// A killed browser server leaves its socket file behind; so does this
	// listener when closed.
	ln.SetUnlinkOnClose(false)
	t.Cleanup(func() { ln.Close() })
	go acceptAll(ln)
	return path, ln
}

func acceptAll(ln net.Listener) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		c.Close()
	}
}

// deadUnix is a socket file whose listener is gone, as after kill -9.
func deadUnix(t *testing.T) string {
	t.Helper()
	path, ln := listenUnix(t)
	ln.Close()
	if fi, err := os.Stat(path); err != nil || fi.Mode()&os.ModeSocket == 0 {
		t.Fatalf("the socket file should outlive its listener: %v %v", fi, err)
	}
	return path
}

// listenTCP serves a loopback port and returns it as a ws:// endpoint.
func listenTCP(t *testing.T) (string, net.Listener) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go acceptAll(ln)
	return fmt.Sprintf("ws://%s/0f4e6c2a", ln.Addr()), ln
}

// closedPort is a ws:// endpoint on a loopback port nobody listens on.
func closedPort(t *testing.T) string {
	t.Helper()
	ep, ln := listenTCP(t)
	ln.Close()
	return ep
}

// descriptorJSON is a descriptor as playwright-cli writes it.
func descriptorJSON(title, endpoint string) []byte {
	return fmt.Appendf(nil, `{"playwrightVersion":"1.64.0-alpha-1790635538000","playwrightLib":"/x/node_modules/playwright-core","title":%q,"browser":{"guid":"browser@0000","browserName":"chromium","launchOptions":{"args":["--no-sandbox"]}},"endpoint":%q}`, title, endpoint)
}

func TestParseDescriptor(t *testing.T) {
	real, err := os.ReadFile(filepath.Join("testdata", realDescriptor))
	if err != nil {
		t.Fatal(err)
	}
	withWorkspace := strings.Replace(string(real), `"endpoint"`, `"workspaceDir":"/home/u/project","endpoint"`, 1)
	fromReal := Descriptor{
		Path: "/b/x", Title: "default", Version: "1.64.0-alpha-1790635538000", Lib: "/x/node_modules/playwright-core",
		Endpoint: "/tmp/pw-7505d64a/browser/browser-32bbd4.sock", BrowserName: "chromium", Status: Stale,
	}
	cases := []struct {
		name    string
		data    string
		want    Descriptor
		problem string // for corrupt ones: what Problem must say
	}{
		{"playwright-cli 0.1.22 descriptor, unprobed so not yet live", string(real), fromReal, ""},
		{"workspaceDir is ignored", withWorkspace, fromReal, ""},
		{"named session",
			`{"playwrightVersion":"1.64.1","title":"work","browser":{"browserName":"firefox"},"endpoint":"/s"}`,
			Descriptor{Path: "/b/x", Title: "work", Version: "1.64.1", Endpoint: "/s", BrowserName: "firefox", Status: Stale}, ""},
		{"missing title is default",
			`{"playwrightVersion":"1.64.1","endpoint":"/s"}`,
			Descriptor{Path: "/b/x", Title: "default", Version: "1.64.1", Endpoint: "/s", Status: Stale}, ""},
		{"empty title is default",
			`{"title":"","endpoint":"ws://127.0.0.1:9/x"}`,
			Descriptor{Path: "/b/x", Title: "default", Endpoint: "ws://127.0.0.1:9/x", Status: Stale}, ""},
		{"unknown fields are ignored",
			`{"title":"t","endpoint":"/s","pid":7,"future":{"a":[1]}}`,
			Descriptor{Path: "/b/x", Title: "t", Endpoint: "/s", Status: Stale}, ""},
		{"missing endpoint is corrupt", `{"playwrightVersion":"1.64.1","title":"default"}`, Descriptor{Path: "/b/x", Status: Corrupt}, "no endpoint"},
		{"empty endpoint is corrupt", `{"title":"default","endpoint":""}`, Descriptor{Path: "/b/x", Status: Corrupt}, "no endpoint"},
		{"null is corrupt", `null`, Descriptor{Path: "/b/x", Status: Corrupt}, "no endpoint"},
		{"truncated JSON is corrupt", string(real[:40]), Descriptor{Path: "/b/x", Status: Corrupt}, "not JSON"},
		{"empty file is corrupt", "", Descriptor{Path: "/b/x", Status: Corrupt}, "not JSON"},
		{"not JSON at all is corrupt", "browser-32bbd4.sock", Descriptor{Path: "/b/x", Status: Corrupt}, "not JSON"},
		{"endpoint of the wrong type is corrupt", `{"title":"default","endpoint":42}`, Descriptor{Path: "/b/x", Status: Corrupt}, "endpoint"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := ParseDescriptor("/b/x", []byte(c.data))
			if c.problem != "" {
				if !strings.Contains(got.Problem, c.problem) {
					t.Errorf("Problem = %q, want it to say %q", got.Problem, c.problem)
				}
				got.Problem = ""
			}
			if got != c.want {
				t.Errorf("ParseDescriptor\n got %+v\nwant %+v", got, c.want)
			}
		})
	}
}

func TestScan(t *testing.T) {
	dir := t.TempDir()
	real, err := os.ReadFile(filepath.Join("testdata", realDescriptor))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		realDescriptor:     string(real),
		"browser@bbbb":     string(descriptorJSON("work", "/w.sock")),
		"browser@aaaa":     string(descriptorJSON("work", "/v.sock")),
		"browser@cccc":     `{"title":`,
		".browser@partial": string(descriptorJSON("hidden", "/h.sock")),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "browser@dddd"), 0o700); err != nil {
		t.Fatal(err)
	}
	got := Scan([]string{filepath.Join(dir, "missing"), dir})
	var summary []string
	for _, d := range got {
		summary = append(summary, fmt.Sprintf("%s %s %s %s", filepath.Base(d.Path), d.Title, d.Endpoint, d.Status))
	}
	// Sorted by title, then path; dotfiles and folders skipped; a missing
	// folder is no error; nothing is probed yet.
	want := []string{
		"browser@cccc   corrupt",
		realDescriptor + " default /tmp/pw-7505d64a/browser/browser-32bbd4.sock stale",
		"browser@aaaa work /v.sock stale",
		"browser@bbbb work /w.sock stale",
	}
	if !reflect.DeepEqual(summary, want) {
		t.Errorf("Scan\n got %q\nwant %q", summary, want)
	}
	if len(Scan(nil)) != 0 {
		t.Errorf("Scan(nil) found descriptors")
	}
}

func TestProbe(t *testing.T) {
	liveSock, _ := listenUnix(t)
	liveWS, _ := listenTCP(t)
	cases := []struct {
		name     string
		endpoint string
		status   Status
	}{
		{"unix socket with a listener is live", liveSock, Live},
		{"unix socket left behind by a dead listener is stale", deadUnix(t), Stale},
		{"unix socket path that does not exist is stale", filepath.Join(t.TempDir(), "gone.sock"), Stale},
		{"ws endpoint with a listener is live", liveWS, Live},
		{"ws endpoint on a closed port is stale", closedPort(t), Stale},
		{"http endpoint with a listener is live", strings.Replace(liveWS, "ws://", "http://", 1), Live},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := Descriptor{Title: "default", Endpoint: c.endpoint, Status: Stale, Problem: "earlier problem"}
			Probe(&d, ProbeTimeout)
			if d.Status != c.status {
				t.Fatalf("Probe(%s) = %s (%s), want %s", c.endpoint, d.Status, d.Problem, c.status)
			}
			if c.status == Live && d.Problem != "" {
				t.Errorf("a live descriptor keeps Problem %q", d.Problem)
			}
			if c.status == Stale && !strings.Contains(d.Problem, "endpoint refuses connections") {
				t.Errorf("Problem = %q, want it to say the endpoint refuses connections", d.Problem)
			}
			if strings.Contains(d.Problem, "timeout") {
				t.Errorf("Problem = %q: a dead endpoint should refuse at once, not time out", d.Problem)
			}
		})
	}
	t.Run("corrupt is never probed", func(t *testing.T) {
		d := Descriptor{Endpoint: liveSock, Status: Corrupt, Problem: "not JSON"}
		Probe(&d, ProbeTimeout)
		if d.Status != Corrupt || d.Problem != "not JSON" {
			t.Errorf("Probe changed a corrupt descriptor: %+v", d)
		}
	})
}

func TestProbeAll(t *testing.T) {
	live, _ := listenUnix(t)
	ds := []Descriptor{
		{Title: "a", Endpoint: live, Status: Stale},
		{Title: "b", Endpoint: deadUnix(t), Status: Stale},
		{Title: "c", Status: Corrupt},
		{Title: "d", Endpoint: closedPort(t), Status: Stale},
	}
	ProbeAll(ds, ProbeTimeout)
	var got []Status
	for _, d := range ds {
		got = append(got, d.Status)
	}
	if want := []Status{Live, Stale, Corrupt, Stale}; !reflect.DeepEqual(got, want) {
		t.Errorf("ProbeAll statuses = %v, want %v", got, want)
	}
	ProbeAll(nil, ProbeTimeout) // returns at once
}

func TestSelect(t *testing.T) {
	d := func(title string, s Status) Descriptor {
		return Descriptor{Path: "/b/" + title + "-" + string(s), Title: title, Endpoint: "/" + title + ".sock", Status: s}
	}
	cases := []struct {
		name    string
		ds      []Descriptor
		session string
		want    string // Path of the chosen descriptor
		err     error  // the error, compared with errors.Is or by type and fields
		says    string
	}{
		{"named session that is live", []Descriptor{d("default", Live), d("work", Live)}, "work", "/b/work-live", nil, ""},
		{"named session that is stale",
			[]Descriptor{d("default", Live), d("work", Stale)}, "work", "",
			&SessionNotFoundError{Title: "work", Stale: true, Live: []string{"default"}},
			`playwright-cli session "work" is not running (its descriptor is stale`},
		{"named session stale but also live picks the live one",
			[]Descriptor{d("work", Stale), d("work", Live)}, "work", "/b/work-live", nil, ""},
		{"named session missing lists the live ones",
			[]Descriptor{d("default", Live), d("ci", Live), d("old", Stale)}, "work", "",
			&SessionNotFoundError{Title: "work", Live: []string{"default", "ci"}},
			`no playwright-cli session "work"; live sessions: default, ci`},
		{"named session missing and none live",
			[]Descriptor{d("old", Stale)}, "work", "",
			&SessionNotFoundError{Title: "work"},
			`no playwright-cli session "work": no session is running`},
		{"named default does not fall back to another session",
			[]Descriptor{d("work", Live)}, "default", "",
			&SessionNotFoundError{Title: "default", Live: []string{"work"}}, `live sessions: work`},
		{"default is preferred when live", []Descriptor{d("a", Live), d("default", Live), d("z", Live)}, "", "/b/default-live", nil, ""},
		{"single live session is chosen", []Descriptor{d("old", Stale), d("work", Live)}, "", "/b/work-live", nil, ""},
		{"two live without default are ambiguous",
			[]Descriptor{d("ci", Live), d("work", Live)}, "", "",
			&AmbiguousError{Live: []string{"ci", "work"}}, "2 live playwright-cli sessions and none chosen: ci, work"},
		{"stale default is never selected", []Descriptor{d("default", Stale), d("work", Live)}, "", "/b/work-live", nil, ""},
		{"stale default alone means none live", []Descriptor{d("default", Stale)}, "", "", ErrNoneLive, "no live browser session"},
		{"stale default with two live is still ambiguous",
			[]Descriptor{d("default", Stale), d("a", Live), d("b", Live)}, "", "",
			&AmbiguousError{Live: []string{"a", "b"}}, "a, b"},
		{"corrupt is ignored", []Descriptor{{Path: "/b/bad", Status: Corrupt, Problem: "not JSON"}, d("work", Live)}, "", "/b/work-live", nil, ""},
		{"corrupt alone means none live", []Descriptor{{Path: "/b/bad", Status: Corrupt}}, "", "", ErrNoneLive, ""},
		{"empty registry means none live", nil, "", "", ErrNoneLive, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Select(c.ds, c.session)
			switch want := c.err.(type) {
			case nil:
				if err != nil || got.Path != c.want {
					t.Fatalf("Select = %+v, %v; want %s", got, err, c.want)
				}
				if got.Status != Live {
					t.Errorf("Select returned a %s descriptor", got.Status)
				}
				return
			case *SessionNotFoundError:
				var nf *SessionNotFoundError
				if !errors.As(err, &nf) || !reflect.DeepEqual(nf, want) {
					t.Fatalf("Select error = %#v, want %#v", err, want)
				}
			case *AmbiguousError:
				var amb *AmbiguousError
				if !errors.As(err, &amb) || !reflect.DeepEqual(amb, want) {
					t.Fatalf("Select error = %#v, want %#v", err, want)
				}
			default:
				if !errors.Is(err, want) {
					t.Fatalf("Select error = %v, want %v", err, want)
				}
			}
			if got != (Descriptor{}) {
				t.Errorf("Select returned %+v with its error", got)
			}
			if !strings.Contains(err.Error(), c.says) {
				t.Errorf("error %q, want it to say %q", err, c.says)
			}
		})
	}
}

func TestCheckVersion(t *testing.T) {
	cases := []struct {
		name, server, driver string
		ok                   bool
	}{
		{"playwright-cli prerelease against the driver", "1.64.0-alpha-1790635538000", "1.64.1", true},
		{"same version", "1.64.1", "1.64.1", true},
		{"patch differs", "1.64.3", "1.64.1", true},
		{"major.minor only", "1.64", "1.64.1", true},
		{"unknown server version is allowed", "", "1.64.1", true},
		{"older minor in the proven range", "1.63.2", "1.64.1", true},
		{"the oldest proven minor", "1.63.0-alpha-2026-08-05", "1.64.1", true},
		{"playwright-cli 0.1.14's Playwright, whose calls want their timeout inside", "1.61.0-alpha-1781023400000", "1.64.1", false},
		{"older than the proven range", "1.60.0", "1.64.1", false},
		{"newer minor", "1.65.0", "1.64.1", false},
		{"other major", "2.64.1", "1.64.1", false},
		{"minor that is a prefix of the driver's", "1.6.4", "1.64.1", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := CheckVersion(c.server, c.driver, "/tmp/pw/s.sock")
			if c.ok {
				if err != nil {
					t.Errorf("CheckVersion(%q, %q) = %v", c.server, c.driver, err)
				}
				return
			}
			var ve *VersionError
			if !errors.As(err, &ve) || *ve != (VersionError{Server: c.server, Driver: c.driver, Endpoint: "/tmp/pw/s.sock"}) {
				t.Fatalf("CheckVersion(%q, %q) = %#v, want a VersionError", c.server, c.driver, err)
			}
			for _, s := range []string{c.server, c.driver, "/tmp/pw/s.sock"} {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q does not name %s", err, s)
				}
			}
		})
	}
}

func TestRegistryDirs(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("runs on Linux only: the XDG cache layout it checks is Linux's (darwin and windows use their own folders)")
	}
	t.Setenv("XDG_CACHE_HOME", "/xdg")
	if got, want := RegistryDirs(), []string{"/xdg/ms-playwright/b"}; !reflect.DeepEqual(got, want) {
		t.Errorf("with XDG_CACHE_HOME: %q, want %q", got, want)
	}
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "/home/u")
	if got, want := RegistryDirs(), []string{"/home/u/.cache/ms-playwright/b"}; !reflect.DeepEqual(got, want) {
		t.Errorf("without XDG_CACHE_HOME: %q, want %q", got, want)
	}
}
