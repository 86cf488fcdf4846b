package cmdline

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// jsHead is how page JavaScript starts: an arrow function's parameters
// (el =>, (el) =>, (a, b) =>, ([x, y]) =>), function, async, or an
// immediately called function ((() =>, (function).
var jsHead = regexp.MustCompile(`^(?:async\b|function\b|\(\s*\(|\(\s*function\b|\(\[|[A-Za-z_$][\w$]*\s*=>|\([^()]*\)\s*=>)`)

// pageJSAllowed holds the Go string literals under prima/ that may look
// like page JavaScript (file: literal), each with why it stays.
var pageJSAllowed = map[string]bool{
	// Glue around Playwright's injected script, whose source prima reads
	// from the driver at run time and which defines module.exports, so it
	// can only be spliced in as text; prima's own parts are view/js files.
	"prima/view/engine.go: (() => { const module = {};": true,
}

// Page JavaScript lives in .js files beside the Go that runs them,
// embedded with //go:embed (ARCHITECTURE.md): no non-test Go file under
// prima/ holds a JavaScript function in a string literal.
func TestPageJavaScriptLivesInJSFiles(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	seen := map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(filepath.Join(root, "prima"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			s = strings.TrimSpace(s)
			if !jsHead.MatchString(s) || !strings.Contains(s, "=>") && !strings.Contains(s, "{") {
				return true
			}
			key := rel + ": " + s
			if pageJSAllowed[key] {
				seen[key] = true
				return true
			}
			first, _, _ := strings.Cut(s, "\n")
			t.Errorf("%s:%d: page JavaScript in a Go string (%.60s); put it in a .js file in the package's js/ folder and //go:embed it", rel, fset.Position(lit.Pos()).Line, first)
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for key := range pageJSAllowed {
		if !seen[key] {
			t.Errorf("pageJSAllowed lists %q, which is no longer there: drop it", key)
		}
	}
}
