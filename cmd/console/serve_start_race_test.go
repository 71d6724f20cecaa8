package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestTwoServesStartTogetherOnAFreshSQLiteFile: two `console serve`
// processes started at the same instant on one SQLite file that does not
// exist yet both come up; one seeds the database and creates the admin
// (printing its generated password), the other finds it seeded. (The
// second used to seed too, and exit on "username is taken".)
func TestTwoServesStartTogetherOnAFreshSQLiteFile(t *testing.T) {
	db := filepath.Join(t.TempDir(), "fresh.db")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	type serve struct {
		cmd   *exec.Cmd
		ready chan bool
		mu    sync.Mutex
		out   strings.Builder
		ended chan error
	}
	serves := make([]*serve, 2)
	for i := range serves {
		s := &serve{cmd: exec.Command(self, "serve", "--addr", "127.0.0.1:0"), ready: make(chan bool, 1), ended: make(chan error, 1)}
		s.cmd.Env = append(os.Environ(), "CONSOLE_TEST_AS_COMMAND=1", "DATABASE_URL="+db, "CONSOLE_ADMIN_PASSWORD=")
		pipe, err := s.cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		s.cmd.Stderr = s.cmd.Stdout
		go func() {
			sc := bufio.NewScanner(pipe)
			for sc.Scan() {
				s.mu.Lock()
				s.out.WriteString(sc.Text() + "\n")
				s.mu.Unlock()
				if strings.Contains(sc.Text(), "Sign in at ") {
					s.ready <- true
				}
			}
		}()
		serves[i] = s
	}
	for _, s := range serves {
		if err := s.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			_ = s.cmd.Process.Signal(os.Interrupt)
			<-s.ended
		})
		go func() { s.ended <- s.cmd.Wait() }()
	}
	output := func(s *serve) string {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.out.String()
	}
	for i, s := range serves {
		select {
		case <-s.ready:
		case err := <-s.ended:
			s.ended <- err
			t.Fatalf("serve %d ended (%v) before it listened:\n%s", i, err, output(s))
		case <-time.After(2 * time.Minute):
			t.Fatalf("serve %d did not start:\n%s", i, output(s))
		}
	}
	// the admin's password is printed once its hash is stored, after the
	// start listens; the second start waits for that before it goes on
	deadline := time.Now().Add(time.Minute)
	created := 0
	for time.Now().Before(deadline) {
		created = 0
		for _, s := range serves {
			created += strings.Count(output(s), createdAdmin(" and password: "))
		}
		if created > 0 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if created != 1 {
		t.Fatalf("the admin was created %d times, want once:\n%s\n---\n%s", created, output(serves[0]), output(serves[1]))
	}
}
