package models_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestAPIKeyNamesAreUniqueUnderConcurrency: a live key's name is unique
// per creator and scope. The rule was a count before the insert, so
// concurrent creates on Postgres each saw none and all succeeded. A
// unique index holds it: of concurrent creates of one name exactly one
// succeeds, each other is a validation error naming name (never another
// error), and a revoked key's name is free again.
func TestAPIKeyNamesAreUniqueUnderConcurrency(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.Open(t, d)
			const n = 8
			for round := range 10 { // the first rounds open the pool's connections
				name := fmt.Sprintf("deploy-%d", round)
				errs := make([]error, n)
				var wg sync.WaitGroup
				start := make(chan struct{})
				for i := range n {
					wg.Add(1)
					go func() {
						defer wg.Done()
						<-start
						_, _, errs[i] = s.CreateScopedAPIKey(ctx, "ops", name, models.ScopeRuntime)
					}()
				}
				close(start)
				wg.Wait()
				made := 0
				for _, err := range errs {
					var ve *models.ValidationError
					switch {
					case err == nil:
						made++
					case errors.As(err, &ve) && ve.Fields["name"] != "":
					default:
						t.Errorf("a duplicate create: %v, want a validation error on name", err)
					}
				}
				if made != 1 {
					t.Fatalf("round %d: %d keys named %s made, want 1", round, made, name)
				}
			}
			if _, _, err := s.CreateScopedAPIKey(ctx, "ops", "deploy-0", models.ScopeRead); err != nil {
				t.Errorf("the same name in another scope: %v", err)
			}
			if _, _, err := s.CreateScopedAPIKey(ctx, "rita", "deploy-0", models.ScopeRuntime); err != nil {
				t.Errorf("the same name by another creator: %v", err)
			}
		})
	}
}
