package web

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewaySearchWithServiceNotConnected: with the agent's service not
// connected, search_tools says why it has nothing to search (naming the
// service and the fix), never "no tool named search_tools … call
// search_tools".
func TestGatewaySearchWithServiceNotConnected(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	ctx := context.Background()
	a, err := h.store.AgentBySlug(ctx, "helper")
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	tools, _ := h.store.Tools(ctx)
	for _, tl := range tools {
		known[tl.ID] = true
	}
	if _, err := h.store.UpdateAgent(ctx, "admin", "helper", a.Version, models.AgentInput{Name: "Helper", Declared: a.Declared(), DefaultProfile: "gw"}, known); err != nil {
		t.Fatal(err)
	}
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
	text, isErr := call(t, cs, "search_tools", map[string]any{"query": "echo a text back"}, nil)
	if !isErr || strings.Contains(text, "No tool named search_tools") || !strings.Contains(text, "service demo is not connected") || !strings.Contains(text, "Connected services") {
		t.Errorf("search with the service not connected: %q (isError %v)", text, isErr)
	}
}
