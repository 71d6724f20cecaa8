package models_test

import (
	"context"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestSyncImportsAsTheConnectionsOwner: the gateway's relist re-imported
// a connection's changed tool as actor "gateway", so the admin who added
// the connection could review the changed contract alone. The importer
// of a connection's tools is the person who added it, whichever path
// (CLI, page, gateway) syncs: the review four-eyes rule applies to them.
func TestSyncImportsAsTheConnectionsOwner(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.Open(t, d)
			if _, err := s.CreateConnection(ctx, "alice", models.ConnectionInput{Name: "fx", URL: "http://127.0.0.1:1/mcp"}); err != nil {
				t.Fatal(err)
			}
			o := catalog.ParseSyncContext(ctx, []byte(`{"tools":[{"name":"transfer","description":"Move money between accounts.","inputSchema":{"type":"object","properties":{"to":{"type":"string"}}}}]}`), "fx")
			if len(o.Problems) > 0 {
				t.Fatal(o.Problems)
			}
			for _, actor := range []string{"gateway", "bob"} {
				if _, err := s.SyncOutcome(ctx, actor, "fx", o); err != nil {
					t.Fatal(err)
				}
				tl, err := s.ToolByID(ctx, "fx.transfer")
				if err != nil {
					t.Fatal(err)
				}
				if tl.ImportedBy != "alice" {
					t.Errorf("synced by %s: imported by %q, want the connection's owner alice", actor, tl.ImportedBy)
				}
				// a changed contract: back to review, imported by alice again
				o = catalog.ParseSyncContext(ctx, []byte(`{"tools":[{"name":"transfer","description":"Move money between accounts, any amount.","annotations":{"destructiveHint":true},"inputSchema":{"type":"object","properties":{"to":{"type":"string"}}}}]}`), "fx")
			}
		})
	}
}
