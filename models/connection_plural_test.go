package models_test

import (
	"context"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestSyncAuditSaysOneTool: a sync of a server listing one tool is
// audited as "1 tool", not "1 tools".
func TestSyncAuditSaysOneTool(t *testing.T) {
	ctx := context.Background()
	store := modelstest.Open(t, modelstest.Dialects(t)[0])
	if _, err := store.CreateConnection(ctx, "alice", models.ConnectionInput{Name: "one", URL: "http://127.0.0.1:1/mcp"}); err != nil {
		t.Fatal(err)
	}
	if err := store.RecordSync(ctx, "alice", "one", models.SyncResult{Tools: 1, Added: 1}); err != nil {
		t.Fatal(err)
	}
	evs, _, err := store.AuditEvents(ctx, models.AuditFilter{Action: "connection.sync"})
	if err != nil || len(evs) == 0 {
		t.Fatalf("no sync event: %v", err)
	}
	if got, want := evs[0].Detail, "probe tools/list: 1 tool; 1 added, 0 changed, 0 removed"; got != want {
		t.Errorf("detail %q, want %q", got, want)
	}
}
