package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A walk counts returns as visits and a re-entry as each visit to a file
// seen before: main→a→b→a→c has one.
func TestReentries(t *testing.T) {
	var w []visit
	for _, f := range strings.Fields("main a a b a c") {
		w = append(w, visit{f, ""})
	}
	w = collapse(w)
	if len(w) != 5 || reentries(w) != 1 {
		t.Errorf("walk %v: %d visits, %d re-entries; want 5, 1", w, len(w), reentries(w))
	}
}

// A goroutine's walk is spliced where its first event came; returns go
// back to the caller's file; background goroutines are left out; a
// back-and-forth run folds into one pass.
func TestFollow(t *testing.T) {
	rec := `P 1 prima pw click e6
G 1 0 main
E 1 init.go init
R 1 init.go init
E 1 cmd/prima/main.go main
E 1 a.go A
G 7 1 a.A
E 7 b.go B
G 9 0 runtime.timer
E 9 z.go Z
E 1 c.go C
R 1 c.go C
E 7 a.go A.func1
R 7 a.go A.func1
R 7 b.go B
E 1 b.go B
E 1 a.go back
R 1 a.go back
E 1 a.go back
R 1 a.go back
R 1 b.go B
R 1 a.go A
`
	path := filepath.Join(t.TempDir(), "1.walk")
	if err := os.WriteFile(path, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	tr, err := readTrace(path)
	if err != nil {
		t.Fatal(err)
	}
	fl, initEvents, _, err := cliFlow(tr)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range fl.walk {
		got = append(got, v.file)
	}
	want := "cmd/prima/main.go a.go b.go a.go b.go a.go c.go a.go b.go a.go b.go a.go b.go a.go cmd/prima/main.go"
	if strings.Join(got, " ") != want {
		t.Errorf("walk\n%s\nwant\n%s", strings.Join(got, " "), want)
	}
	if initEvents != 2 || fl.background["runtime.timer"] != 1 || len(fl.members) != 2 {
		t.Errorf("init %d, background %v, members %v", initEvents, fl.background, fl.members)
	}
	if r, f := reentries(fl.walk), foldedReentries(fl.walk); r != 11 || f != 5 {
		t.Errorf("re-entries %d, folded %d; want 11, 5", r, f)
	}
}

// Marking keeps every line where it was and counts each body once.
func TestMark(t *testing.T) {
	src := "package p // doc\n\nimport \"fmt\"\n\nfunc (x *T[K]) M() {\n\tf := func() {}\n\tf()\n}\n\nvar v = func() int { return 1 }\n\nfunc F()\n\ntype T[K any] struct{}\n\nfunc init() { fmt.Println() }\n"
	out, n, err := mark("p/p.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if n != 4 || strings.Count(string(out), "\n") != strings.Count(src, "\n") {
		t.Errorf("marked %d (want 4):\n%s", n, out)
	}
	for _, want := range []string{`Enter("p/p.go", "T.M")`, `Enter("p/p.go", "T.M.func1")`, `Enter("p/p.go", "init-var.func1")`, `Enter("p/p.go", "init")`, `package p; import primawalkrec`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("no %s in\n%s", want, out)
		}
	}
}
