package upstream

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestPlainEnvReachesTheServerUnmasked: a stdio server gets its
// connection's plain environment beside the secret one, and what it says
// of a plain value comes back as it is (a secret's value is masked).
func TestPlainEnvReachesTheServerUnmasked(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := NewPool(nil)
	defer p.Close()
	p.Timeout = 10 * time.Second
	sp := Spec{Name: "plainenv", Command: []string{exe}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1", "SERVICE_TOKEN": "tok-9f8e7d6c5b4a"},
		PlainEnv: map[string]string{"DATA_DIR": "/srv/plain-data-dir"}}
	res, err := p.Call(context.Background(), sp, "env", json.RawMessage(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	if !strings.Contains(text, "DATA_DIR=/srv/plain-data-dir") {
		t.Errorf("the plain variable is missing or masked:\n%s", text)
	}
	if strings.Contains(text, "tok-9f8e7d6c5b4a") || !strings.Contains(text, "SERVICE_TOKEN=") {
		t.Errorf("the secret variable is missing or shown:\n%s", text)
	}
}
