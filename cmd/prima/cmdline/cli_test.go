package cmdline

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v3"

	"github.com/prima-dev/prima/internal/golden"
	"github.com/prima-dev/prima/prima/wire"
)

// cliCases are the command lines whose whole answer is pinned: every
// command's help both ways, the root's, completion, usage errors, global
// flags before and after the command words, flag aliases, two-word
// commands, and a few that run their action (and fail before any daemon).
func cliCases() [][]string {
	cases := [][]string{
		{},
		{"--help"},
		{"-h"},
		{"help"},
		{"help", "frob"},
		{"help", "browser", "open"},
		{"--version"},
		{"-v"},
		{"--json", "--help"},
		{"--timeout", "5s", "help", "pw"},
		{"help", "--json", "pw"},
		{"--help", "pw"},
		{"pw", "-h"},
		{"--endpoint", "pw", "--help"},

		// Completion: the scripts, and the answers the scripts ask for.
		{"completion"},
		{"completion", "--help"},
		{"completion", "bash"},
		{"completion", "zsh"},
		{"completion", "fish"},
		{"completion", "pwsh"},
		{"completion", "frob"},
		{"--generate-shell-completion"},
		{"--ti", "--generate-shell-completion"},
		{"--json", "--generate-shell-completion"},
		{"pw", "--generate-shell-completion"},
		{"pw", "--", "--generate-shell-completion"},
		{"pw", "--ti", "--generate-shell-completion"},
		{"pw", "click", "--generate-shell-completion"},
		{"snapshot", "-", "--generate-shell-completion"},
		{"browser", "--generate-shell-completion"},
		{"browser", "open", "--generate-shell-completion"},
		{"browser", "open", "--he", "--generate-shell-completion"},
		{"goal", "--generate-shell-completion"},
		{"goal", "run", "-", "--generate-shell-completion"},
		{"daemon", "--generate-shell-completion"},
		{"help", "--generate-shell-completion"},
		{"fr", "--generate-shell-completion"},
		{"help", "fr", "--generate-shell-completion"},
		{"version", "--generate-shell-completion"},
		{"completion", "--generate-shell-completion"},
		{"--timeout", "5s", "tab", "--generate-shell-completion"},

		// Usage errors: one line on stderr, exit 2.
		{"frobnicate"},
		{"browser", "frob"},
		{"daemon", "frob"},
		{"goal", "frob"},
		{"--frob", "snapshot"},
		{"snapshot", "--frob"},
		{"pw", "--frob", "click", "e5"},
		{"browser", "open", "--frob"},
		{"snapshot", "--timeout", "garbage"},
		{"--timeout", "5", "snapshot"},
		{"--timeout", "0s", "snapshot"},
		{"--timeout"},
		{"pw"},
		{"pw", "explode", "e5"},
		{"pw", "click"},
		{"pw", "click", "e"},
		{"go"},
		{"go", "/a", "/b"},
		{"go", "file:///etc/passwd"},
		{"research", "extra"},
		{"snapshot", "e1", "e2"},
		{"snapshot", "-i", "e1", "e2"},
		{"snapshot", "--interactive", "--html"},
		{"do"},
		{"verify", " "},
		{"browser", "open", "/a", "/b"},
		{"goal"},
		{"goal", "run"},
		{"goal", "validate"},
		{"goal", "validate", "../../../prima/goal/testdata/files/syntax.goal.yaml"},
		{"tab", "select", "0"},
		{"wait", "soon"},
		{"version", "extra"},

		// Global flags before, after and between the command words.
		{"--json", "pw", "click", "e"},
		{"pw", "click", "e", "--json"},
		{"pw", "--json", "click", "e"},
		{"--timeout", "1s", "pw", "click", "e"},
		{"--timeout=1s", "pw", "click", "e"},
		{"pw", "--timeout=1s", "click", "e"},
		{"--dialog", "accept", "pw", "click", "e"},
		{"--secret", "pw=x", "pw", "click", "e"},
		{"--secret", "pw", "click", "e"},
		{"--instance", "browser", "browser", "open", "/a", "/b"},
		{"browser", "--json", "open", "/a", "/b"},
		{"--json", "goal", "validate", "../../../prima/goal/testdata/files/syntax.goal.yaml"},
		{"--", "pw", "click", "e"},
		{"pw", "--", "click", "e"},
		{"-", "pw"},
		{"-timeout", "1s", "pw", "click", "e"},
		{"--json=true", "pw", "click", "e"},

		// Actions that run: a local answer, and calls that fail at once
		// since the test's home cannot be made.
		{"goal", "validate", "../../../prima/goal/testdata/files/checkout.goal.yaml"},
		{"--json", "goal", "validate", "../../../prima/goal/testdata/files/checkout.goal.yaml"},
		{"snapshot"},
		{"--json", "snapshot", "-i"},
		{"browser", "list"},
		{"daemon", "status"},
	}
	// Every command's help, as `help CMD` and as `CMD --help`.
	seen := map[string]bool{}
	for _, name := range []string{"daemon", "daemon run", "daemon stop", "daemon status", "help", "help agents", "mcp", "version", "install"} {
		cases = append(cases, append(strings.Fields(name), "--help"))
		seen[strings.Fields(name)[0]] = true
	}
	for _, c := range wire.Commands() {
		cases = append(cases, append(strings.Fields(c.Name), "--help"))
		seen[strings.Fields(c.Name)[0]] = true
	}
	for name := range seen {
		cases = append(cases, []string{"help", name})
	}
	return cases
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._=-]+`)

// The CLI answers each command line in cliCases as its golden file says:
// stdout, stderr and the exit code.
func TestTheCommandLineAnswersAsBefore(t *testing.T) {
	for _, k := range []string{"PRIMA_BROWSER", "PLAYWRIGHT_CLI_SESSION", "PRIMA_IDLE"} {
		t.Setenv(k, "")
		os.Unsetenv(k)
	}
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); strings.HasPrefix(k, "PRIMA_SECRET_") {
			t.Setenv(k, "")
			os.Unsetenv(k)
		}
	}
	// A home under a file: a command that reaches the client fails at
	// once, before any daemon could start.
	t.Setenv("PRIMA_HOME", "/dev/null/prima")
	args := os.Args
	defer func() { os.Args = args }()
	files := map[string]bool{}
	for _, c := range cliCases() {
		name := unsafeName.ReplaceAllString(strings.Join(append([]string{"prima"}, c...), " "), "_")
		file := filepath.Join("testdata", "cli", name+".txt")
		if files[file] {
			t.Fatalf("two cases write %s", file)
		}
		files[file] = true
		t.Run(name, func(t *testing.T) {
			// The root's completion reads os.Args, as a shell's call
			// gives them.
			os.Args = append([]string{"prima"}, c...)
			var stdout, stderr bytes.Buffer
			code := Run(context.Background(), os.Args, &stdout, &stderr, nil)
			got := fmt.Sprintf("$ prima %q\nexit %d\n--- stdout\n%s--- stderr\n%s", c, code, stdout.String(), stderr.String())
			golden.CheckString(t, file, strings.ReplaceAll(got, versionLine(), "VERSION"))
		})
	}
	if *golden.Update {
		return
	}
	// No golden file is left that no case writes.
	old, _ := filepath.Glob(filepath.Join("testdata", "cli", "*.txt"))
	for _, f := range old {
		if !files[f] {
			t.Errorf("%s: no case writes it", f)
		}
	}
}

// A run builds the table commands its command word names and no other:
// the word is found past the root's flags and their values, and past
// `help`.
func TestARunBuildsOnlyTheCommandItNames(t *testing.T) {
	root := &cli.Command{Flags: globalFlags()}
	for _, c := range []struct {
		args  []string
		word  string
		built []string
	}{
		{[]string{"pw", "click", "e5"}, "pw", []string{"pw"}},
		{[]string{"--json", "--timeout", "5s", "pw", "click", "e5"}, "pw", []string{"pw"}},
		{[]string{"--timeout=5s", "-dialog", "accept", "--secret", "a=b", "pw"}, "pw", []string{"pw"}},
		{[]string{"--secret", "pw", "click"}, "click", nil},
		{[]string{"--json=false", "browser", "open"}, "browser", []string{"browser"}},
		{[]string{"help", "--json", "goal"}, "goal", []string{"goal"}},
		{[]string{"--", "tab", "list"}, "tab", []string{"tab"}},
		{[]string{"--help"}, "", nil},
		{[]string{"help"}, "", nil},
		{[]string{}, "", nil},
	} {
		args := append([]string{"prima"}, c.args...)
		if got := commandWord(root, args); got != c.word {
			t.Errorf("%q: the word is %q, want %q", c.args, got, c.word)
		}
		if c.built == nil {
			continue
		}
		var names []string
		for _, cmd := range tableCommands(nil, nil, c.word) {
			names = append(names, cmd.Name)
		}
		if !slices.Equal(names, c.built) {
			t.Errorf("%q built %q, want %q", c.args, names, c.built)
		}
	}
	if n := len(tableCommands(nil, nil, "")); n < 20 {
		t.Errorf("no word built %d commands, want the whole table", n)
	}
	if n := len(tableCommands(nil, nil, "fr")); n < 20 {
		t.Errorf("a word that names none built %d commands, want the whole table", n)
	}
}
