//go:build !linux

package upstream

import (
	"os/exec"
	"syscall"
)

// killWithParent: only Linux can tie a child's life to its parent's.
func killWithParent(*exec.Cmd) {}

// killGroup signals the child alone where process groups are not used.
func killGroup(cmd *exec.Cmd, sig syscall.Signal) error {
	if cmd.Process == nil {
		return nil
	}
	if sig == syscall.SIGKILL {
		return cmd.Process.Kill()
	}
	return cmd.Process.Signal(sig)
}

// killMarked: elsewhere a helper that left the server's process group
// is not found (best effort: the server and its group only).
func killMarked(string) {}
