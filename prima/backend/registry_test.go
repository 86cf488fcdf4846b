package backend

import (
	"testing"
)

// A client names any registry folder it likes; the daemon keeps the
// watchers of the few asked for last, and a folder asked for again is
// served again.
func TestTheRegistriesACallerNamesAreBounded(t *testing.T) {
	b := New(t.TempDir(), nil)
	defer b.reg.Close()
	first := t.TempDir()
	r := b.registry(first)
	for i := 0; i < maxRegistries+3; i++ {
		b.registry(t.TempDir())
		if n := len(b.regs); n > maxRegistries {
			t.Fatalf("after %d folders the daemon holds %d registries, more than %d", i+2, n, maxRegistries)
		}
	}
	if _, kept := b.regs[first]; kept {
		t.Errorf("the folder asked for first and never again is still held")
	}
	if again := b.registry(first); again == r || again == nil {
		t.Errorf("the forgotten folder asked for again: %p (was %p), want a new registry", again, r)
	}
	if got := len(r.List()); got != 0 {
		t.Errorf("the forgotten registry lists %d sessions in an empty folder", got)
	}
	for _, e := range b.regs {
		e.r.Close()
	}
}
