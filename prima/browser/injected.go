package browser

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/prima-dev/prima/prima/pwline"
)

// injectedMarker opens the module in the driver's bundle that holds
// Playwright's injected script as one string literal.
const injectedMarker = `injectedScriptSource.ts"() {`

var injected struct {
	once sync.Once
	src  string
	err  error
}

// InjectedSource returns the source of Playwright's injected script from
// the installed driver (the same version prima drives), read once. prima
// evaluates a private copy of it in a world of its own to render parts of
// a page the way Playwright renders the whole; it is not shipped with
// prima.
func InjectedSource() (string, error) {
	injected.once.Do(func() {
		d, err := FindDriver()
		if err != nil {
			injected.err = err
			return
		}
		b, err := os.ReadFile(filepath.Join(d.Dir, "lib", "coreBundle.js"))
		if err != nil {
			injected.err = fmt.Errorf("read the driver's bundle: %w", err)
			return
		}
		injected.src, injected.err = injectedLiteral(string(b))
	})
	return injected.src, injected.err
}

// injectedLiteral finds the injected script's string literal after the
// marker and decodes it.
func injectedLiteral(bundle string) (string, error) {
	i := strings.Index(bundle, injectedMarker)
	if i < 0 {
		return "", fmt.Errorf("the driver's bundle has no injected script (not Playwright %s?)", DriverVersion)
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
