package models_test

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// TestMigrationRejectsContractsTheStricterChecksRefuse: a tool made
// available before the contract checks grew stricter (here a default
// outside its enum, once accepted) would invalidate the whole stored
// catalog. Migration 70 rejects it, audited with its problems; valid tools
// stay available and the audit chain still verifies.
func TestMigrationRejectsContractsTheStricterChecksRefuse(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		s.SetAuditKey([]byte(strings.Repeat("k", 32))) // the migration must chain with the configured key
		good := catalog.Contract{ID: "acme.good", Title: "Good", Purpose: "Works.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1",
			Params: []catalog.Param{{Name: "mode", Type: "string", Description: "Mode.", Enum: []any{"a", "b"}, Default: "a"}}}
		bad := good
		bad.ID, bad.Title = "acme.bad", "Bad"
		if _, err := s.ApplyImport(ctx, "tester", models.SourceMCP, "acme", []catalog.Contract{good, bad}, ""); err != nil {
			t.Fatal(err)
		}
		// what the old importer stored: a default outside the enum
		stored := strings.Replace(string(catalog.CanonicalJSON(bad)), `"default":"a"`, `"default":"z"`, 1)
		if err := s.Exec(ctx, "UPDATE tools SET status = 'available', contract = ? WHERE id = ?", stored, "acme.bad"); err != nil {
			t.Fatal(err)
		}
		if err := s.Exec(ctx, "UPDATE tools SET status = 'available' WHERE id = ?", "acme.good"); err != nil {
			t.Fatal(err)
		}
		if _, err := catalog.New(mustAvailable(t, s)); err == nil {
			t.Fatal("the planted contract should make the stored catalog invalid")
		}
		gen0, _, _ := s.Generations(ctx)
		if err := s.Exec(ctx, "DELETE FROM schema_migrations WHERE version = 70"); err != nil {
			t.Fatal(err)
		}
		applied, err := s.Migrate(ctx)
		if err != nil || len(applied) != 1 || applied[0] != 70 {
			t.Fatalf("migrate: %v %v", applied, err)
		}
		avail := mustAvailable(t, s)
		if _, err := catalog.New(avail); err != nil {
			t.Fatalf("stored catalog still invalid: %v", err)
		}
		ids := map[string]bool{}
		for _, c := range avail {
			ids[c.ID] = true
		}
		if ids["acme.bad"] || !ids["acme.good"] {
			t.Fatalf("available after migration: %v", ids)
		}
		if gen1, _, _ := s.Generations(ctx); gen1 <= gen0 {
			t.Error("catalog generation not bumped")
		}
		res, err := s.VerifyAudit(ctx)
		if err != nil || res.BrokenAt != 0 {
			t.Fatalf("audit: %+v %v", res, err)
		}
	})
}

func mustAvailable(t *testing.T, s *models.Store) []catalog.Contract {
	t.Helper()
	cs, err := s.AvailableContracts(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// TestMigrationRejectsHiddenText: a tool stored before imports refused
// invisible characters (here a right-to-left override in its purpose)
// would make the stored catalog invalid and every composition fail;
// migration 71 rejects it, audited, and the rest stays available.
func TestMigrationRejectsHiddenText(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		s.SetAuditKey([]byte(strings.Repeat("k", 32)))
		good := catalog.Contract{ID: "acme.good", Title: "Good", Purpose: "Works.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1"}
		bad := good
		bad.ID, bad.Title = "acme.bad", "Bad"
		if _, err := s.ApplyImport(ctx, "tester", models.SourceMCP, "acme", []catalog.Contract{good, bad}, ""); err != nil {
			t.Fatal(err)
		}
		stored := strings.Replace(string(catalog.CanonicalJSON(bad)), `"purpose":"Works."`, `"purpose":"Works.\u202etxet neddih"`, 1)
		if err := s.Exec(ctx, "UPDATE tools SET status = 'available', contract = ? WHERE id = ?", stored, "acme.bad"); err != nil {
			t.Fatal(err)
		}
		if err := s.Exec(ctx, "UPDATE tools SET status = 'available' WHERE id = ?", "acme.good"); err != nil {
			t.Fatal(err)
		}
		if _, err := catalog.New(mustAvailable(t, s)); err == nil {
			t.Fatal("the planted contract should make the stored catalog invalid")
		}
		if err := s.Exec(ctx, "DELETE FROM schema_migrations WHERE version = 71"); err != nil {
			t.Fatal(err)
		}
		applied, err := s.Migrate(ctx)
		if err != nil || len(applied) != 1 || applied[0] != 71 {
			t.Fatalf("migrate: %v %v", applied, err)
		}
		avail := mustAvailable(t, s)
		if _, err := catalog.New(avail); err != nil {
			t.Fatalf("stored catalog still invalid: %v", err)
		}
		ids := map[string]bool{}
		for _, c := range avail {
			ids[c.ID] = true
		}
		if ids["acme.bad"] || !ids["acme.good"] {
			t.Fatalf("available after migration: %v", ids)
		}
		if res, err := s.VerifyAudit(ctx); err != nil || res.BrokenAt != 0 {
			t.Fatalf("audit: %+v %v", res, err)
		}
	})
}

// TestMigrationRejectsReservedIDs: a native tool stored as search_tools
// before the id was reserved would be taught beside the console's own
// search tool; migration 72 rejects it, audited.
func TestMigrationRejectsReservedIDs(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		s.SetAuditKey([]byte(strings.Repeat("k", 32)))
		good := catalog.Contract{ID: "acme.good", Title: "Good", Purpose: "Works.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1"}
		bad := good
		bad.ID, bad.Title = "acme.bad", "Bad"
		if _, err := s.ApplyImport(ctx, "tester", models.SourceMCP, "acme", []catalog.Contract{good, bad}, ""); err != nil {
			t.Fatal(err)
		}
		bad.ID = "search_tools"
		if err := s.Exec(ctx, "UPDATE tools SET status = 'available', id = ?, contract = ? WHERE id = ?", "search_tools", string(catalog.CanonicalJSON(bad)), "acme.bad"); err != nil {
			t.Fatal(err)
		}
		if err := s.Exec(ctx, "UPDATE tools SET status = 'available' WHERE id = ?", "acme.good"); err != nil {
			t.Fatal(err)
		}
		if err := s.Exec(ctx, "DELETE FROM schema_migrations WHERE version = 72"); err != nil {
			t.Fatal(err)
		}
		applied, err := s.Migrate(ctx)
		if err != nil || len(applied) != 1 || applied[0] != 72 {
			t.Fatalf("migrate: %v %v", applied, err)
		}
		ids := map[string]bool{}
		for _, c := range mustAvailable(t, s) {
			ids[c.ID] = true
		}
		if ids["search_tools"] || !ids["acme.good"] {
			t.Fatalf("available after migration: %v", ids)
		}
		if res, err := s.VerifyAudit(ctx); err != nil || res.BrokenAt != 0 {
			t.Fatalf("audit: %+v %v", res, err)
		}
	})
}
