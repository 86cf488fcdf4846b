package exporttest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A checkout without the tools says how to get them, and a wrong version
// is not taken for the right one.
func TestToolsMissingNamesSetup(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(root, "prima", "export")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(sub)
	if _, err := RunSpec(context.Background(), t.TempDir(), "", nil); err == nil || !strings.Contains(err.Error(), "scripts/setup --tools") {
		t.Fatalf("missing: %v", err)
	}
	pkg := filepath.Join(root, ".tools", "node_modules", "@playwright", "test")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pkg, "package.json"), []byte(`{"version":"1.65.0"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Tools(); err == nil || !strings.Contains(err.Error(), `"1.65.0", not 1.64.x: run scripts/setup --tools`) {
		t.Fatalf("wrong version: %v", err)
	}
}
