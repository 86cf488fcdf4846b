package browser

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/prima-dev/prima/prima/locate"
	"github.com/prima-dev/prima/prima/pwline"
)

// injectedMarker opens the module in the driver's bundle that holds
// Playwright's injected script as one string literal.
const injectedMarker = `injectedScriptSource.ts"() {`

type injectedScript struct {
	once sync.Once
	src  string
	err  error
}

var injected sync.Map // driver version → *injectedScript

// InjectedSource returns the source of Playwright's injected script from
// the installed driver of version ("" is prima's own), read once. prima
// evaluates a private copy of it in a world of its own to render parts of
// a page the way Playwright renders the whole; it is not shipped with
// prima. A page reached through another driver is rendered with that
// driver's script: its snapshots are that version's (a 1.65 page rendered
// with 1.64's script already named a table by its caption differently).
func InjectedSource(version string) (string, error) {
	v, _ := injected.LoadOrStore(version, &injectedScript{})
	in := v.(*injectedScript)
	in.once.Do(func() {
		d, err := FindDriver(version)
		if err != nil {
			in.err = err
			return
		}
		b, err := os.ReadFile(filepath.Join(d.Dir, "lib", "coreBundle.js"))
		if err != nil {
			in.err = fmt.Errorf("read the driver's bundle: %w", err)
			return
		}
		in.src, in.err = injectedLiteral(string(b))
	})
	return in.src, in.err
}

// injectedLiteral finds the injected script's string literal after the
// marker and decodes it.
func injectedLiteral(bundle string) (string, error) {
	i := strings.Index(bundle, injectedMarker)
	if i < 0 {
		return "", fmt.Errorf("the driver's bundle has no injected script (not Playwright %s?)", strings.Join(locate.DriverVersions, " or "))
	}
	rest := bundle[i+len(injectedMarker):]
	j := strings.Index(rest, " = ")
	if j < 0 || j+4 > len(rest) {
		return "", fmt.Errorf("the driver's injected script is not a string literal")
	}
	src, err := pwline.Unquote(rest[j+3:])
	if err != nil {
		return "", fmt.Errorf("the driver's injected script: %w", err)
	}
	return src, nil
}
