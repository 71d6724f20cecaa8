//go:build linux

package upstream

import (
	"context"
	"io"
	"os"
	"os/user"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestServersRunAsTheServerUser: with RunServersAs set (serve does it when
// the console is root), a stdio server runs as that user, with its HOME,
// not as root: root would read the console's environment and memory.
func TestServersRunAsTheServerUser(t *testing.T) {
	if os.Geteuid() != 0 {
		if os.Getenv("CI") == "" {
			t.Skip("only root runs a process as another user")
		}
		t.Fatal("CI runs as root")
	}
	nobody, err := user.Lookup("nobody")
	if err != nil {
		t.Skip("no user nobody")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// the test binary's folder is the build's, root's alone: a copy the
	// server user may run
	dir := t.TempDir()
	for d := dir; d != filepath.Dir(os.TempDir()) && d != "/"; d = filepath.Dir(d) {
		_ = os.Chmod(d, 0o755)
	}
	bin := filepath.Join(dir, "server")
	src, err := os.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	dst, err := os.OpenFile(bin, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	_, err = io.Copy(dst, src)
	src.Close()
	if cerr := dst.Close(); err != nil || cerr != nil {
		t.Fatal(err, cerr)
	}
	if err := RunServersAs("nobody"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = RunServersAs("") })
	p := NewPool(nil)
	defer p.Close()
	p.Timeout = 20 * time.Second
	sp := Spec{Name: "asnobody", Command: []string{bin}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1"}}
	res, err := p.Call(context.Background(), sp, "pid", nil)
	if err != nil {
		t.Fatal(err)
	}
	pid := res.Content[0].(*mcp.TextContent).Text
	status, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		t.Fatal(err)
	}
	var uid string
	for _, l := range strings.Split(string(status), "\n") {
		if strings.HasPrefix(l, "Uid:") {
			uid = strings.Fields(l)[1]
		}
	}
	if uid != nobody.Uid {
		t.Errorf("the server runs as uid %s, want nobody's %s", uid, nobody.Uid)
	}
	res, err = p.Call(context.Background(), sp, "env", nil)
	if err != nil {
		t.Fatal(err)
	}
	if env := res.Content[0].(*mcp.TextContent).Text; !strings.Contains(env, "HOME="+nobody.HomeDir) || !strings.Contains(env, "USER=nobody") {
		t.Errorf("the server's HOME and USER are not nobody's: %s", env)
	}
}
