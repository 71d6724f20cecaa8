package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestBindingsBelongToTheirKey: a binding is the runtime key's that asked
// for it: another key presenting its handle gets no allow (an unknown
// binding) and cannot release it (404), while the owner still can; a key
// holding models.MaxLiveBindingsPerKey live bindings gets 429 naming the
// cap, and another key is not held back by it.
func TestBindingsBelongToTheirKey(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		rt1, rt2 := h.runtimeKey(), h.runtimeKey()
		req := func(handle string) map[string]any {
			b := map[string]any{"agent": "analyst", "tool": "sql_query", "subject": contractor("u1")}
			if handle != "" {
				b["binding"] = handle
			} else {
				b["ttl_seconds"] = 600
			}
			return b
		}
		hd := h.bind(rt1, req(""))
		if d := h.authorize(rt2, req(hd)); d.Decision == "allow" || d.Error == nil || d.Error.Type != authority.TypeBindingStale || !strings.Contains(d.HostReason, "unknown") {
			t.Errorf("another key's check with the handle: %+v (%s), want binding_stale, unknown", d, d.HostReason)
		}
		if res, out := h.api("DELETE", "/api/v1/bindings/"+hd, rt2, nil); res.StatusCode != http.StatusNotFound {
			t.Errorf("another key's release: %d %s, want 404", res.StatusCode, out)
		}
		if d := h.authorize(rt1, req(hd)); d.Decision != "allow" {
			t.Errorf("the owner's check after another key tried: %+v", d)
		}
		if res, _ := h.api("DELETE", "/api/v1/bindings/"+hd, rt1, nil); res.StatusCode != http.StatusNoContent {
			t.Errorf("the owner's release: %d", res.StatusCode)
		}
		// the cap: rt1 holds one live binding, and as many more as make the cap
		h.bind(rt1, req(""))
		var key uint
		if err := h.store.RawScan(ctx, &key, "SELECT key_id FROM bindings ORDER BY id DESC LIMIT 1"); err != nil || key == 0 {
			t.Fatalf("the binding's key: %d, %v", key, err)
		}
		fill := fmt.Sprintf(`INSERT INTO bindings (handle_hash, subject, agent, tool, digest, expires_at, key_id, authority_pin)
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %d)
SELECT 'fill-' || i, 'u1', 'analyst', 'sql_query', 'd', ?, ?, '' FROM n`, models.MaxLiveBindingsPerKey-1)
		if err := h.store.Exec(ctx, fill, time.Now().Add(time.Hour).UTC(), key); err != nil {
			t.Fatal(err)
		}
		res, out := h.api("POST", "/api/v1/bindings", rt1, req(""))
		if res.StatusCode != http.StatusTooManyRequests || !strings.Contains(string(out), fmt.Sprint(models.MaxLiveBindingsPerKey)) || !strings.Contains(string(out), "too_many_bindings") {
			t.Errorf("a binding past the cap: %d %s, want 429 naming the cap", res.StatusCode, out)
		}
		h.bind(rt2, req(""))
	})
}
