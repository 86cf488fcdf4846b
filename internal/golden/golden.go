// Package golden is the one golden-file helper every package's tests use: it compares output with a file in testdata and rewrites that file under -update.
package golden

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// Update is the -update flag: with it, Check rewrites golden files instead of
// comparing against them.
var Update = flag.Bool("update", false, "rewrite golden files in testdata")

// Check compares got with the golden file at path, or writes it (creating
// its directories) under -update. A missing golden file is a failure, never
// silently created.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *Update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatalf("golden %s: %v", path, err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatalf("golden %s: %v", path, err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden %s: %v (run go test -update to create it)", path, err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from golden (first difference at line %d; run go test -update if intended):\n--- got\n%s\n--- want\n%s",
			path, firstDiffLine(got, want), got, want)
	}
}

// CheckString is Check for a string.
func CheckString(t testing.TB, path, got string) {
	t.Helper()
	Check(t, path, []byte(got))
}

// firstDiffLine is the 1-based line on which a and b first differ.
func firstDiffLine(a, b []byte) int {
	line := 1
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return line
		}
		if a[i] == '\n' {
			line++
		}
	}
	return line
}
