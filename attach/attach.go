// Package attach discovers the Playwright browser servers on this machine
// (playwright-cli sessions publish one each), tells live ones from stale
// ones, and selects the one a command should attach to.
package attach

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Status is a descriptor's liveness.
type Status string

const (
	Live    Status = "live"
	Stale   Status = "stale"   // its endpoint accepts no connection
	Corrupt Status = "corrupt" // the descriptor file cannot be read
)

// Descriptor is one browser server published in Playwright's registry.
type Descriptor struct {
	Path        string // the descriptor file
	Title       string // playwright-cli session name
	Version     string // playwrightVersion of the server
	Lib         string // playwrightLib
	Endpoint    string // unix socket path or ws:// URL
	BrowserName string
	Status      Status
	Problem     string // why it is corrupt or stale
}

// RegistryDirs are the folders Playwright publishes browser servers in.
func RegistryDirs() []string {
	var base string
	switch runtime.GOOS {
	case "darwin":
		if h, err := os.UserHomeDir(); err == nil {
			base = filepath.Join(h, "Library", "Caches")
		}
	case "windows":
		base = os.Getenv("LOCALAPPDATA")
	default:
		base = os.Getenv("XDG_CACHE_HOME")
		if base == "" {
			if h, err := os.UserHomeDir(); err == nil {
				base = filepath.Join(h, ".cache")
			}
		}
	}
	if base == "" {
		return nil
	}
	return []string{filepath.Join(base, "ms-playwright", "b")}
}

// descriptorFile is the JSON playwright-cli writes. workspaceDir is
// deliberately absent: no release writes it reliably, so it is never a key.
type descriptorFile struct {
	PlaywrightVersion string `json:"playwrightVersion"`
	PlaywrightLib     string `json:"playwrightLib"`
	Title             string `json:"title"`
	Endpoint          string `json:"endpoint"`
	Browser           struct {
		GUID        string `json:"guid"`
		BrowserName string `json:"browserName"`
	} `json:"browser"`
}

// ParseDescriptor reads one descriptor; a file it cannot use comes back
// Corrupt with the reason.
func ParseDescriptor(path string, data []byte) Descriptor {
	d := Descriptor{Path: path, Status: Corrupt}
	var f descriptorFile
	if err := json.Unmarshal(data, &f); err != nil {
		d.Problem = "not JSON: " + err.Error()
		return d
	}
	if f.Endpoint == "" {
		d.Problem = "no endpoint"
		return d
	}
	d.Title, d.Version, d.Lib, d.Endpoint, d.BrowserName = f.Title, f.PlaywrightVersion, f.PlaywrightLib, f.Endpoint, f.Browser.BrowserName
	if d.Title == "" {
		d.Title = "default"
	}
	d.Status = Stale
	return d
}

// Scan reads every descriptor in dirs, without probing.
func Scan(dirs []string) []Descriptor {
	var out []Descriptor
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if e.IsDir() || strings.HasPrefix(e.Name(), ".") {
				continue
			}
			p := filepath.Join(dir, e.Name())
			data, err := os.ReadFile(p)
			if err != nil {
				out = append(out, Descriptor{Path: p, Status: Corrupt, Problem: err.Error()})
				continue
			}
			out = append(out, ParseDescriptor(p, data))
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Title != out[j].Title {
			return out[i].Title < out[j].Title
		}
		return out[i].Path < out[j].Path
	})
	return out
}

// Probe sets a descriptor's status by trying its endpoint: a killed
// session leaves its descriptor and socket file behind, so only a
// connection that is accepted counts as live.
func Probe(d *Descriptor, timeout time.Duration) {
	if d.Status == Corrupt {
		return
	}
	network, addr := "unix", d.Endpoint
	if u, err := url.Parse(d.Endpoint); err == nil && (u.Scheme == "ws" || u.Scheme == "wss" || u.Scheme == "http" || u.Scheme == "https") {
		network, addr = "tcp", u.Host
		if u.Port() == "" {
			addr = net.JoinHostPort(u.Hostname(), map[string]string{"ws": "80", "http": "80", "wss": "443", "https": "443"}[u.Scheme])
		}
	}
	c, err := net.DialTimeout(network, addr, timeout)
	if err != nil {
		d.Status, d.Problem = Stale, "endpoint refuses connections: "+err.Error()
		return
	}
	c.Close()
	d.Status, d.Problem = Live, ""
}

// ProbeAll probes every descriptor concurrently.
func ProbeAll(ds []Descriptor, timeout time.Duration) {
	done := make(chan struct{}, len(ds))
	for i := range ds {
		go func(d *Descriptor) { Probe(d, timeout); done <- struct{}{} }(&ds[i])
	}
	for range ds {
		<-done
	}
}

// Selection errors. Each says what the user can do next.
var ErrNoneLive = errors.New("no live browser session")

// SessionNotFoundError: --pw-session named a title no live session has.
type SessionNotFoundError struct {
	Title string
	Stale bool     // a descriptor with that title exists but is dead
	Live  []string // the live titles
}

func (e *SessionNotFoundError) Error() string {
	if e.Stale {
		return fmt.Sprintf("playwright-cli session %q is not running (its descriptor is stale: the session was closed or killed)", e.Title)
	}
	if len(e.Live) == 0 {
		return fmt.Sprintf("no playwright-cli session %q: no session is running", e.Title)
	}
	return fmt.Sprintf("no playwright-cli session %q; live sessions: %s", e.Title, strings.Join(e.Live, ", "))
}

// AmbiguousError: several live sessions and nothing to choose between them.
type AmbiguousError struct{ Live []string }

func (e *AmbiguousError) Error() string {
	return fmt.Sprintf("%d live playwright-cli sessions and none chosen: %s", len(e.Live), strings.Join(e.Live, ", "))
}

// Select picks a live descriptor: the one titled session when given, else
// the one titled "default", else the only live one. It never returns a
// stale or corrupt descriptor. With several live and none chosen it
// returns an AmbiguousError; with none live, ErrNoneLive.
func Select(ds []Descriptor, session string) (Descriptor, error) {
	var live []Descriptor
	var titles []string
	staleTitle := false
	for _, d := range ds {
		if d.Status == Live {
			live = append(live, d)
			titles = append(titles, d.Title)
		} else if d.Title == session {
			staleTitle = true
		}
	}
	if session != "" {
		for _, d := range live {
			if d.Title == session {
				return d, nil
			}
		}
		return Descriptor{}, &SessionNotFoundError{Title: session, Stale: staleTitle, Live: titles}
	}
	for _, d := range live {
		if d.Title == "default" {
			return d, nil
		}
	}
	switch len(live) {
	case 0:
		return Descriptor{}, ErrNoneLive
	case 1:
		return live[0], nil
	}
	return Descriptor{}, &AmbiguousError{Live: titles}
}

// OldestAttachable is the oldest Playwright whose browser servers prima's
// driver is proven to work with (the attach matrix, results/attach-matrix.md:
// playwright-cli 0.1.18, Playwright 1.63, onwards). Playwright 1.61 and
// 1.62 servers want each call's timeout among its parameters, where 1.63
// and later send it beside them: their snapshots and actions fail. Newer
// minors than prima's newest driver are refused: nothing has shown they
// speak its protocol.
const OldestAttachable = "1.63"

// VersionError: a browser server outside the range prima can attach to.
type VersionError struct{ Server, Driver, Endpoint string }

func (e *VersionError) Error() string {
	return fmt.Sprintf("the browser server at %s runs Playwright %s, but prima's drivers (up to Playwright %s) attach to Playwright %s", e.Endpoint, e.Server, e.Driver, AttachableRange(e.Driver))
}

// AttachableRange names the Playwright versions prima attaches to when
// driver is its newest.
func AttachableRange(driver string) string {
	_, minor, ok := majorMinor(driver)
	if !ok {
		return OldestAttachable
	}
	return fmt.Sprintf("%s to 1.%d", OldestAttachable, minor)
}

// CheckVersion accepts a server from OldestAttachable up to the minor of
// driver, prima's newest; prereleases such as 1.64.0-alpha speak the protocol of their
// minor. An unknown server version is let through: the connection itself
// then decides.
func CheckVersion(server, driver, endpoint string) error {
	if server == "" {
		return nil
	}
	smaj, smin, ok1 := majorMinor(server)
	dmaj, dmin, ok2 := majorMinor(driver)
	_, oldest, _ := majorMinor(OldestAttachable)
	if !ok1 || !ok2 || smaj != dmaj || smin > dmin || smin < oldest {
		return &VersionError{Server: server, Driver: driver, Endpoint: endpoint}
	}
	return nil
}

func majorMinor(v string) (major, minor int, ok bool) {
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return 0, 0, false
	}
	minorText, _, _ := strings.Cut(parts[1], "-")
	var err1, err2 error
	major, err1 = strconv.Atoi(parts[0])
	minor, err2 = strconv.Atoi(minorText)
	return major, minor, err1 == nil && err2 == nil
}
