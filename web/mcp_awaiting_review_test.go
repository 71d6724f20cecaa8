package web

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewaySaysTheDeclaredToolsAwaitReview: a connection removed and
// added again brings its tools back as candidates with the very
// contracts reviewed before. The agent still declares them: an empty
// tools/list says they await review (not "the agent declares no
// tools"), and a call of a tool the session was shown says it waits for
// a reviewer, never that its server offers another contract.
func TestGatewaySaysTheDeclaredToolsAwaitReview(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	ctx := context.Background()
	cs, _ := f.connect(t, nil)
	names := toolNames(t, cs)
	if len(names) == 0 {
		t.Fatal("no tool served")
	}
	if _, err := runtime.RemoveConnection(ctx, h.store, h.app.gw.pool, "admin", "demo"); err != nil {
		t.Fatal(err)
	}
	if _, err := runtime.AddConnection(ctx, h.store, h.app.gw.pool, "admin", models.ConnectionInput{Name: "demo", URL: up.URL}); err != nil {
		t.Fatal(err)
	}
	text, isErr := call(t, cs, names[0], map[string]any{}, nil)
	if !isErr || errType(text) != "catalog_changed" || strings.Contains(text, "another contract") || !strings.Contains(text, "waits for a reviewer") {
		t.Errorf("a call of a shown tool that awaits review again: %s", text)
	}
	fresh := f.connectTo(t, "helper", nil)
	res, err := fresh.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tools) != 0 || res.Meta[metaNoTools] != noToolsAwaitingReview || res.Meta[metaNoToolsAdvice] != noToolsAdvice[noToolsAwaitingReview] {
		t.Errorf("tools/list of an agent whose tools await review: %d tools, _meta %v", len(res.Tools), res.Meta)
	}
}
