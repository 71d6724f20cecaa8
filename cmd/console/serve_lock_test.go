package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRestoreRefusedWhileAConsoleServesTheFile: `console restore --force`
// into the SQLite file a `console serve` in another process serves is
// refused, naming that console's process and saying to stop it, and the
// database keeps its data; once the console has stopped, the same restore
// goes through. (A restore under a running console was lost: the server
// kept the replaced file open and wrote on into it.)
func TestRestoreRefusedWhileAConsoleServesTheFile(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "live.db")
	mustMigrate(t, db)
	if _, err := runCLI(t, db, "apikey", "create", "before-backup"); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "live.backup")
	if out, err := runCLI(t, db, "backup", file); err != nil {
		t.Fatalf("backup: %s %v", out, err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "CONSOLE_TEST_AS_COMMAND=1", "DATABASE_URL="+db, "CONSOLE_ADMIN_PASSWORD=admin-password-1")
	serve := exec.Command(self, "serve", "--addr", "127.0.0.1:0")
	serve.Env = env
	out, err := serve.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			_ = serve.Process.Signal(os.Interrupt)
			_ = serve.Wait()
		}
	}
	t.Cleanup(stop)
	ready := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "Sign in at ") {
				ready <- true
			}
		}
	}()
	select {
	case <-ready:
	case <-time.After(time.Minute):
		t.Fatal("serve did not start")
	}
	restore := func() (string, error) {
		c := exec.Command(self, "restore", "--force", file)
		c.Env = env
		b, err := c.CombinedOutput()
		return string(b), err
	}
	got, err := restore()
	pid := fmt.Sprintf("process %d", serve.Process.Pid)
	if err == nil || !strings.Contains(got, pid) || strings.Contains(got, ":0,") || !strings.Contains(got, "stop it first") || !strings.Contains(got, "nothing was changed") {
		t.Fatalf("restore --force under a running console: %v %s, want a refusal naming %s and saying to stop it", err, got, pid)
	}
	if _, err := runCLI(t, db, "apikey", "create", "after-refusal"); err != nil {
		t.Fatalf("the database after the refused restore: %v", err)
	}
	stop()
	if got, err := restore(); err != nil || !strings.Contains(got, "restored") {
		t.Fatalf("restore --force after the console stopped: %v %s", err, got)
	}
}
