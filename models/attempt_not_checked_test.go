package models_test

import (
	"context"
	"testing"

	"github.com/agentforge/console/models"
)

// TestAttemptNotCheckedForgetsItsOwnAttempt: two sign-ins from one
// address overlap; the first finds no hashing slot and forgets its
// attempt, the second's wrong password must stay counted. Forgetting
// "the newest row" removed the second's failure instead of the first's
// attempt, so a flood that kept the slots busy erased real failures.
func TestAttemptNotCheckedForgetsItsOwnAttempt(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		first, ok, err := s.BeginAttempt(ctx, "bob", "10.0.0.9")
		if err != nil || !ok {
			t.Fatalf("first: %v %v", ok, err)
		}
		second, ok, err := s.BeginAttempt(ctx, "bob", "10.0.0.9")
		if err != nil || !ok {
			t.Fatalf("second: %v %v", ok, err)
		}
		if first == second || first == 0 || second == 0 {
			t.Fatalf("attempt ids %d and %d", first, second)
		}
		if err := s.AttemptNotChecked(ctx, first); err != nil {
			t.Fatal(err)
		}
		n, err := s.Raw(ctx, "SELECT COUNT(*) FROM login_attempts WHERE username = 'bob'")
		if err != nil {
			t.Fatal(err)
		}
		left, _ := s.Raw(ctx, "SELECT MAX(id) FROM login_attempts WHERE username = 'bob'")
		if n != 1 || uint(left) != second {
			t.Fatalf("%d attempts left, the newest %d; want only the second (%d)", n, left, second)
		}
		// forgetting it again, or an attempt that is not there, changes nothing
		if err := s.AttemptNotChecked(ctx, first); err != nil {
			t.Fatal(err)
		}
		if n, _ := s.Raw(ctx, "SELECT COUNT(*) FROM login_attempts WHERE username = 'bob'"); n != 1 {
			t.Fatalf("%d attempts left after forgetting twice", n)
		}
	})
}
