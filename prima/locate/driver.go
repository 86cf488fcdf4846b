// Package locate finds what prima runs on, the Playwright driver and a
// Chromium-family browser, and installs the driver where none is found.
package locate

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// DriverVersion is the playwright-core release prima's driver must be:
// the protocol playwright-go speaks.
const DriverVersion = "1.64.1"

// NextDriverVersion is prima's second driver, started only to attach to a
// Playwright server of its minor: a Playwright server refuses clients of
// another minor (HTTP 428), and 1.65's driver still speaks 1.64's protocol
// to playwright-go (the attach matrix proves it). It is installed beside
// the first as the npm alias DriverPackage(NextDriverVersion).
const NextDriverVersion = "1.65.2"

// DriverVersions are the drivers prima starts, its own first.
var DriverVersions = []string{DriverVersion, NextDriverVersion}

// DriverPackage is the folder under node_modules that holds version's
// driver: playwright-core for prima's own, an npm alias for the others.
func DriverPackage(version string) string {
	if version == DriverVersion {
		return "playwright-core"
	}
	return "playwright-core-" + version
}

// DriverFor is the driver version that attaches to a Playwright server of
// version server's minor, "" when prima has none of it.
func DriverFor(server string) string {
	for _, v := range DriverVersions {
		if Minor(v) == Minor(server) {
			return v
		}
	}
	return ""
}

// Minor is "1.65" of "1.65.2" or of "1.65.0-alpha-…".
func Minor(v string) string {
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return v
	}
	m, _, _ := strings.Cut(parts[1], "-")
	return parts[0] + "." + m
}

// Driver is a playwright-core package folder prima can start.
type Driver struct {
	Dir     string // holds cli.js, package.json and lib/
	Version string
	Source  string // how it was found, for `prima version`
}

// CLI is the driver's entry point.
func (d Driver) CLI() string { return filepath.Join(d.Dir, "cli.js") }

// NotFoundError says what was looked for, where, and the one command that
// fixes it.
type NotFoundError struct {
	What  string
	Tried []string
	Fix   string
}

func (e *NotFoundError) Error() string {
	return fmt.Sprintf("no %s found (tried %s); %s", e.What, strings.Join(e.Tried, ", "), e.Fix)
}

// BadDriverError: a folder named explicitly is not a usable driver.
type BadDriverError struct{ Dir, Why, From string }

func (e *BadDriverError) Error() string {
	return fmt.Sprintf("%s names %s, which is not a Playwright driver prima can use: %s", e.From, e.Dir, e.Why)
}

// CacheDir is prima's own cache folder: the driver `prima install` puts
// there, and patched copies of read-only drivers.
func CacheDir() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "prima"), nil
}

// InstallDir is where `prima install` puts the driver.
func InstallDir() (string, error) {
	c, err := CacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(c, "driver"), nil
}

// FindDriver looks for playwright-core DriverVersion: PLAYWRIGHT_DRIVER_PATH
// and PRIMA_DRIVER (each named folder must hold it), then .driver beside
// the binary's folder (a checkout), then prima's cache (`prima install`),
// then node_modules/playwright-core in a folder above the binary (the npm
// package), then .driver in the working folder or above it.
func FindDriver(getenv func(string) string) (Driver, error) {
	return FindDriverOf(getenv, DriverVersion)
}

// FindDriverOf looks for playwright-core version where FindDriver looks
// for its own; another version is the npm alias DriverPackage(version) in
// node_modules of each folder (beside the named driver's for
// PLAYWRIGHT_DRIVER_PATH and PRIMA_DRIVER, which name prima's own).
func FindDriverOf(getenv func(string) string, version string) (Driver, error) {
	own := version == DriverVersion
	// in is where version's driver sits in a driver folder (.driver, the
	// install folder's node_modules/playwright-core's parent).
	in := func(dir string) string {
		if own {
			return dir
		}
		return filepath.Join(dir, "node_modules", DriverPackage(version))
	}
	var tried []string
	try := func(dir, source string) (Driver, bool) {
		d, why := driverAt(dir, version)
		if why != "" {
			if !errors.Is(statErr(dir), fs.ErrNotExist) {
				tried = append(tried, dir+" ("+why+")")
			} else {
				tried = append(tried, dir)
			}
			return Driver{}, false
		}
		d.Source = source
		return d, true
	}
	for _, name := range []string{"PLAYWRIGHT_DRIVER_PATH", "PRIMA_DRIVER"} {
		dir := getenv(name)
		if dir == "" {
			continue
		}
		if own {
			d, why := driverAt(dir, version)
			if why != "" {
				return Driver{}, &BadDriverError{Dir: dir, Why: why, From: name}
			}
			d.Source = name
			return d, nil
		}
		// Beside the named driver: in its folder's node_modules, or its
		// sibling in node_modules.
		if d, ok := try(in(dir), "beside "+name); ok {
			return d, nil
		}
		if d, ok := try(filepath.Join(filepath.Dir(filepath.Clean(dir)), DriverPackage(version)), "beside "+name); ok {
			return d, nil
		}
	}
	exe := ""
	if p, err := os.Executable(); err == nil {
		if p, err = filepath.EvalSymlinks(p); err == nil {
			exe = p
		}
	}
	if exe != "" {
		if d, ok := try(in(filepath.Join(filepath.Dir(filepath.Dir(exe)), ".driver")), "the checkout's .driver"); ok {
			return d, nil
		}
	}
	if dir, err := InstallDir(); err == nil {
		if d, ok := try(filepath.Join(dir, "node_modules", DriverPackage(version)), "prima install"); ok {
			return d, nil
		}
	}
	if exe != "" {
		for dir := filepath.Dir(exe); ; dir = filepath.Dir(dir) {
			nm := filepath.Join(dir, "node_modules", DriverPackage(version))
			if _, err := os.Stat(nm); err == nil {
				if d, ok := try(nm, "the npm package"); ok {
					return d, nil
				}
			}
			if filepath.Dir(dir) == dir {
				break
			}
		}
	}
	if wd, err := os.Getwd(); err == nil {
		for dir := wd; ; dir = filepath.Dir(dir) {
			d := filepath.Join(dir, ".driver")
			if _, err := os.Stat(d); err == nil {
				if d, ok := try(in(d), ".driver in "+dir); ok {
					return d, nil
				}
			}
			if filepath.Dir(dir) == dir {
				break
			}
		}
	}
	return Driver{}, &NotFoundError{
		What:  "Playwright driver (playwright-core " + version + ")",
		Tried: tried,
		Fix:   "run `prima install` (it npm-installs playwright-core " + strings.Join(DriverVersions, " and ") + " into prima's cache; in a checkout, scripts/setup puts them into .driver/), or install prima with npm: npm install -g @prima-dev/prima",
	}
}

func statErr(dir string) error {
	_, err := os.Stat(dir)
	return err
}

// driverAt reads a driver folder: a playwright-core package, or a folder
// whose package/ is one (the layout scripts/setup and playwright-go use).
// why is "" when it is usable.
func driverAt(dir, version string) (Driver, string) {
	if _, err := os.Stat(filepath.Join(dir, "package", "cli.js")); err == nil {
		dir = filepath.Join(dir, "package")
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	} else {
		return Driver{}, "it does not exist"
	}
	if _, err := os.Stat(filepath.Join(dir, "cli.js")); err != nil {
		return Driver{}, "it has no cli.js"
	}
	b, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		return Driver{}, "it has no package.json"
	}
	var pkg struct{ Name, Version string }
	if err := json.Unmarshal(b, &pkg); err != nil {
		return Driver{}, "its package.json is not JSON: " + err.Error()
	}
	if pkg.Name != "playwright-core" {
		return Driver{}, fmt.Sprintf("it is %q, not playwright-core", pkg.Name)
	}
	if pkg.Version != version {
		return Driver{}, fmt.Sprintf("it is playwright-core %s, not %s", pkg.Version, version)
	}
	if _, err := os.Stat(filepath.Join(dir, "lib", "coreBundle.js")); err != nil {
		return Driver{}, "it has no lib/coreBundle.js (an incomplete install?)"
	}
	return Driver{Dir: dir, Version: pkg.Version}, ""
}

//go:embed driver_entry.js
var driverEntry []byte

// Entry is the script prima starts the driver with, written once to
// prima's cache: it answers playwright-go's `--version` probe from the
// driver's package.json (starting all of Playwright for it costs about
// 0.4 CPU-seconds on every daemon start) and runs d's cli.js otherwise,
// which the PRIMA_DRIVER_CLI environment variable must name. An error
// means the cache cannot hold it: start d.CLI() itself.
func Entry() (string, error) {
	cache, err := CacheDir()
	if err != nil {
		return "", err
	}
	p := filepath.Join(cache, "driver-entry.js")
	if b, err := os.ReadFile(p); err == nil && bytes.Equal(b, driverEntry) {
		return p, nil
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return "", err
	}
	// Daemons may start side by side: each writes a whole file and
	// renames it into place.
	tmp, err := os.CreateTemp(cache, "driver-entry-*.js")
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(driverEntry); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Close(); err != nil {
		return "", err
	}
	return p, os.Rename(tmp.Name(), p)
}

// bundlePatches keep the driver alive on a page error without a location
// (playwright-go's own installer applies them; a driver from npm lacks them).
var bundlePatches = []struct{ from, to string }{
	{"pageError.location.url", `pageError.location?.url || ""`},
	{"pageError.location.lineNumber", "pageError.location?.lineNumber || 0"},
	{"pageError.location.columnNumber", "pageError.location?.columnNumber || 0"},
}

// Prepare makes d safe to start: it patches the bundle in place, or, when
// d's folder is read-only, in a copy in prima's cache, which it returns.
func Prepare(d Driver) (Driver, error) {
	bundle := filepath.Join(d.Dir, "lib", "coreBundle.js")
	data, err := os.ReadFile(bundle)
	if err != nil {
		return d, fmt.Errorf("read the driver bundle: %w", err)
	}
	patched := data
	for _, p := range bundlePatches {
		patched = bytes.ReplaceAll(patched, []byte(p.from), []byte(p.to))
	}
	if bytes.Equal(patched, data) {
		return d, nil
	}
	if err := writeKeepingMode(bundle, patched); err == nil {
		return d, nil
	}
	cache, err := CacheDir()
	if err != nil {
		return d, err
	}
	copyDir := filepath.Join(cache, "patched", "playwright-core-"+d.Version)
	if c, why := driverAt(copyDir, d.Version); why == "" {
		if b, err := os.ReadFile(filepath.Join(c.Dir, "lib", "coreBundle.js")); err == nil && bytes.Equal(b, patched) {
			c.Source = d.Source + ", patched copy"
			return c, nil
		}
	}
	os.RemoveAll(copyDir)
	if err := copyTree(d.Dir, copyDir); err != nil {
		return d, fmt.Errorf("the driver at %s is read-only and copying it to %s failed: %w", d.Dir, copyDir, err)
	}
	if err := os.WriteFile(filepath.Join(copyDir, "lib", "coreBundle.js"), patched, 0o644); err != nil {
		return d, err
	}
	return Driver{Dir: copyDir, Version: d.Version, Source: d.Source + ", patched copy"}, nil
}

func writeKeepingMode(path string, data []byte) error {
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp := path + ".prima-tmp"
	if err := os.WriteFile(tmp, data, st.Mode().Perm()); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		switch {
		case e.IsDir():
			return os.MkdirAll(target, 0o755)
		case e.Type()&fs.ModeSymlink != 0:
			link, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.OpenFile(target, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	})
}

// Node finds the Node.js the driver runs on: PLAYWRIGHT_NODEJS_PATH, else
// node on PATH.
func Node(getenv func(string) string) (string, error) {
	if p := getenv("PLAYWRIGHT_NODEJS_PATH"); p != "" {
		return p, nil
	}
	p, err := exec.LookPath("node")
	if err != nil {
		return "", &NotFoundError{What: "Node.js (node)", Tried: []string{"PLAYWRIGHT_NODEJS_PATH", "PATH"},
			Fix: "install Node.js 18 or newer (Debian/Ubuntu: apt-get install nodejs npm; macOS: brew install node), or set PLAYWRIGHT_NODEJS_PATH"}
	}
	return p, nil
}

// Install puts every driver of DriverVersions into InstallDir with npm
// (the others as npm aliases) and prepares them; it returns prima's own.
// Progress goes to out.
func Install(ctx context.Context, getenv func(string) string, out io.Writer) (Driver, error) {
	dir, err := InstallDir()
	if err != nil {
		return Driver{}, err
	}
	var specs []string
	for _, v := range DriverVersions {
		if d, why := driverAt(filepath.Join(dir, "node_modules", DriverPackage(v)), v); why == "" {
			fmt.Fprintf(out, "the driver is installed already: playwright-core %s in %s\n", d.Version, d.Dir)
			continue
		}
		spec := "playwright-core@" + v
		if v != DriverVersion {
			spec = DriverPackage(v) + "@npm:" + spec
		}
		specs = append(specs, spec)
	}
	if len(specs) > 0 {
		if _, err := Node(getenv); err != nil {
			return Driver{}, err
		}
		npm, err := exec.LookPath("npm")
		if err != nil {
			return Driver{}, &NotFoundError{What: "npm", Tried: []string{"PATH"},
				Fix: "install npm (Debian/Ubuntu: apt-get install npm; macOS: brew install node), then run prima install again"}
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return Driver{}, err
		}
		pkg := filepath.Join(dir, "package.json")
		if _, err := os.Stat(pkg); err != nil {
			if err := os.WriteFile(pkg, []byte(`{"name":"prima-driver","private":true}`+"\n"), 0o644); err != nil {
				return Driver{}, err
			}
		}
		fmt.Fprintf(out, "npm install %s into %s\n", strings.Join(specs, " "), dir)
		args := append([]string{"install", "--no-audit", "--no-fund", "--save-exact", "--ignore-scripts", "--prefix", dir}, specs...)
		cmd := exec.CommandContext(ctx, npm, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "NO_UPDATE_NOTIFIER=1")
		cmd.Stdout, cmd.Stderr = out, out
		if err := cmd.Run(); err != nil {
			return Driver{}, fmt.Errorf("npm install %s failed: %w", strings.Join(specs, " "), err)
		}
	}
	var own Driver
	for _, v := range DriverVersions {
		d, why := driverAt(filepath.Join(dir, "node_modules", DriverPackage(v)), v)
		if why != "" {
			return Driver{}, fmt.Errorf("npm finished but %s is not usable: %s", dir, why)
		}
		d.Source = "prima install"
		if d, err = Prepare(d); err != nil {
			return Driver{}, err
		}
		if v == DriverVersion {
			own = d
		}
	}
	return own, nil
}

// InstallBrowser runs the driver's own browser installer for Chromium
// (it downloads from Playwright's CDN into Playwright's browser cache,
// where Browser then finds it).
func InstallBrowser(ctx context.Context, d Driver, getenv func(string) string, out io.Writer) error {
	node, err := Node(getenv)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%s %s install chromium\n", node, d.CLI())
	cmd := exec.CommandContext(ctx, node, d.CLI(), "install", "chromium")
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("the driver's browser installer failed (%w); install Chrome or Chromium yourself and pass it with --browser-path or PRIMA_BROWSER", err)
	}
	return nil
}
