package rec

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Enter writes the process, each goroutine's origin once, and each entry
// and return with its goroutine.
func TestEnter(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PRIMA_WALK_OUT", dir)
	once, out, seen = sync.Once{}, nil, map[uint64]bool{}
	if err := os.WriteFile(filepath.Join(dir, "on"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	func() { defer Enter("a.go", "A")() }()
	done := make(chan bool)
	go func() {
		defer close(done)
		defer Enter("b.go", "B")()
	}()
	<-done
	mu.Lock()
	defer mu.Unlock()
	b, err := os.ReadFile(filepath.Join(dir, strconv.Itoa(os.Getpid())+".walk"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 7 || !strings.HasPrefix(lines[0], "P ") {
		t.Fatalf("recording:\n%s", b)
	}
	g, parent := strings.Fields(lines[1])[1], strings.Fields(lines[4])[2]
	if lines[2] != "E "+g+" a.go A" || lines[3] != "R "+g+" a.go A" || parent != g ||
		!strings.Contains(lines[4], "rec.TestEnter") || !strings.HasSuffix(lines[5], " b.go B") {
		t.Errorf("recording:\n%s", b)
	}
}
