package upstream

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// alive says whether process pid runs (a zombie, dead but not yet
// reaped, does not).
func alive(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// grandchildServer is a stdio server started through a shell that first
// forks a sleeping helper (its pid written to a file), as npx or a
// wrapper script does; it returns the spec and a reader of the helper's
// pid.
func grandchildServer(t *testing.T, name string) (Spec, func() int) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	pidFile := filepath.Join(t.TempDir(), "grandchild.pid")
	script := "/bin/sleep 300 </dev/null >/dev/null 2>&1 & echo $! > " + pidFile + "; exec " + exe
	sp := Spec{Name: name, Command: []string{"/bin/sh", "-c", script}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1"}}
	return sp, func() int {
		b, err := os.ReadFile(pidFile)
		if err != nil {
			t.Fatalf("the helper's pid: %v", err)
		}
		n, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil {
			t.Fatalf("the helper's pid %q: %v", b, err)
		}
		return n
	}
}

// gone waits up to 10 s for pid to end.
func gone(pid int) bool {
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if !alive(pid) {
			return true
		}
	}
	return false
}

// TestStdioGrandchildrenEndWithTheServer: a
// stdio server runs in a process group of its own, and whatever it
// started ends with it — when the console stops it (Close, Forget) and
// when it crashes and is restarted — instead of running on, one more
// orphan per restart.
func TestStdioGrandchildrenEndWithTheServer(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("process groups are used on Linux only")
	}
	ctx := context.Background()
	t.Run("close", func(t *testing.T) {
		p := NewPool(nil)
		p.Timeout = 10 * time.Second
		sp, helper := grandchildServer(t, "forks")
		if _, err := p.Call(ctx, sp, "pid", json.RawMessage(`{}`)); err != nil {
			t.Fatal(err)
		}
		h := helper()
		if !alive(h) {
			t.Fatalf("the helper %d is not running before Close", h)
		}
		p.Close()
		if !gone(h) {
			t.Errorf("the server's helper %d outlived Close", h)
		}
	})
	t.Run("forget", func(t *testing.T) {
		p := NewPool(nil)
		defer p.Close()
		p.Timeout = 10 * time.Second
		sp, helper := grandchildServer(t, "forks")
		if _, err := p.Call(ctx, sp, "pid", json.RawMessage(`{}`)); err != nil {
			t.Fatal(err)
		}
		h := helper()
		p.Forget(sp)
		if !gone(h) {
			t.Errorf("the server's helper %d outlived Forget", h)
		}
	})
	t.Run("crash and restart", func(t *testing.T) {
		p := NewPool(nil)
		defer p.Close()
		p.Timeout = 10 * time.Second
		sp, helper := grandchildServer(t, "forks")
		if _, err := p.Call(ctx, sp, "pid", json.RawMessage(`{}`)); err != nil {
			t.Fatal(err)
		}
		h := helper()
		if _, err := p.Call(ctx, sp, "crash", nil); err == nil {
			t.Fatal("a crashing call answered")
		}
		if !gone(h) {
			t.Errorf("the crashed server's helper %d outlived it", h)
		}
	})
}
