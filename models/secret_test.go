package models_test

import (
	"bytes"
	"context"
	"sync"
	"testing"

	"github.com/agentforge/console/models"
)

// TestSecretIsGeneratedOnceAndShared: concurrent first calls agree on one
// value, later calls return it, and distinct names get distinct secrets.
func TestSecretIsGeneratedOnceAndShared(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		var wg sync.WaitGroup
		got := make([][]byte, 8)
		for i := range got {
			wg.Add(1)
			go func() {
				defer wg.Done()
				// a fresh store copy per caller would share the cache; use
				// transactions so each call really reaches the database
				_ = s.Tx(ctx, func(tx *models.Store) error {
					v, err := tx.Secret(ctx, "test-key")
					if err != nil {
						t.Error(err)
					}
					got[i] = v
					return nil
				})
			}()
		}
		wg.Wait()
		for i, v := range got {
			if len(v) != models.SecretBytes || !bytes.Equal(v, got[0]) {
				t.Fatalf("caller %d got %x, caller 0 got %x", i, v, got[0])
			}
		}
		other, err := s.Secret(ctx, "other-key")
		if err != nil || bytes.Equal(other, got[0]) {
			t.Fatalf("distinct names share a secret: %v", err)
		}
		n, err := s.Raw(ctx, "SELECT COUNT(*) FROM server_secrets")
		if err != nil || n != 2 {
			t.Fatalf("%d stored secrets, %v", n, err)
		}
		if _, err := s.Secret(ctx, ""); err == nil {
			t.Error("empty secret name accepted")
		}
	})
}
