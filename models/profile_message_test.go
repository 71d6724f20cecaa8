package models_test

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestProfileSaveAuditWithoutMessage: a profile saved with no message was
// audited "version 2 from 1:", a colon before nothing. With no message
// the detail ends at the versions; with one, the message follows.
func TestProfileSaveAuditWithoutMessage(t *testing.T) {
	s := modelstest.Open(t, modelstest.Dialect{Name: models.DialectSQLite})
	ctx := context.Background()
	if _, err := s.CreateProfile(ctx, "ed", models.ProfileInput{Slug: "p", Name: "P", Content: content("read_file")}, known, models.TokenTotals{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SaveProfileVersion(ctx, "ed", "p", 1, content("read_file", "exec"), known, models.TokenTotals{}); err != nil {
		t.Fatal(err)
	}
	c := content("read_file")
	c.Message = "drop exec"
	if _, err := s.SaveProfileVersion(ctx, "ed", "p", 2, c, known, models.TokenTotals{}); err != nil {
		t.Fatal(err)
	}
	evs, _, err := s.AuditEvents(ctx, models.AuditFilter{Action: "profile.save"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"version 2 from 1": true, "version 3 from 2: drop exec": true}
	for _, e := range evs {
		if !want[e.Detail] || strings.HasSuffix(strings.TrimSpace(e.Detail), ":") {
			t.Errorf("profile.save detail %q, want one of %v", e.Detail, want)
		}
	}
}
