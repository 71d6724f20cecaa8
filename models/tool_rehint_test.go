package models_test

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// TestMigrationRehintsSilentEffects: tools imported before MCP's defaults
// for absent hints were applied were hinted external-write, and a bulk
// approval would accept that as their classification. Migration 73 gives
// the ones still awaiting review the spec's default, destructive, audited
// with both digests (a reviewer holding the old digest gets a conflict);
// a reviewed tool keeps the classification bound to its digest, stated
// effects stay, and a native file's contract is never touched.
func TestMigrationRehintsSilentEffects(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		s.SetAuditKey([]byte(strings.Repeat("k", 32)))
		tool := func(id string, e catalog.Effects) catalog.Contract {
			return catalog.Contract{ID: id, Title: id, Purpose: "Does it.", Class: catalog.ClassService, Effects: e, Version: "1"}
		}
		old := catalog.EffectsExternalWrite // what the old importer hinted for silence
		for _, imp := range []struct {
			source, ns string
			cs         []catalog.Contract
		}{
			{models.SourceMCP, "acme", []catalog.Contract{tool("acme.silent", old), tool("acme.reviewed", old), tool("acme.reads", catalog.EffectsReadOnly)}},
			{models.SourceOpenAI, "fn", []catalog.Contract{tool("fn.call", old)}},
			{models.SourceFile, "own", []catalog.Contract{tool("own.send", old)}},
		} {
			if _, err := s.ApplyImport(ctx, "importer", imp.source, imp.ns, imp.cs, ""); err != nil {
				t.Fatal(err)
			}
		}
		digests, err := s.ToolDigests(ctx, []string{"acme.silent", "acme.reviewed", "acme.reads", "fn.call", "own.send"})
		if err != nil {
			t.Fatal(err)
		}
		cl := models.Classification{Effects: "external-write", Risk: "high"}
		if err := s.ClassifyTool(ctx, "reviewer", "acme.reviewed", digests["acme.reviewed"], "bindable", cl); err != nil {
			t.Fatal(err)
		}
		rerunMigration(t, s, 73)
		for id, want := range map[string]catalog.Effects{"acme.silent": catalog.EffectsDestructive, "fn.call": catalog.EffectsDestructive,
			"acme.reviewed": old, "acme.reads": catalog.EffectsReadOnly, "own.send": old} {
			r, err := s.ToolByID(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			c, err := r.Parsed()
			if err != nil {
				t.Fatal(err)
			}
			if c.Effects != want || c.EffectsAssumed != (want == catalog.EffectsDestructive) {
				t.Errorf("%s: effects %s (assumed %v) after the migration, want %s", id, c.Effects, c.EffectsAssumed, want)
			}
			if moved := r.Digest != digests[id]; moved != (want != old && want != catalog.EffectsReadOnly) {
				t.Errorf("%s: digest moved %v", id, moved)
			}
			if r.Digest != catalog.Digest(c) {
				t.Errorf("%s: stored digest is not the contract's", id)
			}
		}
		if r, _ := s.ToolByID(ctx, "acme.reviewed"); r.ClassEffects != "external-write" || r.Validation != "bindable" {
			t.Errorf("reviewed tool's classification changed: %+v", r)
		}
		evs, n, err := s.AuditEvents(ctx, models.AuditFilter{Action: "tool.rehint"})
		if err != nil || n != 2 {
			t.Fatalf("rehint events: %d, %v", n, err)
		}
		for _, e := range evs {
			if e.Actor != models.MigrationActor || e.BeforeDigest != digests[e.Subject] || e.AfterDigest == e.BeforeDigest || !strings.Contains(e.Detail, "destructive") {
				t.Errorf("audit event %+v", e)
			}
		}
		// a reviewer who opened the old contract is told it changed
		if _, err := s.ReviewTools(ctx, "reviewer", map[string]string{"acme.silent": digests["acme.silent"]}, models.ToolAvailable); err == nil {
			t.Error("a review bound to the pre-migration digest went through")
		}
	})
}
