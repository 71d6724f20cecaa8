//go:build !linux

package upstream

import "os/exec"

// killWithParent: only Linux can tie a child's life to its parent's.
func killWithParent(*exec.Cmd) {}
