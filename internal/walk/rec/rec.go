// Package rec is the recorder scripts/walk injects into an instrumented copy of prima: each function's entry and return, with its goroutine, appended to $PRIMA_WALK_OUT/PID.walk while the file $PRIMA_WALK_OUT/on exists.
package rec

// Recording is on while $PRIMA_WALK_OUT/on exists, looked at when the
// process starts and every 10 ms after (so a daemon records one command,
// and runs at full speed outside it). A function entered while recording
// is on has its return recorded too, whenever it comes.
//
// The file holds one event a line, in the order the events happened (one
// mutex, one write each):
//
//	P pid args…               the process (first line)
//	G goid parent creator     a goroutine's first event: who started it
//	E goid file func          a function of file was entered
//	R goid file func          that function returned (or unwound)
//
// A goroutine's creator is the function its `go` statement was in, as
// the runtime names it (runtime.Stack's "created by … in goroutine N");
// goroutine 1 has parent 0 and creator "main". A goroutine's G line comes
// with its first recorded event.

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

var (
	once sync.Once
	mu   sync.Mutex
	out  *os.File
	seen = map[uint64]bool{}
	on   atomic.Bool
)

func open() {
	dir := os.Getenv("PRIMA_WALK_OUT")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return
	}
	f, err := os.OpenFile(filepath.Join(dir, strconv.Itoa(os.Getpid())+".walk"), os.O_CREATE|os.O_WRONLY|os.O_TRUNC|os.O_APPEND, 0o644)
	if err != nil {
		return
	}
	out = f
	fmt.Fprintf(out, "P %d %s\n", os.Getpid(), strings.Join(os.Args, " "))
	look := func() bool {
		_, err := os.Stat(filepath.Join(dir, "on"))
		return err == nil
	}
	on.Store(look())
	go func() {
		for range time.Tick(10 * time.Millisecond) {
			on.Store(look())
		}
	}()
}

func noop() {}

// Enter records entering fn of file and returns what records its return:
// an instrumented function begins with `defer rec.Enter(file, fn)()`.
func Enter(file, fn string) func() {
	once.Do(open)
	if out == nil || !on.Load() {
		return noop
	}
	g := goid()
	mu.Lock()
	if !seen[g] {
		seen[g] = true
		parent, creator := origin()
		fmt.Fprintf(out, "G %d %d %s\n", g, parent, creator)
	}
	fmt.Fprintf(out, "E %d %s %s\n", g, file, fn)
	mu.Unlock()
	return func() {
		mu.Lock()
		fmt.Fprintf(out, "R %d %s %s\n", g, file, fn)
		mu.Unlock()
	}
}

// goid reads the current goroutine's id from the first line of its trace,
// "goroutine 42 [running]:".
func goid() uint64 {
	var b [64]byte
	s := b[:runtime.Stack(b[:], false)]
	s = bytes.TrimPrefix(s, []byte("goroutine "))
	if i := bytes.IndexByte(s, ' '); i > 0 {
		s = s[:i]
	}
	n, _ := strconv.ParseUint(string(s), 10, 64)
	return n
}

// origin reads who started the current goroutine from the end of its
// trace: "created by pkg.fn in goroutine 7".
func origin() (parent uint64, creator string) {
	b := make([]byte, 1<<16)
	for {
		n := runtime.Stack(b, false)
		if n < len(b) {
			b = b[:n]
			break
		}
		b = make([]byte, 2*len(b))
	}
	i := bytes.LastIndex(b, []byte("\ncreated by "))
	if i < 0 {
		return 0, "main"
	}
	line, _, _ := bytes.Cut(b[i+len("\ncreated by "):], []byte("\n"))
	fn, g, ok := bytes.Cut(line, []byte(" in goroutine "))
	if ok {
		parent, _ = strconv.ParseUint(string(g), 10, 64)
	}
	return parent, string(fn)
}
