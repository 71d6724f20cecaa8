package models_test

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// Migration 151: receipts an older version stored with the subject's id
// verbatim keep its digest instead, their sets normalized, audited; such
// a receipt (no owner recorded) answers admins only.
func TestMigrationScrubsStoredSubjectIDs(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		d := strings.Repeat("a", 64)
		if err := s.SaveReceipt(ctx, &models.Receipt{Digest: d, Text: "t", Inputs: `{"request":{"agent":"analyst","pins":["b","a","b"],"subject":{"id":"alice@corp.example","groups":["g"]}}}`}); err != nil {
			t.Fatal(err)
		}
		if err := models.ScrubReceipts(ctx, s); err != nil {
			t.Fatal(err)
		}
		r, err := s.ReceiptForOwner(ctx, d, "", true)
		if err != nil || strings.Contains(r.Inputs, "alice") || !strings.Contains(r.Inputs, `"pins":["a","b"]`) || !strings.Contains(r.Inputs, "id_digest") {
			t.Fatalf("scrubbed: %+v %v", r, err)
		}
		if _, err := s.ReceiptForOwner(ctx, d, "someone", false); err == nil {
			t.Error("a receipt with no owner recorded answers a non-admin")
		}
		if es, _, _ := s.AuditEvents(ctx, models.AuditFilter{Action: "receipt.inputs_normalized"}); len(es) != 1 {
			t.Errorf("the scrub is not audited: %d events", len(es))
		}
	})
}
