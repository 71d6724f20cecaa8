//go:build unix

package upstream

import (
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"strconv"
	"syscall"
)

// RunServersAs makes every stdio server started from now on run as the
// named user ("": as the console itself). Only root may run a process as
// another user: a console that is not root is refused unless name is
// its own user.
func RunServersAs(name string) error {
	if name == "" {
		runAs.Store(nil)
		return nil
	}
	u, err := user.Lookup(name)
	if err != nil {
		return fmt.Errorf("no user %q: %w", name, err)
	}
	uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
	gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
	if err1 != nil || err2 != nil {
		return fmt.Errorf("user %q: uid %s, gid %s are not numbers", name, u.Uid, u.Gid)
	}
	if os.Geteuid() != 0 && uint64(os.Geteuid()) != uid {
		return fmt.Errorf("the console is not root, so it cannot run servers as %q", name)
	}
	runAs.Store(&serverUser{name: u.Username, uid: uint32(uid), gid: uint32(gid), home: u.HomeDir})
	return nil
}

func setCredential(cmd *exec.Cmd, u *serverUser) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Credential = &syscall.Credential{Uid: u.uid, Gid: u.gid, Groups: []uint32{}}
}
