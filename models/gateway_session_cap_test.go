package models_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestGatewaySessionCapHoldsAcrossReplicas: with a cap of 3,
// 20 initializes of one key racing on two stores of one database (two
// replicas on Postgres) stored 14 sessions, because the count came before
// the insert. Counted with the insert under the key and agent's lock,
// exactly the cap is stored and the rest get ErrSessionCap.
func TestGatewaySessionCapHoldsAcrossReplicas(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			a, dsn := modelstest.OpenURL(t, d)
			b := a
			if d.Name == "postgres" {
				var err error
				if b, err = models.Open(ctx, dsn); err != nil {
					t.Fatal(err)
				}
				defer b.Close()
			}
			const most, racers = 3, 60
			since := time.Now().Add(-time.Hour)
			var wg sync.WaitGroup
			errs := make(chan error, racers)
			for i := range racers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					s := a
					if i%2 == 1 {
						s = b
					}
					g := &models.GatewaySession{KeyID: 7, Agent: "helper", Profile: "gw", Run: fmt.Sprintf("mcp-cap-%d", i)}
					errs <- s.CreateGatewaySessionWithin(ctx, fmt.Sprintf("token-%d", i), g, since, most)
				}()
			}
			wg.Wait()
			close(errs)
			stored, capped := 0, 0
			for err := range errs {
				switch {
				case err == nil:
					stored++
				case errors.Is(err, models.ErrSessionCap):
					capped++
				default:
					t.Fatal(err)
				}
			}
			if stored != most || capped != racers-most {
				t.Fatalf("%d racing initializes with a cap of %d: %d stored, %d refused", racers, most, stored, capped)
			}
			if n, err := a.LiveGatewaySessions(ctx, 7, "helper", since); err != nil || n != most {
				t.Fatalf("live sessions: %d (%v)", n, err)
			}
			// another agent of the same key has a cap of its own
			if err := b.CreateGatewaySessionWithin(ctx, "token-other", &models.GatewaySession{KeyID: 7, Agent: "other", Profile: "gw", Run: "mcp-cap-other"}, since, most); err != nil {
				t.Fatal(err)
			}
		})
	}
}
