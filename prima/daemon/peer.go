package daemon

import (
	"fmt"
	"net"
	"os"
)

// checkPeer refuses a connection from any other user than the daemon's
// own: the socket's 0600 mode is the first guard, the kernel's word on the
// peer (peerUID, per OS) the second.
func checkPeer(c net.Conn) error {
	uc, ok := c.(*net.UnixConn)
	if !ok {
		return fmt.Errorf("not a unix socket connection")
	}
	raw, err := uc.SyscallConn()
	if err != nil {
		return err
	}
	var uid int
	var uerr error
	if err := raw.Control(func(fd uintptr) { uid, uerr = peerUID(int(fd)) }); err != nil {
		return err
	}
	if uerr != nil {
		return uerr
	}
	if uid != os.Getuid() {
		return fmt.Errorf("refused: peer uid %d is not the daemon's uid %d", uid, os.Getuid())
	}
	return nil
}
