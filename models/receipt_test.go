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

// TestReceiptSavedForOwners: SaveReceiptFor stores the text once and each
// owner's own inputs once (the first of each wins), whether or not the
// caller says the text is stored already, on both databases; an owner
// never served the digest does not read it.
func TestReceiptSavedForOwners(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		d := "fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210"
		for _, c := range []struct {
			owner, inputs string
			textStored    bool
		}{{"alice", `{"a":1}`, false}, {"alice", `{"a":2}`, false}, {"bob", `{"b":1}`, false}, {"carol", `{"c":1}`, true}, {"carol", `{"c":2}`, true}} {
			if err := s.SaveReceiptFor(ctx, &models.Receipt{Digest: d, Text: "text of " + c.owner}, c.owner, c.inputs, c.textStored); err != nil {
				t.Fatal(err)
			}
		}
		for owner, want := range map[string]string{"alice": `{"a":1}`, "bob": `{"b":1}`, "carol": `{"c":1}`} {
			r, err := s.ReceiptForOwner(ctx, d, owner, false)
			if err != nil {
				t.Fatalf("%s: %v", owner, err)
			}
			if r.Text != "text of alice" || r.Inputs != want {
				t.Errorf("%s reads %q %q, want the first text and %s", owner, r.Text, r.Inputs, want)
			}
		}
		if _, err := s.ReceiptForOwner(ctx, d, "mallory", false); err == nil {
			t.Error("an owner never served the digest reads it")
		}
	})
}
