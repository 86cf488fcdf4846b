package cmdline

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/prima-dev/prima/prima/wire"
)

// docs/commands.md is written for people beside the command table that
// defines the commands: every command of the table has its row there, the
// row names each of its flags, and no row names a command the table and
// the CLI do not have. A command or flag added, renamed or dropped fails
// here until the reference says so.
func TestTheCommandsReferenceIsTheTable(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "commands.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	start := strings.Index(doc, "| command | what it does | its flags |")
	if start < 0 {
		t.Fatal("docs/commands.md has no table of the commands")
	}
	var rows [][3]string
	for _, l := range strings.Split(doc[start:], "\n")[2:] {
		if !strings.HasPrefix(l, "| `") {
			if strings.TrimSpace(l) == "" {
				break
			}
			t.Errorf("a line inside the commands' table is no row of it: %q", l)
			continue
		}
		cells := strings.Split(strings.Trim(l, "|"), " | ")
		if len(cells) != 3 {
			t.Errorf("a row of the commands' table has %d cells, not 3: %q", len(cells), l)
			continue
		}
		rows = append(rows, [3]string{cells[0], cells[1], cells[2]})
	}
	own := map[string]bool{"daemon": true, "mcp": true, "help": true, "version": true, "install": true, "completion": true}
	known := map[string]bool{}
	for _, c := range wire.Commands() {
		known[c.Name] = true
		var row *[3]string
		for i := range rows {
			if strings.Contains(rows[i][0], "`"+c.Name+"`") || strings.Contains(rows[i][0], "`"+c.Name+" ") {
				row = &rows[i]
				break
			}
		}
		if row == nil {
			t.Errorf("docs/commands.md has no row for %q", c.Name)
			continue
		}
		for _, p := range c.Params {
			if !p.Word && !strings.Contains(row[2], "`--"+p.Flag()) {
				t.Errorf("docs/commands.md's row for %q does not name its flag --%s", c.Name, p.Flag())
			}
		}
	}
	word := regexp.MustCompile("`([a-z][a-z-]*(?: (?:[a-z][a-z-]*))?)")
	for _, r := range rows {
		for _, m := range word.FindAllStringSubmatch(r[0], -1) {
			two, one := m[1], strings.Fields(m[1])[0]
			if !known[two] && !known[one] && !own[one] {
				t.Errorf("docs/commands.md lists %q, which is no command of the table nor of the CLI", m[1])
			}
		}
	}
}

// ARCHITECTURE.md is the map a newcomer reads first: every file it names
// exists. A name may be short (`exec/pw.go` under prima/, `js/track.js`
// beside the Go that runs it) when one file of the repository ends so; a
// NAME in it stands for any word (cmd_NAME.go).
func TestTheArchitectureNamesOnlyFilesThatExist(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	b, err := os.ReadFile(filepath.Join(root, "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && p != root {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			files = append(files, "/"+filepath.ToSlash(rel))
		}
		return nil
	})
	named := regexp.MustCompile(`[A-Za-z0-9_./-]*[A-Za-z0-9_]\.(?:go|js|md|json)\b`)
	seen := map[string]bool{}
	for _, name := range named.FindAllString(string(b), -1) {
		if seen[name] || !strings.Contains(name, "/") && !strings.Contains(name, "_") && !strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, ".js") {
			continue
		}
		seen[name] = true
		pat := regexp.MustCompile("/" + strings.ReplaceAll(regexp.QuoteMeta(strings.TrimPrefix(name, "./")), "NAME", "[a-z_]+") + "$")
		found := false
		for _, f := range files {
			if pat.MatchString(f) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("ARCHITECTURE.md names %s, which no file of the repository is", name)
		}
	}
	if len(seen) < 20 {
		t.Fatalf("ARCHITECTURE.md names only %d files: the test reads it wrong", len(seen))
	}
}
