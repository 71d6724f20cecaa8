package web

import (
	"context"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestBindingHoldsForItsGroupSet: a binding records the subject's group
// set at issue. Presented with another group set (even a wider one that is
// granted) it is binding_stale; with the same set, a revoked grant is
// capability_revoked, never an allow.
func TestBindingHoldsForItsGroupSet(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		key := h.runtimeKey()
		carol := func(groups ...string) map[string]any { return map[string]any{"id": "carol", "groups": groups} }
		handle := h.bind(key, map[string]any{"agent": "analyst", "subject": carol("contractors"), "tool": "sql_query"})
		outcome := func(subject map[string]any) string {
			t.Helper()
			d := h.authorize(key, map[string]any{"agent": "analyst", "subject": subject, "tool": "sql_query", "binding": handle})
			if d.Error != nil {
				return d.Error.Type
			}
			return d.Decision
		}
		if got := outcome(carol("contractors")); got != "allow" {
			t.Fatalf("same groups before the revocation: %s", got)
		}
		if got := outcome(carol("contractors", authority.Everyone)); got != authority.TypeBindingStale {
			t.Errorf("another group set before the revocation: %s, want binding_stale", got)
		}
		if _, err := h.store.ChangeGrants(context.Background(), "admin", "contractors", false, []models.GrantSpec{{Kind: "effects", Value: "read-only"}}, nil); err != nil {
			t.Fatal(err)
		}
		if got := outcome(carol("contractors", authority.Everyone)); got != authority.TypeBindingStale {
			t.Errorf("after contractors' revocation, presented with [contractors, everyone]: %s, want binding_stale", got)
		}
		if got := outcome(carol(authority.Everyone, "contractors", "contractors")); got != authority.TypeBindingStale {
			t.Errorf("reordered wider set: %s, want binding_stale", got)
		}
		if got := outcome(carol("contractors")); got != authority.TypeRevoked {
			t.Errorf("after the revocation, the same group set: %s, want capability_revoked", got)
		}
	})
}
