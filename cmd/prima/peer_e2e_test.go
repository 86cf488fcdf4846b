package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// The socket's mode is the first guard; this test opens it wide on
// purpose to show the second: the daemon checks the peer's uid and
// refuses anyone but its own user.
func TestDaemonRefusesOtherUsers(t *testing.T) {
	if os.Getuid() != 0 {
		t.Fatal("this test runs as root (as CI does) to act as another user")
	}
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/profile")
	sock := filepath.Join(h.home, "prima.sock")
	os.Chmod(filepath.Dir(h.home), 0o755)
	os.Chmod(h.home, 0o755)
	os.Chmod(sock, 0o666)
	defer os.Chmod(filepath.Dir(h.home), 0o700)
	defer os.Chmod(h.home, 0o700)
	defer os.Chmod(sock, 0o600)

	// A copy of the binary that user nobody may run.
	dir, err := os.MkdirTemp("", "prima-peer")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	os.Chmod(dir, 0o755)
	bin := filepath.Join(dir, "prima")
	src, _ := os.Open(primaBin)
	dst, _ := os.OpenFile(bin, os.O_CREATE|os.O_WRONLY, 0o755)
	io.Copy(dst, src)
	src.Close()
	dst.Close()

	cmd := exec.Command(bin, "daemon", "status")
	cmd.Env = []string{"PRIMA_HOME=" + h.home, "HOME=/tmp"}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "refused: peer uid 65534") {
		t.Errorf("user nobody on the daemon's socket: %v\n%s", err, out)
	}
	if !strings.Contains(h.primaOK("daemon", "status"), "daemon") {
		t.Error("the owner is refused too")
	}
}
