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

// TestStdioSessionLeaderHelperEndsWithTheServer: a helper a stdio
// server starts in a session of its own (setsid: out of the server's
// process group, as a daemonizing double fork leaves it) ends when the
// console stops the server, as a helper in its group does.
func TestStdioSessionLeaderHelperEndsWithTheServer(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("helpers are found through /proc on Linux only")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	pidFile := filepath.Join(t.TempDir(), "helper.pid")
	script := "setsid /bin/sleep 300 </dev/null >/dev/null 2>&1 & echo $! > " + pidFile + "; exec " + exe
	sp := Spec{Name: "daemonizes", Command: []string{"/bin/sh", "-c", script}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1"}}
	p := NewPool(nil)
	p.Timeout = 10 * time.Second
	if _, err := p.Call(context.Background(), sp, "pid", json.RawMessage(`{}`)); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	h, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || !alive(h) {
		t.Fatalf("the helper %q is not running before Close: %v", b, err)
	}
	stat, _ := os.ReadFile("/proc/" + strconv.Itoa(h) + "/stat")
	p.Close()
	if !gone(h) {
		t.Errorf("the server's helper %d, in a session of its own (%s), outlived Close", h, stat)
	}
}
