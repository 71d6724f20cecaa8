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
		good := catalog.Contract{ID: "acme.good", Title: "Good", Purpose: "Works.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1",
			Params: []catalog.Param{{Name: "mode", Type: "string", Description: "Mode.", Enum: []any{"a", "b"}, Default: "a"}}}
		// what the old importer stored: a default outside the enum
		plantStoredTool(t, s, good, func(bad catalog.Contract) (string, string) {
			return "acme.bad", strings.Replace(string(catalog.CanonicalJSON(bad)), `"default":"a"`, `"default":"z"`, 1)
		})
		if _, err := catalog.New(mustAvailable(t, s)); err == nil {
			t.Fatal("the planted contract should make the stored catalog invalid")
		}
		gen0, _, _ := s.Generations(ctx)
		ids := rerunMigration(t, s, 70)
		if _, err := catalog.New(mustAvailable(t, s)); err != nil {
			t.Fatalf("stored catalog still invalid: %v", err)
		}
		if ids["acme.bad"] || !ids["acme.good"] {
			t.Fatalf("available after migration: %v", ids)
		}
		if gen1, _, _ := s.Generations(ctx); gen1 <= gen0 {
			t.Error("catalog generation not bumped")
		}
	})
}

// TestMigrationRejectsHiddenText: a tool stored before imports refused
// invisible characters (here a right-to-left override in its purpose)
// would make the stored catalog invalid and every composition fail;
// migration 71 rejects it, audited, and the rest stays available.
func TestMigrationRejectsHiddenText(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		good := catalog.Contract{ID: "acme.good", Title: "Good", Purpose: "Works.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1"}
		plantStoredTool(t, s, good, func(bad catalog.Contract) (string, string) {
			return "acme.bad", strings.Replace(string(catalog.CanonicalJSON(bad)), `"purpose":"Works."`, `"purpose":"Works.\u202etxet neddih"`, 1)
		})
		if _, err := catalog.New(mustAvailable(t, s)); err == nil {
			t.Fatal("the planted contract should make the stored catalog invalid")
		}
		ids := rerunMigration(t, s, 71)
		if _, err := catalog.New(mustAvailable(t, s)); err != nil {
			t.Fatalf("stored catalog still invalid: %v", err)
		}
		if ids["acme.bad"] || !ids["acme.good"] {
			t.Fatalf("available after migration: %v", ids)
		}
	})
}

// TestMigrationRejectsReservedIDs: a native tool stored as search_tools
// before the id was reserved would be taught beside the console's own
// search tool; migration 72 rejects it, audited.
func TestMigrationRejectsReservedIDs(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		good := catalog.Contract{ID: "acme.good", Title: "Good", Purpose: "Works.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1"}
		plantStoredTool(t, s, good, func(bad catalog.Contract) (string, string) {
			bad.ID = "search_tools"
			return bad.ID, string(catalog.CanonicalJSON(bad))
		})
		ids := rerunMigration(t, s, 72)
		if ids["search_tools"] || !ids["acme.good"] {
			t.Fatalf("available after migration: %v", ids)
		}
	})
}

// plantStoredTool imports good and a copy of it, acme.bad, under the
// configured audit key, then stores the copy as plant says (the id it
// ends under, its contract JSON) — what an older console let in — and
// makes both available.
func plantStoredTool(t *testing.T, s *models.Store, good catalog.Contract, plant func(bad catalog.Contract) (id, contract string)) {
	t.Helper()
	ctx := context.Background()
	s.SetAuditKey([]byte(strings.Repeat("k", 32))) // the migration must chain with the configured key
	bad := good
	bad.ID, bad.Title = "acme.bad", "Bad"
	if _, err := s.ApplyImport(ctx, "tester", models.SourceMCP, "acme", []catalog.Contract{good, bad}, ""); err != nil {
		t.Fatal(err)
	}
	id, stored := plant(bad)
	if err := s.Exec(ctx, "UPDATE tools SET status = 'available', id = ?, contract = ? WHERE id = ?", id, stored, "acme.bad"); err != nil {
		t.Fatal(err)
	}
	if err := s.Exec(ctx, "UPDATE tools SET status = 'available' WHERE id = ?", "acme.good"); err != nil {
		t.Fatal(err)
	}
}

// rerunMigration runs migration version again, alone, and returns the
// ids available after it; the audit chain must still verify.
func rerunMigration(t *testing.T, s *models.Store, version int) map[string]bool {
	t.Helper()
	ctx := context.Background()
	if err := s.Exec(ctx, "DELETE FROM schema_migrations WHERE version = ?", version); err != nil {
		t.Fatal(err)
	}
	applied, err := s.Migrate(ctx)
	if err != nil || len(applied) != 1 || applied[0] != version {
		t.Fatalf("migrate: %v %v", applied, err)
	}
	ids := map[string]bool{}
	for _, c := range mustAvailable(t, s) {
		ids[c.ID] = true
	}
	if res, err := s.VerifyAudit(ctx); err != nil || res.BrokenAt != 0 {
		t.Fatalf("audit: %+v %v", res, err)
	}
	return ids
}

func mustAvailable(t *testing.T, s *models.Store) []catalog.Contract {
	t.Helper()
	cs, err := s.AvailableContracts(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return cs
}
