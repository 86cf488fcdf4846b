package browser

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
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
		dir, err := DriverDir()
		if err != nil {
			injected.err = err
			return
		}
		b, err := os.ReadFile(filepath.Join(dir, "package", "lib", "coreBundle.js"))
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
	return jsUnquote(rest[j+3:])
}

// jsUnquote decodes the JavaScript string literal s starts with.
func jsUnquote(s string) (string, error) {
	if s == "" || (s[0] != '\'' && s[0] != '"') {
		return "", fmt.Errorf("the driver's injected script is not a string literal")
	}
	q := s[0]
	var b strings.Builder
	b.Grow(len(s))
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == q:
			return b.String(), nil
		case c != '\\':
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(s) {
			break
		}
		switch e := s[i]; e {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case '0':
			b.WriteByte(0)
		case '\n':
		case 'x', 'u':
			n := 2
			if e == 'u' {
				n = 4
			}
			if e == 'u' && i+1 < len(s) && s[i+1] == '{' {
				end := strings.IndexByte(s[i:], '}')
				if end < 0 {
					return "", fmt.Errorf("bad escape in the injected script")
				}
				r, err := strconv.ParseUint(s[i+2:i+end], 16, 32)
				if err != nil {
					return "", fmt.Errorf("bad escape in the injected script")
				}
				b.WriteRune(rune(r))
				i += end
				continue
			}
			if i+n >= len(s) {
				return "", fmt.Errorf("bad escape in the injected script")
			}
			r, err := strconv.ParseUint(s[i+1:i+1+n], 16, 32)
			if err != nil {
				return "", fmt.Errorf("bad escape in the injected script")
			}
			// A lone surrogate half (\ud83d) is kept as its code unit's
			// UTF-8-like bytes would be invalid; pair them when they come
			// together.
			if r >= 0xd800 && r < 0xdc00 && i+1+n+6 <= len(s) && s[i+1+n] == '\\' && s[i+2+n] == 'u' {
				if lo, err := strconv.ParseUint(s[i+3+n:i+7+n], 16, 32); err == nil && lo >= 0xdc00 && lo < 0xe000 {
					b.WriteRune(rune((r-0xd800)<<10 + (lo - 0xdc00) + 0x10000))
					i += n + 6
					continue
				}
			}
			b.WriteRune(rune(r))
			i += n
		default:
			b.WriteByte(e)
		}
	}
	return "", fmt.Errorf("the driver's injected script literal is not closed")
}
