package models_test

import (
	"context"
	"testing"
	"time"

	"github.com/agentforge/console/models"
)

// TestReceiptSavedOnceAndReadBack: a receipt is stored with its time, a
// second save of the same digest changes nothing, on both databases.
func TestReceiptSavedOnceAndReadBack(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		before := time.Now().Add(-time.Second)
		d := "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
		if err := s.SaveReceipt(ctx, &models.Receipt{Digest: d, Inputs: `{"a":1}`, Text: "first"}); err != nil {
			t.Fatal(err)
		}
		if err := s.SaveReceipt(ctx, &models.Receipt{Digest: d, Inputs: `{"a":2}`, Text: "second"}); err != nil {
			t.Fatal(err)
		}
		r, err := s.ReceiptByDigest(ctx, d)
		if err != nil {
			t.Fatal(err)
		}
		if r.Text != "first" || r.Inputs != `{"a":1}` {
			t.Errorf("got %q %q, want the first save", r.Text, r.Inputs)
		}
		if r.CreatedAt.Before(before) || r.CreatedAt.After(time.Now().Add(time.Second)) {
			t.Errorf("created_at = %v, want about now", r.CreatedAt)
		}
	})
}
