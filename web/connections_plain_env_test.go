package web

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestConnectionsPageShowsPlainEnv: a command server's plain environment
// (settings that are not secrets) is shown on the Connections page as
// K=V; its secrets stay names only.
func TestConnectionsPageShowsPlainEnv(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	h.store.SetSealKey([]byte("a-test-key-of-at-least-thirty-two-bytes"))
	in := models.ConnectionInput{Name: "memory", Command: []string{"node", "server.js"},
		Env: map[string]string{"SERVICE_TOKEN": "tok-secret-value-1"}, PlainEnv: map[string]string{"MEMORY_FILE_PATH": "/srv/memory.jsonl"}}
	if _, err := h.store.CreateConnection(ctx, "admin", in); err != nil {
		t.Fatal(err)
	}
	c := h.login("admin", adminPassword)
	_, d := c.get("/connections")
	if got := d.Find(`[data-testid="connection-env"]`).Text(); !strings.Contains(got, "MEMORY_FILE_PATH=/srv/memory.jsonl") {
		t.Errorf("the plain environment shown: %q", got)
	}
	// the row, the legend under the table and `connection list` name it
	// with one word: the row said "settings:", the legend and the CLI "env:"
	row := strings.TrimSpace(d.Find(`[data-testid="connection-env"]`).Text())
	if legend := d.Find(`[data-testid="connections-legend"]`).Text(); !strings.HasPrefix(row, "env: ") || !strings.Contains(legend, "as env: K=V") {
		t.Errorf("the row shows %q, the legend says %q: want both env: K=V, as connection list prints", row, legend)
	}
	if strings.Contains(d.Text(), "tok-secret-value-1") {
		t.Error("a secret value is shown")
	}
	// the column headed "Secrets (values hidden)" showed that setting in
	// clear: its heading names both, each with what is shown of it
	head := d.Find(`[data-testid="connections-secrets-head"]`).Text()
	if !strings.Contains(head, "Secrets (values hidden)") || !strings.Contains(head, "settings (shown)") {
		t.Errorf("the column showing secrets and settings is headed %q", head)
	}
}
