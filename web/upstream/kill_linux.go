package upstream

import (
	"os/exec"
	"syscall"
)

// killWithParent asks the kernel to kill the child when the console dies,
// however it dies, and starts it in a process group of its own, so that
// stopping it (killGroup) also stops whatever it started: a server that
// forks a helper (a shell script, npx, a language server) leaves nothing
// running behind it.
func killWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}
}

// killGroup sends sig to the child's process group: the child and every
// process it started that did not leave the group. A group already gone
// is no error.
func killGroup(cmd *exec.Cmd, sig syscall.Signal) error {
	if cmd.Process == nil {
		return nil
	}
	if err := syscall.Kill(-cmd.Process.Pid, sig); err != nil && err != syscall.ESRCH {
		return err
	}
	return nil
}
