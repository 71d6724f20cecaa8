package models_test

import (
	"context"
	"os"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// TestSyncKeepsStoredEffectsOfClosedWorldWrites: a tool the console
// already holds keeps its effects class when a later import derives
// another one from the same hints (closed-world, non-destructive writes
// were imported as external-write before they were workspace-write): the
// sync leaves it unchanged, so a reviewed contract is not sent back to
// review. A namespace imported for the first time gets workspace-write.
func TestSyncKeepsStoredEffectsOfClosedWorldWrites(t *testing.T) {
	raw, err := os.ReadFile("../catalog/testdata/servers/mcp-server-memory.tools.json")
	if err != nil {
		t.Fatal(err)
	}
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		cs, ps := catalog.Parse(catalog.FormatMCP, raw, "memory")
		if len(ps) > 0 {
			t.Fatal(ps)
		}
		old := make([]catalog.Contract, len(cs))
		for i, c := range cs {
			if c.Effects == catalog.EffectsWorkspaceWrite {
				c.Effects = catalog.EffectsExternalWrite // as an earlier console imported it
			}
			old[i] = c
		}
		if _, err := s.ApplyImport(ctx, "alice", models.SourceMCP, "memory", old, ""); err != nil {
			t.Fatal(err)
		}
		p, err := s.PlanImport(ctx, models.SourceMCP, "memory", cs)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Changed) != 0 || len(p.Added) != 0 || p.Unchanged != len(cs) {
			t.Errorf("a re-import of the same list: %d changed, %d added, %d unchanged, want all %d unchanged", len(p.Changed), len(p.Added), p.Unchanged, len(cs))
		}
		if _, err := s.ApplyImport(ctx, "alice", models.SourceMCP, "memory", cs, ""); err != nil {
			t.Fatal(err)
		}
		tl, err := s.ToolByID(ctx, "memory.create_entities")
		if err != nil {
			t.Fatal(err)
		}
		if c, _ := tl.Parsed(); c.Effects != catalog.EffectsExternalWrite {
			t.Errorf("the stored create_entities flipped to %s", c.Effects)
		}
		fresh, _ := catalog.Parse(catalog.FormatMCP, raw, "memory2")
		if _, err := s.ApplyImport(ctx, "alice", models.SourceMCP, "memory2", fresh, ""); err != nil {
			t.Fatal(err)
		}
		tl, err = s.ToolByID(ctx, "memory2.create_entities")
		if err != nil {
			t.Fatal(err)
		}
		if c, _ := tl.Parsed(); c.Effects != catalog.EffectsWorkspaceWrite {
			t.Errorf("a new import of create_entities: %s, want workspace-write", c.Effects)
		}
	})
}
