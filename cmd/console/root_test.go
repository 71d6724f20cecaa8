package main

import (
	"os"
	"testing"
)

// needRootConsole skips a test that needs a root console (only root runs
// its servers as another user) outside CI, and fails it in CI, which runs
// as root, so the check is never silently skipped there.
func needRootConsole(t *testing.T) {
	t.Helper()
	if os.Geteuid() == 0 {
		return
	}
	if os.Getenv("CI") == "" {
		t.Skip("only a root console runs its servers as another user")
	}
	t.Fatal("CI runs as root")
}
