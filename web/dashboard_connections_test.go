package web

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestDashboardFirstStepsKnowConnections: the first steps offer
// connecting an MCP server (linked to Connections) beside importing a
// file, and once a server is connected they count it as done and point
// at the gateway clients reach its tools through.
func TestDashboardFirstStepsKnowConnections(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	_, d := c.get("/")
	step := d.Find(`[data-testid="step-import"]`)
	if step.Find(`a[href="/connections"]`).Length() != 1 {
		t.Errorf("the import step does not point at Connections: %q", step.Text())
	}
	h.store.SetSealKey([]byte("a-test-key-of-at-least-thirty-two-bytes"))
	if _, err := h.store.CreateConnection(context.Background(), "admin", models.ConnectionInput{Name: "hello", Command: []string{"node", "hello.js"}}); err != nil {
		t.Fatal(err)
	}
	_, d = c.get("/")
	step = d.Find(`[data-testid="step-import"]`)
	text := strings.Join(strings.Fields(step.Text()), " ")
	if !strings.Contains(text, "1 MCP server connected") || !strings.Contains(text, "/mcp/") || !step.HasClass("done") {
		t.Errorf("with a connection the import step reads %q (done: %v), want the connection counted and the gateway named", text, step.HasClass("done"))
	}
}
