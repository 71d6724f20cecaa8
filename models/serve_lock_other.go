//go:build !unix && !windows

package models

import "os"

// lockFile takes no lock where the OS offers none the console uses.
func lockFile(*os.File, bool) error { return nil }
