//go:build linux

package upstream

import (
	"context"
	"encoding/json"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestServerRunAsAnotherUserGetsItsUserAndHome shows what a root
// console's stdio server gets when it runs as nobody: that uid, USER and
// LOGNAME nobody and HOME the folder the console made, whatever the
// console's own environment holds (here no USER at all, as in a container).
func TestServerRunAsAnotherUserGetsItsUserAndHome(t *testing.T) {
	u, err := user.Lookup("nobody")
	if err != nil || os.Geteuid() != 0 {
		if os.Getenv("CI") != "" && os.Geteuid() == 0 {
			t.Fatal("no user nobody on a CI machine running as root")
		}
		t.Skip("only root runs servers as another user")
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// a copy nobody may run (the test binary's own folder is root's)
	dir, err := os.MkdirTemp("", "runas-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	b, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "server")
	home := filepath.Join(dir, "home")
	if err := os.Chmod(dir, 0o755); err != nil || os.WriteFile(bin, b, 0o755) != nil || os.Mkdir(home, 0o700) != nil || os.Chown(home, uid, gid) != nil {
		t.Fatal("making the server's folder")
	}
	t.Setenv("USER", "")
	os.Unsetenv("USER")
	if err := RunServersAs("nobody"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = RunServersAs("") })
	SetServersHome(home)
	p := NewPool(nil)
	defer p.Close()
	p.Timeout = 20 * time.Second
	sp := Spec{Name: "asnobody", Command: []string{bin}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1"}}
	call := func(tool string) string {
		res, err := p.Call(context.Background(), sp, tool, json.RawMessage(`{}`))
		if err != nil {
			t.Fatal(err)
		}
		return res.Content[0].(*mcp.TextContent).Text
	}
	env := "\n" + call("env") + "\n"
	for _, want := range []string{"\nUSER=nobody\n", "\nLOGNAME=nobody\n", "\nHOME=" + home + "\n"} {
		if !strings.Contains(env, want) {
			t.Errorf("%q missing from the server's environment:%s", strings.TrimSpace(want), env)
		}
	}
	st, err := os.ReadFile("/proc/" + call("pid") + "/status")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(st), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "Uid:" && f[1] != u.Uid {
			t.Errorf("the server runs as uid %s, want nobody's %s", f[1], u.Uid)
		}
	}
}
