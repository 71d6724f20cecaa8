//go:build unix

package main

import (
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"github.com/agentforge/console/web/upstream"
)

// TestServerUserGetsAHomeTheConsoleMakes: a root console running its stdio
// servers as nobody (whose HOME is /nonexistent) gives them a HOME of
// their own beside its data: server-home, owned by that user, mode 0700.
func TestServerUserGetsAHomeTheConsoleMakes(t *testing.T) {
	needRootConsole(t)
	u, err := user.Lookup("nobody")
	if err != nil {
		t.Skip("no user nobody")
	}
	dir := t.TempDir()
	t.Setenv("DATABASE_URL", filepath.Join(dir, "console.db"))
	old := databaseURL
	databaseURL = ""
	t.Cleanup(func() { databaseURL = old })
	t.Cleanup(func() { _ = upstream.RunServersAs("") })
	if err := runServersAs(""); err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(dir, "server-home")
	if got := upstream.RunningServersHome(); got != home {
		t.Fatalf("servers' HOME %q, want %q", got, home)
	}
	fi, err := os.Stat(home)
	if err != nil {
		t.Fatal(err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	if st := fi.Sys().(*syscall.Stat_t); int(st.Uid) != uid || fi.Mode().Perm() != 0o700 || !fi.IsDir() {
		t.Errorf("server-home: owner %d mode %v, want %d 0700", st.Uid, fi.Mode(), uid)
	}
}
