package authority

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/authority/credential"
	"github.com/agentforge/console/instruction/authority/credential/credentialtest"
)

// TestApprovalSecretNamesAgree: an argument, a "Name: value" line and a
// {"name" or "key": …, "value": …} pair shown for approval are masked by
// the one name rule every other path uses (the shared table); the name
// stays shown, a pair's "key" too.
func TestApprovalSecretNamesAgree(t *testing.T) {
	const value = "plainvalue"
	for _, c := range credentialtest.Names {
		t.Run(c.Name, func(t *testing.T) {
			for _, args := range []any{
				map[string]any{c.Name: value},
				map[string]any{"header": c.Name + ": " + value},
				map[string]any{"env": []any{map[string]any{"name": c.Name, "value": value}}},
				map[string]any{"headers": []any{map[string]any{"key": c.Name, "value": value}}},
			} {
				b, _ := json.Marshal(args)
				view := ArgumentsView(b)
				want := c.Secret
				if m, ok := args.(map[string]any); ok && m[c.Name] == value {
					// a member's own value is at hand: a bare "key" of a plain value is a lookup key
					want = credential.NamedValue(c.Name, value)
				}
				if got := !strings.Contains(view, value); got != want {
					t.Errorf("%s masked = %v, want %v: %s", b, got, want, view)
				}
				if c.Secret && !strings.Contains(view, c.Name) {
					t.Errorf("%s: the name is not shown: %s", b, view)
				}
			}
		})
	}
}
