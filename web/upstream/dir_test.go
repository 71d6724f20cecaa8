package upstream

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestDirIsTheServersWorkingDirectory: a stdio server runs in its
// connection's directory when one is set, in the console's otherwise;
// a changed directory is a new spec (the old process is replaced).
func TestDirIsTheServersWorkingDirectory(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	p := NewPool(nil)
	defer p.Close()
	p.Timeout = 10 * time.Second
	env := map[string]string{"UPSTREAM_TEST_SERVER": "1"}
	for _, c := range []struct{ dir, want string }{{dir, dir}, {"", here}} {
		sp := Spec{Name: "cwd", Command: []string{exe}, Env: env, Dir: c.dir}
		res, err := p.Call(context.Background(), sp, "cwd", json.RawMessage(`{}`))
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Content[0].(*mcp.TextContent).Text; got != c.want {
			t.Errorf("Dir %q: the server ran in %q, want %q", c.dir, got, c.want)
		}
	}
	if err := (Spec{Name: "u", URL: "http://127.0.0.1:1/mcp", Dir: dir}).Validate(); err == nil {
		t.Error("a URL server with a directory passed Validate")
	}
}
