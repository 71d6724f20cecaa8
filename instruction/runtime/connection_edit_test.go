package runtime_test

import (
	"context"
	"errors"
	"testing"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
	"github.com/agentforge/console/web/upstream"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestEditAndRemoveConnection: an edit whose server does not answer is
// refused with nothing changed; one that answers is stored and synced;
// a removal takes the namespace's tools out of the catalog (the import
// path's "vanished") and the connection row with them, in one step.
func TestEditAndRemoveConnection(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			store := modelstest.Open(t, d)
			store.SetSealKey([]byte("a-test-key-of-at-least-thirty-two-bytes"))
			up := upstreamtest.New()
			defer up.Close()
			pool := upstream.NewPool(nil)
			defer pool.Close()
			if _, err := runtime.AddConnection(ctx, store, pool, "alice", models.ConnectionInput{Name: "demo", URL: up.URL + "/mcp", Headers: map[string]string{"Authorization": "Bearer a"}}); err != nil {
				t.Fatal(err)
			}
			_, err := runtime.EditConnection(ctx, store, pool, "alice", "demo", models.ConnectionEdit{URL: "http://127.0.0.1:1/mcp", Headers: map[string]string{"Authorization": "Bearer b"}})
			var pe *runtime.ProbeError
			if !errors.As(err, &pe) {
				t.Fatalf("an edit to a dead URL: %v, want a ProbeError", err)
			}
			c, _ := store.ConnectionByName(ctx, "demo")
			sec, _ := store.OpenSecrets(c)
			if c.URL != up.URL+"/mcp" || sec.Headers["Authorization"] != "Bearer a" {
				t.Fatalf("a refused edit changed the connection: %s %v", c.URL, sec.Headers)
			}
			if _, err := runtime.EditConnection(ctx, store, pool, "alice", "demo", models.ConnectionEdit{Headers: map[string]string{"Authorization": "Bearer b"}}); err != nil {
				t.Fatal(err)
			}
			if got := up.Header().Get("Authorization"); got != "Bearer b" {
				t.Errorf("after the edit the upstream got %q", got)
			}
			plan, err := runtime.RemoveConnection(ctx, store, pool, "alice", "demo")
			if err != nil || len(plan.Removed) != 3 {
				t.Fatalf("remove: %v, removed %v", err, plan.Removed)
			}
			for _, id := range []string{"demo.echo", "demo.remember", "demo.slow"} {
				if _, err := store.ToolByID(ctx, id); !errors.Is(err, models.ErrNotFound) {
					t.Errorf("%s after the removal: %v", id, err)
				}
			}
			if _, err := store.ConnectionByName(ctx, "demo"); !errors.Is(err, models.ErrNotFound) {
				t.Errorf("the connection after its removal: %v", err)
			}
			if _, err := runtime.RemoveConnection(ctx, store, pool, "alice", "demo"); !errors.Is(err, models.ErrNotFound) {
				t.Errorf("a second removal: %v", err)
			}
		})
	}
}
