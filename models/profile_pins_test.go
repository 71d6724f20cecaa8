package models_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestProfileRefusesACodeOnlyPin: a code-only helper is called from
// programs and never shown as a tool, so a pin on it pins nothing; a
// profile saved with one is refused naming pins and the helper (as the
// API refuses a request's), on create and on a new version, and nothing
// is written. A pin on exec itself stays valid.
func TestProfileRefusesACodeOnlyPin(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		if _, err := s.Bootstrap(ctx, "admin-password-123", nil); err != nil {
			t.Fatal(err)
		}
		known := map[string]bool{}
		cs, err := s.AvailableContracts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		helper := ""
		for _, c := range cs {
			known[c.ID] = true
			if c.CodeOnly && helper == "" {
				helper = c.ID
			}
		}
		if helper == "" {
			t.Fatal("the built-in catalog has no code-only helper")
		}
		pinned := func(pins ...string) models.ProfileContent {
			return models.ProfileContent{Tools: []string{"exec", helper, "read_file"}, Tier: "standard", CatalogForm: "full", Deferred: true, Pins: pins}
		}
		var ve *models.ValidationError
		refused := func(what string, err error) {
			t.Helper()
			if !errors.As(err, &ve) || !strings.Contains(ve.Fields["pins"], helper) || !strings.Contains(ve.Fields["pins"], "code-only") {
				t.Errorf("%s: %v, want pins naming %s as code-only", what, err, helper)
			}
		}
		_, err = s.CreateProfile(ctx, "ed", models.ProfileInput{Slug: "pinned", Name: "Pinned", Content: pinned("read_file", helper)}, known, models.TokenTotals{})
		refused("create", err)
		if _, err := s.ProfileBySlug(ctx, "pinned"); !errors.Is(err, models.ErrNotFound) {
			t.Errorf("a refused profile was stored: %v", err)
		}
		if _, err := s.CreateProfile(ctx, "ed", models.ProfileInput{Slug: "pinned", Name: "Pinned", Content: pinned("exec")}, known, models.TokenTotals{}); err != nil {
			t.Fatalf("pin on exec: %v", err)
		}
		_, err = s.SaveProfileVersion(ctx, "ed", "pinned", 1, pinned(helper), known, models.TokenTotals{})
		refused("new version", err)
		if p, _ := s.ProfileBySlug(ctx, "pinned"); p == nil || p.CurrentVersion != 1 {
			t.Errorf("a refused version was stored: %+v", p)
		}
	})
}
