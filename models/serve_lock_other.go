//go:build !unix && !windows

package models

import "os"

// lockFile takes no lock where the OS offers none the console uses.
func lockFile(*os.File, bool) error { return nil }

// hardLinks cannot tell where the OS offers no link count the console
// reads: 0.
func hardLinks(string) int { return 0 }
