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

// TestPostgresServerHomeCannotBeSquatted: on Postgres the servers' HOME is
// a folder of the temporary folder with a name no one can take first: a
// folder another user made under the old fixed name neither stops the
// console nor becomes the servers' HOME.
func TestPostgresServerHomeCannotBeSquatted(t *testing.T) {
	needRootConsole(t)
	u, err := user.Lookup("nobody")
	if err != nil {
		t.Skip("no user nobody")
	}
	uid, _ := strconv.Atoi(u.Uid)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	t.Setenv("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/none")
	old := databaseURL
	databaseURL = ""
	t.Cleanup(func() { databaseURL = old })
	t.Cleanup(func() { _ = upstream.RunServersAs("") })
	squat := filepath.Join(tmp, "console-server-home-"+u.Uid)
	if err := os.Mkdir(squat, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(squat, 4242, 4242); err != nil {
		t.Fatal(err)
	}
	if err := runServersAs(""); err != nil {
		t.Fatalf("a squatted folder stops the console: %v", err)
	}
	home := upstream.RunningServersHome()
	if home == squat || filepath.Dir(home) != tmp {
		t.Fatalf("servers' HOME %q, want a fresh folder in %s", home, tmp)
	}
	fi, err := os.Lstat(home)
	if err != nil {
		t.Fatal(err)
	}
	if st := fi.Sys().(*syscall.Stat_t); int(st.Uid) != uid || fi.Mode().Perm() != 0o700 || !fi.IsDir() {
		t.Errorf("%s: owner %d mode %v, want %d 0700", home, st.Uid, fi.Mode(), uid)
	}
}

// TestPostgresServerHomeLeavesWithTheConsole: the fresh folder a start on
// Postgres makes for its servers' HOME is removed when the command ends,
// with what the servers wrote in it, so starts do not pile folders up in
// the temporary folder; a folder it did not make stays.
func TestPostgresServerHomeLeavesWithTheConsole(t *testing.T) {
	needRootConsole(t)
	if _, err := user.Lookup("nobody"); err != nil {
		t.Skip("no user nobody")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	t.Setenv("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/none")
	old := databaseURL
	databaseURL = ""
	t.Cleanup(func() { databaseURL = old })
	t.Cleanup(func() { _ = upstream.RunServersAs("") })
	other := filepath.Join(tmp, "console-server-home-other")
	if err := os.Mkdir(other, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := runServersAs(""); err != nil {
		t.Fatal(err)
	}
	home := upstream.RunningServersHome()
	if filepath.Dir(home) != tmp {
		t.Fatalf("servers' HOME %q, want a fresh folder in %s", home, tmp)
	}
	if err := os.MkdirAll(filepath.Join(home, ".npm", "_cacache"), 0o700); err != nil {
		t.Fatal(err)
	}
	removeServerHome()
	if _, err := os.Lstat(home); !os.IsNotExist(err) {
		t.Errorf("%s after the command ended: %v, want it removed", home, err)
	}
	if _, err := os.Lstat(other); err != nil {
		t.Errorf("a folder the console did not make: %v", err)
	}
	removeServerHome() // a second call has nothing to remove
}
