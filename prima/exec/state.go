package exec

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/downloads"
	"github.com/prima-dev/prima/prima/emulate"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/wire"
)

func init() {
	Runs((*Instance).State)
	Runs((*Instance).Set)
	Runs((*Instance).PDF)
}

// State saves the browser context's storage state to a file only its
// owner reads (it holds session cookies), or loads one into the context
// through the act path (the page may answer its new cookies).
func (in *Instance) State(ctx context.Context, r *wire.StateRequest) *envelope.Envelope {
	env := &envelope.Envelope{Command: "state " + r.Op + " " + r.File}
	path := requestOf(ctx).path(r.File)
	var loaded playwright.StorageState
	if r.Op == "load" {
		// A file that is not a state fails before anything changes.
		b, err := os.ReadFile(path)
		if err == nil {
			err = json.Unmarshal(b, &loaded)
		}
		if err != nil {
			in.Fail(env, &wire.UsageError{Msg: fmt.Sprintf("state load: %s is not a storage state file (%v); prima state save FILE writes one", path, err)}, nil)
			return env
		}
	}
	page, before, ok := in.Begin(ctx, env, false)
	if !ok {
		return env
	}
	bc := page.Context()
	if r.Op == "save" {
		in.looked(env, before)
		st, err := bc.StorageState()
		var b []byte
		if err == nil {
			b, err = json.MarshalIndent(st, "", "  ")
		}
		if err == nil {
			err = writePrivate(path, b)
		}
		if err != nil {
			in.Fail(env, err, before)
			return env
		}
		env.Answer = stateSummary("saved", st)
		env.Artifacts = append(env.Artifacts, envelope.Artifact{Name: filepath.Base(path), Path: path})
		env.OK = true
		return env
	}
	o := in.Act(ctx, page, before, func(context.Context) (*engine.Action, error) {
		return &engine.Action{Run: func(context.Context) error { return bc.SetStorageState(path) }}, nil
	})
	in.fill(ctx, env, o)
	if env.OK {
		env.Answer = stateSummary("loaded", &loaded)
	}
	return env
}

// writePrivate writes b to path readable by its owner only, whatever
// was there before.
func writePrivate(path string, b []byte) error {
	if err := os.WriteFile(path, b, 0o600); err != nil {
		return err
	}
	return os.Chmod(path, 0o600)
}

func stateSummary(verb string, st *playwright.StorageState) string {
	return fmt.Sprintf("%s %d cookies and the local storage of %d origins", verb, len(st.Cookies), len(st.Origins))
}

// twoFramesJS waits two frames in the page.
//
//go:embed js/two_frames.js
var twoFramesJS string

// Set sets the page's viewport, color scheme, locale, time zone or
// device, or the browser context's geolocation, extra headers or
// permissions, through the act path: a page may show other controls at
// another size or scheme.
func (in *Instance) Set(ctx context.Context, r *wire.SetRequest) *envelope.Envelope {
	env := &envelope.Envelope{Command: "set " + r.What + " " + QuoteArgs(r.Values)}
	if r.What == "download-dir" {
		// The instance's, not the page's: nothing of the page changes.
		dir, err := downloads.Folder(r.Values[0], CallerPath(ctx, r.Values[0]))
		if err != nil {
			in.Fail(env, err, nil)
			return env
		}
		in.downloads = dir
		env.Answer, env.OK = "downloads go to each command's artifacts folder", true
		if dir != "" {
			env.Answer = "downloads go to " + dir + ", under the server's names; a name already there gets a numbered sibling"
		}
		return env
	}
	// A device's name is checked before the page is touched.
	var dev *playwright.DeviceDescriptor
	var devName string
	if r.What == "device" {
		env.Command = "set device " + QuoteArgs([]string{r.Device()})
		if !r.NoDevice() {
			var err error
			if devName, dev, err = emulate.Find(in.Devices, r.Device()); err != nil {
				in.Fail(env, err, nil)
				return env
			}
		}
	}
	page, before, ok := in.Begin(ctx, env, false)
	if !ok {
		return env
	}
	bc := page.Context()
	run := func() error {
		switch r.What {
		case "color-scheme":
			scheme := map[string]*playwright.ColorScheme{"dark": playwright.ColorSchemeDark, "light": playwright.ColorSchemeLight,
				"no-preference": playwright.ColorSchemeNoPreference}[r.Values[0]]
			if err := page.EmulateMedia(playwright.PageEmulateMediaOptions{ColorScheme: scheme}); err != nil {
				return err
			}
			// The page hears of it in its next frames: the settle after
			// the action must see what its listeners do.
			_, err := in.eng.Evaluate(ctx, page, twoFramesJS)
			return err
		case "geolocation":
			lat, lon := r.LatLon()
			if err := bc.GrantPermissions([]string{"geolocation"}); err != nil {
				return err
			}
			return bc.SetGeolocation(&playwright.Geolocation{Latitude: lat, Longitude: lon})
		case "headers":
			return bc.SetExtraHTTPHeaders(r.Headers())
		case "permissions":
			if r.Values[0] == "none" {
				return bc.ClearPermissions()
			}
			return bc.GrantPermissions(r.Values)
		case "locale", "timezone":
			return in.tabs.Set(ctx, in.eng.Within, page, r.What, r.Values[0])
		case "device":
			if err := in.tabs.Device(page, dev); err != nil {
				return err
			}
			// The page hears of its new size in its next frames.
			_, err := in.eng.Evaluate(ctx, page, twoFramesJS)
			return err
		}
		w, h := r.Size()
		if err := page.SetViewportSize(w, h); err != nil {
			return err
		}
		return in.tabs.Resize(page, w, h)
	}
	o := in.Act(ctx, page, before, func(context.Context) (*engine.Action, error) {
		return &engine.Action{Run: func(context.Context) error { return run() }}, nil
	})
	in.fill(ctx, env, o)
	if env.OK && r.What == "device" {
		env.Answer = "no device: the tab's own viewport, user agent and input again"
		if dev != nil {
			env.Answer = emulate.Summary(devName, dev)
		}
		env.Answer += ". What the page reads only as it loads (the user agent its server saw, touch events) changes on its next load: prima reload"
	}
	return env
}

// PDF prints the page to a PDF file; it acts on nothing.
func (in *Instance) PDF(ctx context.Context, r *wire.PDFRequest) *envelope.Envelope {
	env := &envelope.Envelope{Command: "pdf " + r.File}
	page, before, ok := in.Begin(ctx, env, false)
	if !ok {
		return env
	}
	in.looked(env, before)
	path := requestOf(ctx).path(r.File)
	if r.File == "" {
		var err error
		if path, err = in.artifactPath("page.pdf"); err != nil {
			in.Fail(env, err, nil)
			return env
		}
	}
	if _, err := page.PDF(playwright.PagePdfOptions{Path: playwright.String(path)}); err != nil {
		in.Fail(env, err, before)
		return env
	}
	env.Artifacts = append(env.Artifacts, envelope.Artifact{Name: filepath.Base(path), Path: path})
	env.OK = true
	return env
}
