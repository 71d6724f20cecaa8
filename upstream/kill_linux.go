package upstream

import (
	"os/exec"
	"syscall"
)

// killWithParent asks the kernel to kill the child when the console dies,
// however it dies.
func killWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
