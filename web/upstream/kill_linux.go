package upstream

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
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

// killMarked kills every process whose environment holds marker (a
// NAME=value of newRunMarker): what a stopped server started, however
// it left its process group. It reads /proc; a process it may not read
// (another user's, when the console is not root) is left.
func killMarked(marker string) {
	if marker == "" {
		return
	}
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return
	}
	want := []byte(marker)
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid <= 1 || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err != nil {
			continue
		}
		for _, kv := range bytes.Split(env, []byte{0}) {
			if bytes.Equal(kv, want) {
				_ = syscall.Kill(pid, syscall.SIGKILL)
				break
			}
		}
	}
}
