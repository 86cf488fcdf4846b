// Package procsweep ends, by pid, the processes a bench run started,
// found by a marker its every child carries in its environment (Linux's
// /proc): what a tool leaves behind (a browser, a daemon) goes with it.
package procsweep

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

// Sweep ends the processes whose environment holds marker (KEY=VALUE),
// SIGTERM first, SIGKILL after 3 s, calling each (if set) for every one
// found. It returns how many it found.
func Sweep(marker string, each func(pid int)) int {
	pids := Marked(marker)
	for _, p := range pids {
		if each != nil {
			each(p)
		}
		syscall.Kill(p, syscall.SIGTERM)
	}
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) && len(Marked(marker)) > 0 {
		time.Sleep(100 * time.Millisecond)
	}
	for _, p := range Marked(marker) {
		syscall.Kill(p, syscall.SIGKILL)
	}
	return len(pids)
}

// Marked lists the processes, this one aside, whose environment holds
// marker exactly.
func Marked(marker string) []int {
	self := os.Getpid()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err != nil {
			continue // gone, a zombie, or not ours to read
		}
		if HasEnvEntry(env, marker) {
			out = append(out, pid)
		}
	}
	return out
}

// HasEnvEntry reports whether a NUL-separated environ block holds exactly kv.
func HasEnvEntry(environ []byte, kv string) bool {
	for _, e := range bytes.Split(environ, []byte{0}) {
		if string(e) == kv {
			return true
		}
	}
	return false
}
