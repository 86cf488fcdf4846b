package guard

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// Every page script prima runs is bounded by the command's deadline: a
// Playwright Evaluate, EvaluateHandle or EvaluateAll is made only inside a
// function handed to a bounded read (guard.Within and the wrappers over
// it: within, read, Within), or through the engine's Evaluate and
// EvaluateHandle, which take the command's context first. A page whose
// script loops would otherwise hold the instance past the command's
// answer. answered is the one exception: it is itself the wait for a page
// to run a script again, in a goroutine of its own.
func TestEveryPageScriptIsBounded(t *testing.T) {
	bounded := map[string]bool{"within": true, "read": true, "Within": true}
	exempt := map[string]bool{"answered": true}
	seen := 0
	eachSourceFile(t, func(fset *token.FileSet, f *ast.File) {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil || exempt[fd.Name.Name] {
				continue
			}
			var stack []ast.Node
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if n == nil {
					stack = stack[:len(stack)-1]
					return false
				}
				stack = append(stack, n)
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok || (sel.Sel.Name != "Evaluate" && sel.Sel.Name != "EvaluateHandle" && sel.Sel.Name != "EvaluateAll") {
					return true
				}
				seen++
				if len(call.Args) > 0 && takesContext(call.Args[0]) {
					return true // the engine's, bounded by that context
				}
				if !inBoundedRead(stack, bounded) {
					t.Errorf("%s: %s in %s is a page script no deadline bounds: run it through the engine's Evaluate or inside a bounded read (guard.Within)",
						fset.Position(call.Pos()), sel.Sel.Name, fd.Name.Name)
				}
				return true
			})
		}
	})
	if seen < 20 {
		t.Fatalf("found only %d Evaluate calls under prima/: the walk missed the code", seen)
	}
}

// takesContext: the expression is a context (ctx, x.ctx).
func takesContext(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name == "ctx"
	case *ast.SelectorExpr:
		return x.Sel.Name == "ctx"
	}
	return false
}

// inBoundedRead: some function literal around the call is an argument of
// a call to a bounded read.
func inBoundedRead(stack []ast.Node, bounded map[string]bool) bool {
	for i := len(stack) - 1; i > 0; i-- {
		lit, ok := stack[i].(*ast.FuncLit)
		if !ok {
			continue
		}
		for j := i - 1; j >= 0; j-- {
			call, ok := stack[j].(*ast.CallExpr)
			if !ok {
				continue
			}
			name := ""
			switch f := call.Fun.(type) {
			case *ast.Ident:
				name = f.Name
			case *ast.SelectorExpr:
				name = f.Sel.Name
			case *ast.IndexExpr:
				if id, ok := f.X.(*ast.Ident); ok {
					name = id.Name
				}
			}
			for _, a := range call.Args {
				if a == lit && bounded[name] {
					return true
				}
			}
			break
		}
	}
	return false
}

// A deadline travels as the command's context, never as a number of
// milliseconds: no function under prima/ takes a float64 named like a
// time (t, timeout, tmo, ms, timeoutMS), declared, literal or as the type
// of a field (Action.Run). The milliseconds Playwright's options take are
// computed from the context where the option is built.
func TestNoFunctionTakesItsDeadlineInMilliseconds(t *testing.T) {
	timeish := map[string]bool{"t": true, "timeout": true, "tmo": true, "ms": true, "timeoutMS": true}
	funcs := 0
	eachSourceFile(t, func(fset *token.FileSet, f *ast.File) {
		ast.Inspect(f, func(n ast.Node) bool {
			ft, ok := n.(*ast.FuncType)
			if !ok || ft.Params == nil {
				return true
			}
			funcs++
			for _, field := range ft.Params.List {
				if id, ok := field.Type.(*ast.Ident); !ok || id.Name != "float64" {
					continue
				}
				for _, name := range field.Names {
					if timeish[name.Name] {
						t.Errorf("%s: a function takes its deadline as %s float64: take the command's context", fset.Position(name.Pos()), name.Name)
					}
				}
			}
			return true
		})
	})
	if funcs < 500 {
		t.Fatalf("found only %d function types under prima/: the walk missed the code", funcs)
	}
}

// eachSourceFile parses every non-test Go file under prima/ and hands it
// to visit, with the file set its positions are read from.
func eachSourceFile(t *testing.T, visit func(*token.FileSet, *ast.File)) {
	t.Helper()
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		visit(fset, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
