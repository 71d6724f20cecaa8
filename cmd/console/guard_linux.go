//go:build linux

package main

import (
	"fmt"

	"golang.org/x/sys/unix"
)

// setNonDumpable makes the console non-dumpable: its /proc/<pid> files
// (environ, mem) belong to root, and a process of the same user that is
// not root cannot ptrace it.
func setNonDumpable() error {
	if err := unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0); err != nil {
		return fmt.Errorf("prctl(PR_SET_DUMPABLE, 0): %w", err)
	}
	return nil
}

// dumpable says whether the process is dumpable (a test's check).
func dumpable() (bool, error) {
	n, err := unix.PrctlRetInt(unix.PR_GET_DUMPABLE, 0, 0, 0, 0)
	return n != 0, err
}
