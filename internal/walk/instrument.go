package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// recPath is the recorder's import path in the copy, and recAlias the
// name each instrumented file imports it as.
const (
	recPath  = "github.com/prima-dev/prima/internal/walk/rec"
	recAlias = "primawalkrec"
)

// skipped says whether a folder of the module (slash-separated, relative
// to its root) is left as it is: what is not prima's own product code
// (the fixture app, the benches, test support and this tool), and what
// is not Go of the module at all.
func skipped(rel string) bool {
	base := filepath.Base(rel)
	if rel != "." && (strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_") || base == "testdata" || base == "node_modules") {
		return true
	}
	return rel == "fixtures" || rel == "internal" || strings.HasPrefix(rel, "cmd/prima-")
}

// instrument rewrites, in place, every non-test .go file of the module at
// root that skipped leaves in, and returns how many functions it marked.
func instrument(root string) (int, error) {
	total := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if skipped(rel) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") || d.Type()&fs.ModeSymlink != 0 {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out, n, err := mark(rel, src)
		if err != nil {
			return err
		}
		total += n
		if n == 0 {
			return nil
		}
		return os.WriteFile(path, out, 0o644)
	})
	return total, err
}

// mark inserts `defer primawalkrec.Enter(file, name)();` right after the
// opening brace of every function body in src, on the same line (so every
// line keeps its number), and the recorder's import after the package
// clause. A function literal is marked with the file it is written in and
// its enclosing function's name (Outer.funcN, numbered in source order).
func mark(file string, src []byte) ([]byte, int, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, 0, err
	}
	type insert struct {
		at   int
		text string
	}
	var ins []insert
	add := func(body *ast.BlockStmt, name string) {
		if body != nil {
			ins = append(ins, insert{fset.Position(body.Lbrace).Offset + 1, fmt.Sprintf("defer %s.Enter(%q, %q)();", recAlias, file, name)})
		}
	}
	for _, decl := range f.Decls {
		outer := "init-var"
		if fd, ok := decl.(*ast.FuncDecl); ok {
			outer = funcName(fd)
			add(fd.Body, outer)
		}
		lits := 0
		ast.Inspect(decl, func(n ast.Node) bool {
			if fl, ok := n.(*ast.FuncLit); ok {
				lits++
				add(fl.Body, fmt.Sprintf("%s.func%d", outer, lits))
			}
			return true
		})
	}
	if len(ins) == 0 {
		return src, 0, nil
	}
	ins = append(ins, insert{fset.Position(f.Name.End()).Offset, fmt.Sprintf("; import %s %q", recAlias, recPath)})
	sort.Slice(ins, func(i, j int) bool { return ins[i].at > ins[j].at })
	out := append([]byte(nil), src...)
	for _, in := range ins {
		out = append(out[:in.at], append([]byte(in.text), out[in.at:]...)...)
	}
	return out, len(ins) - 1, nil
}

// funcName is a declared function's name, a method's as Type.Method.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.Ident:
			return x.Name + "." + fd.Name.Name
		}
		return fd.Name.Name
	}
}
