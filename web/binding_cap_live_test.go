package web

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/agentforge/console/models"
)

// TestBindingCapCountsOnlyLiveBindings: a binding found stale or revoked
// at a check is invalidated for good (sticky) and can never allow again,
// so it holds no place under the key's cap: a key whose bindings at the
// cap were all invalidated still binds, and one live binding short of
// the cap plus invalidated ones still leaves room for exactly one.
func TestBindingCapCountsOnlyLiveBindings(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		rt := h.runtimeKey()
		req := map[string]any{"agent": "analyst", "tool": "sql_query", "subject": contractor("u1"), "ttl_seconds": 600}
		h.bind(rt, req)
		var key uint
		if err := h.store.RawScan(ctx, &key, "SELECT key_id FROM bindings ORDER BY id DESC LIMIT 1"); err != nil || key == 0 {
			t.Fatalf("the binding's key: %d, %v", key, err)
		}
		fill := func(prefix string, n int, invalidated bool) {
			t.Helper()
			var at any
			if invalidated {
				at = time.Now().Add(-time.Minute).UTC()
			}
			q := fmt.Sprintf(`INSERT INTO bindings (handle_hash, subject, agent, tool, digest, expires_at, key_id, authority_pin, invalidated_at, invalid_type, invalid_reason)
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %d)
SELECT '%s-' || i, 'u1', 'analyst', 'sql_query', 'd', ?, ?, '', ?, 'binding_stale', 'digest changed' FROM n`, n, prefix)
			if err := h.store.Exec(ctx, q, time.Now().Add(time.Hour).UTC(), key, at); err != nil {
				t.Fatal(err)
			}
		}
		fill("stale", models.MaxLiveBindingsPerKey, true)
		if res, out := h.api("POST", "/api/v1/bindings", rt, req); res.StatusCode != http.StatusCreated && res.StatusCode != http.StatusOK {
			t.Fatalf("a key whose bindings past the cap are all invalidated: %d %s, want a binding", res.StatusCode, out)
		}
		// two live now; fill the live ones to one short of the cap
		fill("live", models.MaxLiveBindingsPerKey-3, false)
		if res, out := h.api("POST", "/api/v1/bindings", rt, req); res.StatusCode != http.StatusCreated && res.StatusCode != http.StatusOK {
			t.Fatalf("the last live place: %d %s", res.StatusCode, out)
		}
		if res, out := h.api("POST", "/api/v1/bindings", rt, req); res.StatusCode != http.StatusTooManyRequests {
			t.Fatalf("past the cap of live bindings: %d %s, want 429", res.StatusCode, out)
		}
	})
}
