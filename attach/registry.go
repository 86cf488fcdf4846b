package attach

import (
	"os"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
)

// ProbeTimeout bounds one liveness probe.
const ProbeTimeout = 300 * time.Millisecond

// Registry keeps the descriptor list current: fsnotify marks it dirty when
// a session starts or ends, so a listing rereads files only when they
// changed. Liveness is probed on every listing, since a killed session
// changes no file.
type Registry struct {
	dirs    []string
	mu      sync.Mutex
	cache   []Descriptor
	dirty   bool
	watcher *fsnotify.Watcher
	watched bool
}

// NewRegistry watches dirs (usually RegistryDirs()).
func NewRegistry(dirs []string) *Registry {
	r := &Registry{dirs: dirs, dirty: true}
	if w, err := fsnotify.NewWatcher(); err == nil {
		r.watcher = w
		go r.loop(w)
	}
	return r
}

func (r *Registry) loop(w *fsnotify.Watcher) {
	for {
		select {
		case ev, ok := <-w.Events:
			if !ok {
				return
			}
			r.mu.Lock()
			r.dirty = true
			for _, d := range r.dirs {
				if ev.Name == d && ev.Op&(fsnotify.Remove|fsnotify.Rename) != 0 {
					r.watched = false
				}
			}
			r.mu.Unlock()
		case _, ok := <-w.Errors:
			if !ok {
				return
			}
			r.mu.Lock()
			r.dirty = true
			r.mu.Unlock()
		}
	}
}

// List returns every descriptor, probed.
func (r *Registry) List() []Descriptor {
	r.mu.Lock()
	for _, d := range r.dirs {
		// A deleted folder takes its watch with it; watch it anew once it
		// is back, and rescan until then.
		if _, err := os.Stat(d); err != nil {
			r.watched = false
		}
	}
	if r.watcher != nil && !r.watched {
		// A folder that does not exist yet (no session ever ran) cannot be
		// watched; keep trying, and rescan every time until it can.
		all := true
		for _, d := range r.dirs {
			if err := r.watcher.Add(d); err != nil {
				all = false
			}
		}
		r.watched = all
		r.dirty = true
	}
	if r.dirty || !r.watched {
		r.cache = Scan(r.dirs)
		r.dirty = false
	}
	out := append([]Descriptor(nil), r.cache...)
	r.mu.Unlock()
	ProbeAll(out, ProbeTimeout)
	return out
}

// Close stops watching; a closed registry still lists, scanning its
// folders on every call.
func (r *Registry) Close() error {
	r.mu.Lock()
	w := r.watcher
	r.watcher, r.watched = nil, false
	r.mu.Unlock()
	if w == nil {
		return nil
	}
	return w.Close()
}
