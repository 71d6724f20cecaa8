package web

import (
	"context"
	"net/http"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestBusySignInIsNoFailure: a sign-in answered 503 (no hashing slot in
// time) never had its password checked, so it is not a failure. Counted
// as one, a flood that kept the slots full made the owner's own attempts
// from a clean address pile up past the limits: 303, then 503, then 429
// for fifteen minutes.
func TestBusySignInIsNoFailure(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			h := newHarness(t, d)
			busy := true
			authenticate = func(s *models.Store, ctx context.Context, name, pw string) (*models.User, error) {
				if busy {
					return nil, models.ErrBusy
				}
				return s.Authenticate(ctx, name, pw)
			}
			t.Cleanup(func() { authenticate = (*models.Store).Authenticate })
			for i := 0; i < models.MaxFailuresPerAccount+3; i++ {
				if st := signIn(h, "admin", adminPassword, ""); st != http.StatusServiceUnavailable {
					t.Fatalf("attempt %d with the slots full: %d, want 503", i+1, st)
				}
			}
			busy = false
			if st := signIn(h, "admin", adminPassword, ""); st != http.StatusSeeOther {
				t.Fatalf("the owner once a slot is free: %d, want 303", st)
			}
		})
	}
}
