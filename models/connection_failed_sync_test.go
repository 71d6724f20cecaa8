package models_test

import (
	"context"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestFailedSyncKeepsTheLastSync: a sync that
// fails (the server is down) is the connection's status — error, when,
// why — and never overwrites the last successful sync's time and result
// (+14 ~0 −0); on both databases.
func TestFailedSyncKeepsTheLastSync(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			store := modelstest.Open(t, d)
			if _, err := store.CreateConnection(ctx, "alice", models.ConnectionInput{Name: "web", URL: "http://127.0.0.1:1/mcp"}); err != nil {
				t.Fatal(err)
			}
			if err := store.RecordSync(ctx, "alice", "web", models.SyncResult{Tools: 14, Added: 14}); err != nil {
				t.Fatal(err)
			}
			ok, err := store.ConnectionByName(ctx, "web")
			if err != nil || ok.LastSync == nil {
				t.Fatalf("after a sync: %v %+v", err, ok)
			}
			time.Sleep(10 * time.Millisecond)
			if err := store.RecordSync(ctx, "alice", "web", models.SyncResult{Err: "connection refused"}); err != nil {
				t.Fatal(err)
			}
			c, err := store.ConnectionByName(ctx, "web")
			if err != nil {
				t.Fatal(err)
			}
			if c.LastSync == nil || !c.LastSync.Equal(*ok.LastSync) || c.Tools != 14 || c.Added != 14 || c.Changed != 0 || c.Removed != 0 || c.LastError != "" {
				t.Errorf("a failed sync changed the last sync: %v %d +%d ~%d -%d %q (was %v)", c.LastSync, c.Tools, c.Added, c.Changed, c.Removed, c.LastError, ok.LastSync)
			}
			h := store.Health(c)
			if h.Status != models.ConnectionError || h.Why != "connection refused" || h.At == nil || !h.At.After(*ok.LastSync) {
				t.Errorf("the failure is not the status: %+v", h)
			}
		})
	}
}
