package web

import (
	"context"
	"testing"

	"github.com/agentforge/console/models"
)

// knownToolIDs is every tool id of the harness's catalog, as the forms
// that change grants or profiles check them.
func (h *harness) knownToolIDs() map[string]bool {
	known := map[string]bool{}
	tools, _ := h.store.Tools(context.Background())
	for _, tl := range tools {
		known[tl.ID] = true
	}
	return known
}

// changeGrants adds (or, add false, removes) grants of group as the admin.
func (h *harness) changeGrants(t testing.TB, group string, add bool, change ...models.GrantSpec) {
	t.Helper()
	if _, err := h.store.ChangeGrants(context.Background(), "admin", group, add, change, h.knownToolIDs()); err != nil {
		t.Fatal(err)
	}
}
