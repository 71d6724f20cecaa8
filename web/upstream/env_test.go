package upstream

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestStdioServerGetsNoConsoleEnvironment: a stdio
// server is a real child process; what it can read of its environment is
// the allow-list (childEnvAllowed) plus its connection's own --env, never
// the console's secrets (DATABASE_URL, CONSOLE_*, cloud credentials) nor
// any other variable of the console's.
func TestStdioServerGetsNoConsoleEnvironment(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	secrets := map[string]string{
		"DATABASE_URL":           "postgres://console:db-secret-111@db/console",
		"CONSOLE_SECRETS_KEY":    "secrets-key-222",
		"CONSOLE_AUDIT_KEY":      "audit-key-333",
		"CONSOLE_ADMIN_PASSWORD": "admin-pw-444",
		"AWS_SECRET_ACCESS_KEY":  "aws-secret-555",
		"HTTPS_PROXY":            "http://user:proxy-pw-666@proxy:3128",
		"SOME_OTHER_SETTING":     "other-777",
	}
	for k, v := range secrets {
		t.Setenv(k, v)
	}
	t.Setenv("LANG", "C.UTF-8")
	t.Setenv("LC_ALL", "C.UTF-8")
	t.Setenv("TZ", "UTC")
	p := NewPool(nil)
	defer p.Close()
	p.Timeout = 10 * time.Second
	sp := Spec{Name: "envtest", Command: []string{exe}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1", "MEMORY_FILE_PATH": "/tmp/m.jsonl"}}
	res, err := p.Call(context.Background(), sp, "env", json.RawMessage(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, line := range strings.Split(res.Content[0].(*mcp.TextContent).Text, "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			got[k] = v
		}
	}
	for k, v := range secrets {
		if _, ok := got[k]; ok {
			t.Errorf("the child got the console's %s", k)
		}
		for name, val := range got {
			if strings.Contains(val, v) {
				t.Errorf("the child's %s holds the console's %s", name, k)
			}
		}
	}
	for k := range got {
		if !childEnvAllowed(k) && sp.Env[k] == "" && k != runMarkerName {
			t.Errorf("the child got %s, neither allowed nor its own", k)
		}
	}
	for _, k := range []string{"PATH", "LANG", "LC_ALL", "TZ"} {
		if got[k] != os.Getenv(k) {
			t.Errorf("%s: the child got %q, want the console's %q", k, got[k], os.Getenv(k))
		}
	}
	// the child's answer names its own --env value, which the pool masks
	// in every result (TestResultsAreMasked): [secret] is that exact value
	if got["MEMORY_FILE_PATH"] != "[secret]" || got["UPSTREAM_TEST_SERVER"] != "1" {
		t.Errorf("the connection's own --env did not reach the child: %v", got)
	}
}

// TestNoChildInheritsTheConsoleEnvironment: the whole class — no code of
// the console hands its own environment on (os.Environ() outside tests);
// a child process gets childEnv.
func TestNoChildInheritsTheConsoleEnvironment(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		n++
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.Contains(string(b), "os.Environ()") && !strings.HasSuffix(path, filepath.Join("upstream", "env.go")) {
			t.Errorf("%s hands the console's environment on (os.Environ()); use the child environment of upstream/env.go", path)
		}
		return nil
	})
	if err != nil || n < 50 {
		t.Fatalf("walked %d Go files: %v", n, err)
	}
}
