package attach

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// listing summarises a listing as "title status" lines, in List's order.
func listing(ds []Descriptor) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "%s %s;", d.Title, d.Status)
	}
	return b.String()
}

// waitFor lists until the listing reads want: a change on disk reaches the
// registry through fsnotify, asynchronously.
func waitFor(t *testing.T, r *Registry, want, why string) []Descriptor {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		ds := r.List()
		if listing(ds) == want {
			return ds
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: List = %q, want %q", why, listing(ds), want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestRegistryFollowsSessions(t *testing.T) {
	dir := t.TempDir()
	r := NewRegistry([]string{dir})
	defer r.Close()
	if ds := r.List(); len(ds) != 0 {
		t.Fatalf("List of an empty folder = %+v", ds)
	}

	sock, ln := listenUnix(t)
	file := filepath.Join(dir, "browser@32bbd4e3e0bd2786cfd72fa373c57cf8")
	writeFile(t, file, descriptorJSON("default", sock))
	ds := waitFor(t, r, "default live;", "a session started")
	if ds[0].Path != file || ds[0].Endpoint != sock || ds[0].Version != "1.64.0-alpha-1790635538000" {
		t.Errorf("descriptor = %+v", ds[0])
	}

	// A second session; then the first one's descriptor is rewritten.
	sock2, _ := listenUnix(t)
	writeFile(t, filepath.Join(dir, "browser@ffff"), descriptorJSON("work", sock2))
	waitFor(t, r, "default live;work live;", "a second session started")
	writeFile(t, file, descriptorJSON("renamed", sock))
	waitFor(t, r, "renamed live;work live;", "a descriptor was rewritten")

	// kill -9 changes no file: the very next listing must see it.
	ln.Close()
	if got := listing(r.List()); got != "renamed stale;work live;" {
		t.Errorf("after the listener closed: List = %q, want the session stale at once", got)
	}

	if err := os.Remove(file); err != nil {
		t.Fatal(err)
	}
	waitFor(t, r, "work live;", "a descriptor was removed")

	writeFile(t, filepath.Join(dir, "browser@eeee"), []byte(`{"title":`))
	waitFor(t, r, " corrupt;work live;", "a corrupt descriptor appeared")
}

func TestRegistryFolderCreatedLater(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "ms-playwright", "b")
	r := NewRegistry([]string{dir})
	defer r.Close()
	if ds := r.List(); len(ds) != 0 {
		t.Fatalf("List of a missing folder = %+v", ds)
	}
	if ds := r.List(); len(ds) != 0 {
		t.Fatalf("second List of a missing folder = %+v", ds)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	sock, _ := listenUnix(t)
	writeFile(t, filepath.Join(dir, "browser@1234"), descriptorJSON("default", sock))
	waitFor(t, r, "default live;", "the folder was created with a session in it")

	// Once watched, later sessions are seen too.
	sock2, _ := listenUnix(t)
	writeFile(t, filepath.Join(dir, "browser@5678"), descriptorJSON("work", sock2))
	waitFor(t, r, "default live;work live;", "a session started in the new folder")
}

// A closed registry stops watching but not seeing: the very next listing
// after a session starts names it, since it scans every time.
func TestAClosedRegistryStillSeesSessions(t *testing.T) {
	dir := t.TempDir()
	r := NewRegistry([]string{dir})
	if ds := r.List(); len(ds) != 0 {
		t.Fatalf("List of an empty folder = %+v", ds)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	sock, _ := listenUnix(t)
	writeFile(t, filepath.Join(dir, "browser@abcd"), descriptorJSON("late", sock))
	if got := listing(r.List()); got != "late live;" {
		t.Errorf("after Close, a new session: List = %q, want it at once", got)
	}
	if err := r.Close(); err != nil {
		t.Errorf("a second Close: %v", err)
	}
}
