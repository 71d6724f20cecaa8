package web

import (
	"context"
	"net/http"
	"testing"
	"time"
)

// TestARememberedRunOwnerExpiresWithRetention: a replica remembers who
// opened a run, but the retention pass (on any replica) removes the owner
// of a run whose evidence left; the run id may then be opened by another
// key. A replica that kept the old owner for ever refused that key (and
// let the old one write into the new owner's run). The memory now holds
// an owner only while no retention pass can have removed it; past that,
// the database says.
func TestARememberedRunOwnerExpiresWithRetention(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		first, second := h.runtimeKey(), h.runtimeKey()
		run := "retained-run-1"
		step := map[string]any{"agent": "analyst", "receipts": []any{}}
		if res, b := h.api(http.MethodPost, "/api/v1/runs/"+run+"/steps", first, step); res.StatusCode != http.StatusOK {
			t.Fatalf("open the run: %d %s", res.StatusCode, b)
		}
		// forty days later the retention pass has removed the run's owner
		later := time.Now().Add(40 * 24 * time.Hour)
		h.app.runOwners.now = func() time.Time { return later }
		if err := h.store.Exec(ctx, "DELETE FROM run_owners WHERE run = ?", run); err != nil {
			t.Fatal(err)
		}
		if res, b := h.api(http.MethodPost, "/api/v1/runs/"+run+"/steps", second, step); res.StatusCode != http.StatusOK {
			t.Fatalf("another key opening the run id after its owner left: %d %s", res.StatusCode, b)
		}
		if res, _ := h.api(http.MethodPost, "/api/v1/runs/"+run+"/steps", first, step); res.StatusCode != http.StatusForbidden {
			t.Errorf("the old owner on the reopened run: %d, want 403", res.StatusCode)
		}
	})
}
