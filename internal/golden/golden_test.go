package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// recorder is a testing.TB that records failures instead of reporting them;
// Fatalf ends the goroutine as the real one does.
type recorder struct {
	testing.TB
	failed bool
	fatal  bool
	msgs   []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.failed = true
	r.msgs = append(r.msgs, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	r.fatal = true
	runtime.Goexit()
}

// run calls f with a fresh recorder on its own goroutine, so a Fatalf ends
// only that goroutine.
func run(t *testing.T, f func(testing.TB)) *recorder {
	t.Helper()
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r
}

// withUpdate sets -update for the length of the test.
func withUpdate(t *testing.T, v bool) {
	old := *Update
	*Update = v
	t.Cleanup(func() { *Update = old })
}

func TestWriteThenCompare(t *testing.T) {
	path := filepath.Join(t.TempDir(), "testdata", "deep", "x.golden")

	withUpdate(t, true)
	if r := run(t, func(tb testing.TB) { CheckString(tb, path, "one\ntwo\n") }); r.failed {
		t.Fatalf("update failed: %v", r.msgs)
	}
	b, err := os.ReadFile(path)
	if err != nil || string(b) != "one\ntwo\n" {
		t.Fatalf("written file = %q, %v", b, err)
	}

	withUpdate(t, false)
	if r := run(t, func(tb testing.TB) { Check(tb, path, []byte("one\ntwo\n")) }); r.failed {
		t.Errorf("same content failed: %v", r.msgs)
	}

	r := run(t, func(tb testing.TB) { CheckString(tb, path, "one\nTWO\n") })
	if !r.failed || r.fatal {
		t.Fatalf("a difference must fail without stopping: failed=%v fatal=%v", r.failed, r.fatal)
	}
	msg := strings.Join(r.msgs, "\n")
	for _, want := range []string{path, "line 2", "-update", "--- got\none\nTWO\n", "--- want\none\ntwo\n"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q:\n%s", want, msg)
		}
	}
}

func TestMissingFails(t *testing.T) {
	withUpdate(t, false)
	path := filepath.Join(t.TempDir(), "testdata", "absent.golden")
	reached := false
	r := run(t, func(tb testing.TB) {
		CheckString(tb, path, "x")
		reached = true
	})
	if !r.failed || !r.fatal || reached {
		t.Fatalf("missing file: failed=%v fatal=%v reached=%v", r.failed, r.fatal, reached)
	}
	msg := strings.Join(r.msgs, "\n")
	if !strings.Contains(msg, path) || !strings.Contains(msg, "go test -update") {
		t.Errorf("message must name the path and -update: %s", msg)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("missing golden file was created: %v", err)
	}
}

func TestFirstDiffLine(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"a\nb\n", "a\nc\n", 2},
		{"x", "y", 1},
		{"a\nb\n", "a\nb\nc\n", 3},
	} {
		if got := firstDiffLine([]byte(c.a), []byte(c.b)); got != c.want {
			t.Errorf("firstDiffLine(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
