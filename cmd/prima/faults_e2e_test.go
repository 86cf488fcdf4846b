package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Each fault is followed by a next command that works.

func TestFaultDriverKilled(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/profile")
	pid := daemonPID(t, h)
	var driver int
	for _, c := range children(pid) {
		if b, _ := os.ReadFile("/proc/" + strconv.Itoa(c) + "/cmdline"); strings.Contains(string(b), "run-driver") {
			driver = c
		}
	}
	if driver == 0 {
		t.Fatal("no driver process under the daemon")
	}
	killTree(driver)
	time.Sleep(300 * time.Millisecond)
	r := h.prima("snapshot")
	if r.code != 1 || r.err+r.out == "" {
		t.Errorf("after the driver died: %s", r)
	}
	mustContain(t, "a new driver", h.primaOK("browser", "open", app.URL+"/profile"), "ok: true")
	if daemonPID(t, h) != pid {
		t.Error("the daemon did not survive its driver")
	}
}

func TestFaultCorruptDescriptorAndRemovedSocket(t *testing.T) {
	h := newHarness(t)
	h.pwcli("work", "open", app.URL+"/controls")
	dir := filepath.Join(h.cache, "ms-playwright", "b")
	os.WriteFile(filepath.Join(dir, "browser@corrupt"), []byte(`{"title": "broken", "endpoint": `), 0o644)
	os.WriteFile(filepath.Join(dir, "browser@gone"), []byte(`{"title":"gone","playwrightVersion":"1.64.0","endpoint":"/tmp/prima-no-such-socket.sock"}`), 0o644)
	out := h.primaOK("browser", "list")
	if !strings.Contains(out, "corrupt") || !strings.Contains(out, "gone") || !strings.Contains(out, "stale") {
		t.Errorf("list with a corrupt descriptor and a removed socket:\n%s", out)
	}
	mustContain(t, "the live one is still chosen", h.primaOK("snapshot"), "/controls")
}

func TestFaultArtifactsFolderUnwritable(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/profile")
	// Root ignores file modes, so make the folder impossible: a file
	// stands where it should be.
	os.RemoveAll(filepath.Join(h.home, "artifacts"))
	os.WriteFile(filepath.Join(h.home, "artifacts"), []byte("not a folder"), 0o600)
	r := h.prima("do", "fill Name with Ada")
	if r.code != 0 || !strings.Contains(r.out, "step records not written") || !strings.Contains(r.out, "typed:") {
		t.Errorf("do with no artifacts folder: %s", r)
	}
	if strings.Contains(r.out, "### Artifacts") {
		t.Errorf("an artifact listed that could not be written:\n%s", r.out)
	}
	h.primaOK("snapshot")
}

func TestFaultChromiumKilledMidAction(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/profile")
	pid := daemonPID(t, h)
	done := make(chan result, 1)
	go func() { done <- h.prima("pw", "click", "#never", "--timeout", "8s") }()
	time.Sleep(1500 * time.Millisecond)
	for _, c := range descendants(pid) {
		if isChromium(c) {
			syscall.Kill(c, syscall.SIGKILL)
		}
	}
	r := <-done
	if r.code != 1 || !strings.Contains(r.out, "ok: false") {
		t.Errorf("the action whose browser died: %s", r)
	}
	if daemonPID(t, h) != pid {
		t.Error("the daemon died with its browser")
	}
	mustContain(t, "reopen", h.primaOK("browser", "open", app.URL+"/profile"), "ok: true")
}

func TestFaultDaemonKilledMidAction(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/profile")
	pid := daemonPID(t, h)
	done := make(chan result, 1)
	go func() { done <- h.prima("pw", "click", "#never", "--timeout", "8s") }()
	time.Sleep(1500 * time.Millisecond)
	killTree(pid)
	waitGone(t, pid)
	r := <-done
	if r.code != 1 || !strings.Contains(r.err, "the daemon closed the connection before answering") || strings.Contains(r.err, "panic") {
		t.Errorf("the CLI whose daemon died: %s", r)
	}
	mustContain(t, "a new daemon", h.primaOK("browser", "open", app.URL+"/profile"), "ok: true")
}
