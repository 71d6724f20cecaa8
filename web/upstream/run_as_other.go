//go:build !unix

package upstream

import (
	"errors"
	"os/exec"
)

// RunServersAs is refused where a process cannot be started as another
// user ("" is accepted: as the console itself).
func RunServersAs(name string) error {
	if name == "" {
		return nil
	}
	return errors.New("servers cannot run as another user on this system")
}

func setCredential(*exec.Cmd, *serverUser) {}

// CannotEnter says nothing where permissions are not Unix mode bits.
func CannotEnter(string) string { return "" }
