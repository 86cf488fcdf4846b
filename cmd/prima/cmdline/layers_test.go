package cmdline

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/prima-dev/prima/"

// goList runs `go list` with args and returns its lines.
func goList(t *testing.T, args ...string) []string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list"}, args...)...).Output()
	if err != nil {
		t.Fatalf("go list %v: %v", args, err)
	}
	return strings.Fields(string(out))
}

// The layers look only down (ARCHITECTURE.md): the CLI, the client, the
// MCP server and the daemon's transport link no executor package and no
// vendor model SDK; the engine links nothing of the commands above it,
// nor the wire schema; own-change attribution and masking read no page;
// the browser half imports no envelope;
// only the planner imports openai-go; the do loop (prima/steps) asks the
// ladder.
func TestLayersLookOnlyDown(t *testing.T) {
	executor := []string{module + "prima/backend", module + "prima/steps", module + "prima/exec", module + "prima/emulate", module + "prima/video", module + "prima/engine", module + "prima/downloads", module + "prima/assertion", module + "prima/view", module + "prima/browser", module + "prima/planner", "github.com/openai/openai-go"}
	for _, pkg := range []string{"prima/client", "cmd/prima/cmdline", "prima/mcp", "prima/daemon", "prima/wire"} {
		for _, dep := range goList(t, "-deps", module+pkg) {
			for _, x := range executor {
				if strings.HasPrefix(dep, x) {
					t.Errorf("%s depends on %s", pkg, dep)
				}
			}
		}
	}
	// The engine acts and observes: it knows nothing of the commands,
	// their grammar or the models above it.
	for _, dep := range goList(t, "-deps", module+"prima/engine") {
		for _, x := range []string{"prima/backend", "prima/steps", "prima/exec", "prima/planner", "prima/judge", "prima/goal", "prima/export", "prima/instruct", "prima/wire", "ladder", "claim"} {
			if strings.HasPrefix(dep, module+x) {
				t.Errorf("prima/engine depends on %s", dep)
			}
		}
	}
	// Own-change attribution (Changes in, Changes out) and password
	// masking (text in, text out) read no page: the engine reads it for
	// them. Of prima/ they import only pwline, the line they mask.
	for _, leaf := range []string{"prima/own", "prima/mask"} {
		for _, dep := range goList(t, "-f", `{{join .Imports " "}}`, module+leaf) {
			if strings.HasPrefix(dep, "github.com/mxschmitt/playwright-go") || (strings.HasPrefix(dep, module+"prima/") && dep != module+"prima/pwline") {
				t.Errorf("%s imports %s", leaf, dep)
			}
		}
	}
	// The browser half knows pages, not envelopes: exec codes its errors.
	for _, dep := range goList(t, "-f", `{{join .Imports " "}}`, module+"prima/browser") {
		if dep == module+"envelope" || dep == module+"prima/wire" {
			t.Errorf("prima/browser imports %s", dep)
		}
	}
	for _, line := range goList(t, "-f", `{{.ImportPath}}={{join .Imports ","}}`, module+"...") {
		pkg, imports, _ := strings.Cut(line, "=")
		if strings.Contains(imports, "github.com/openai/openai-go") && pkg != module+"prima/planner" {
			t.Errorf("%s imports openai-go; only prima/planner may", pkg)
		}
		if pkg == module+"prima/steps" && !strings.Contains(imports, module+"ladder") {
			t.Errorf("prima/steps (the do loop) does not import ladder")
		}
	}
}

// maxPackageLines is the most non-test Go a package of the module may
// hold (ARCHITECTURE.md): past it, a package is split by what it owns.
const maxPackageLines = 3500

// No package of the module holds more than maxPackageLines lines of
// non-test Go, counted over the files go list builds it from.
func TestNoPackageIsOverTheLineLimit(t *testing.T) {
	for _, line := range goList(t, "-f", `{{.ImportPath}}|{{.Dir}}|{{join .GoFiles ","}}`, module+"...") {
		parts := strings.SplitN(line, "|", 3)
		if len(parts) != 3 {
			t.Fatalf("go list line %q", line)
		}
		n := 0
		for _, f := range strings.Split(parts[2], ",") {
			if f == "" {
				continue
			}
			b, err := os.ReadFile(filepath.Join(parts[1], f))
			if err != nil {
				t.Fatal(err)
			}
			n += strings.Count(string(b), "\n")
		}
		if n > maxPackageLines {
			t.Errorf("%s has %d lines of non-test Go, over %d: split it by what it owns", parts[0], n, maxPackageLines)
		}
	}
}

// The repository holds sources, not what they build: a binary committed
// by mistake (a bench tool built at the root) grows every clone and goes
// stale at the next change.
func TestNoBuiltBinaryIsTracked(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	for _, f := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		b := make([]byte, 4)
		fh, err := os.Open(filepath.Join(root, f))
		if err != nil {
			continue
		}
		n, _ := fh.Read(b)
		fh.Close()
		magic := string(b[:n])
		if magic == "\x7fELF" || magic == "\xcf\xfa\xed\xfe" || magic == "\xfe\xed\xfa\xcf" || strings.HasPrefix(magic, "MZ") {
			t.Errorf("%s is a built binary: remove it from git (git rm --cached) and ignore it", f)
		}
	}
}
