package models_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestDecideWaitsForAskingKeys: a reviewer approving a request while
// their own runtime key asks the same call must see that key among the
// askers. The decision waits for the agent's lock the filing holds
// (Postgres; SQLite's write lock serializes them), so it is refused as
// the key owner's decision instead of approving what their key asked.
func TestDecideWaitsForAskingKeys(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		if d.Name != "postgres" {
			continue
		}
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			a, dsn := modelstest.OpenURL(t, d)
			b, err := models.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			_, ky, err := a.CreateScopedAPIKey(ctx, "yves", "ky", models.ScopeRuntime)
			if err != nil {
				t.Fatal(err)
			}
			_, kx, err := a.CreateScopedAPIKey(ctx, "xena", "kx", models.ScopeRuntime)
			if err != nil {
				t.Fatal(err)
			}
			call := models.Approval{Agent: "demo", Subject: "sam", Tool: "demo.echo", Digest: "d1", ArgsDigest: "args-A", Origin: models.OriginCheck, KeyID: ky.ID}
			first, _, err := a.RequestApproval(ctx, "apikey", call)
			if err != nil {
				t.Fatal(err)
			}
			inLock := make(chan struct{})
			var once sync.Once
			restore := models.OnApprovalLookup(func() {
				once.Do(func() { close(inLock) })
				time.Sleep(500 * time.Millisecond)
			})
			defer restore()
			done := make(chan error, 1)
			go func() {
				c := call
				c.KeyID = kx.ID
				_, _, err := b.RequestApproval(ctx, "apikey", c)
				done <- err
			}()
			select {
			case <-inLock:
			case err := <-done:
				t.Fatalf("the second key's request ended (%v) without looking up the pending one", err)
			case <-time.After(30 * time.Second):
				t.Fatal("the second key's request never looked up the pending one")
			}
			_, err = a.DecideApproval(ctx, "xena", first.Ref, models.ApprovalDecision{Approve: true, Reason: "fine", SingleUse: true}, time.Now())
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			if !errors.Is(err, models.ErrKeyOwnerDecision) {
				t.Errorf("xena approved while her key asked: %v, want ErrKeyOwnerDecision", err)
			}
		})
	}
}
