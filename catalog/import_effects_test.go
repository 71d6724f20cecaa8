package catalog_test

import (
	"slices"
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestImportEffectsFromServerHints: the reference memory server's own
// tool list imports with the effects its hints give. A closed-world
// (openWorldHint false), non-destructive write acts only on the server's
// own data: workspace-write, not external-write. Its idempotentHint is
// kept as a constraint when stated true; a destructive tool stays
// destructive whatever its world; reads stay read-only. An open-world
// non-destructive write stays external-write.
func TestImportEffectsFromServerHints(t *testing.T) {
	raw, _ := readServerTools(t, "mcp-server-memory.tools.json")
	cs, ps := catalog.Parse(catalog.FormatMCP, raw, "memory")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	want := map[string]struct {
		effects    catalog.Effects
		idempotent bool
	}{
		"memory.create_entities":     {catalog.EffectsWorkspaceWrite, false},
		"memory.create_relations":    {catalog.EffectsWorkspaceWrite, false},
		"memory.add_observations":    {catalog.EffectsWorkspaceWrite, false},
		"memory.delete_entities":     {catalog.EffectsDestructive, true},
		"memory.delete_observations": {catalog.EffectsDestructive, true},
		"memory.delete_relations":    {catalog.EffectsDestructive, true},
		"memory.read_graph":          {catalog.EffectsReadOnly, false},
		"memory.search_nodes":        {catalog.EffectsReadOnly, false},
		"memory.open_nodes":          {catalog.EffectsReadOnly, false},
	}
	for _, c := range cs {
		w, ok := want[c.ID]
		if !ok {
			t.Errorf("unexpected tool %s", c.ID)
			continue
		}
		if c.Effects != w.effects || c.EffectsAssumed {
			t.Errorf("%s: effects %s (assumed %v), want %s", c.ID, c.Effects, c.EffectsAssumed, w.effects)
		}
		if got := slices.Contains(c.Constraints, catalog.IdempotentConstraint); got != w.idempotent {
			t.Errorf("%s: idempotent constraint %v, want %v", c.ID, got, w.idempotent)
		}
		if !slices.Contains(c.Constraints, catalog.ClosedWorldConstraint) {
			t.Errorf("%s: the closed-world constraint is lost: %v", c.ID, c.Constraints)
		}
	}
	open := []byte(`{"tools":[{"name":"post_note","description":"Posts a note to the team's chat.","inputSchema":{"type":"object"},
		"annotations":{"readOnlyHint":false,"destructiveHint":false,"openWorldHint":true}}]}`)
	cs, ps = catalog.Parse(catalog.FormatMCP, open, "chat")
	if len(ps) > 0 || len(cs) != 1 || cs[0].Effects != catalog.EffectsExternalWrite {
		t.Errorf("an open-world non-destructive write: %+v %v", cs, ps)
	}
}
