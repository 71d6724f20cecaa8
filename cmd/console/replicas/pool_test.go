package replicas

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestTwoReplicasKeepToTheirConnectionBudget: two console processes with
// CONSOLE_DB_MAX_CONNS=4, each hit by 48 concurrent requests that reach
// the database, hold no more than 8 Postgres connections between them,
// during the burst and after it. Failed first: each pooled up to 40
// whatever the setting, and kept them idle for five minutes.
func TestTwoReplicasKeepToTheirConnectionBudget(t *testing.T) {
	const budget = 4
	pg := modelstest.RequirePostgres(t)
	ctx := context.Background()
	bin := consoleBinary(t)
	dsn, store := emptySchema(t, pg)
	// every Postgres connection of the replicas is named app (libpq's
	// variable, which the driver reads); the test's own are not
	app := "console-budget-" + models.RandomToken(4)
	env := append(os.Environ(), "DATABASE_URL="+dsn, "CONSOLE_ADMIN_PASSWORD="+adminPassword, "PGAPPNAME="+app, fmt.Sprintf("CONSOLE_DB_MAX_CONNS=%d", budget))
	var base [2]string
	for i := range base {
		base[i] = startBinary(t, bin, env, fmt.Sprintf("replica-%d", i)).base
	}
	held := func() int64 {
		n, err := store.Raw(ctx, "SELECT count(*) FROM pg_stat_activity WHERE application_name = ?", app)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: 30 * time.Second}
	for r := range base {
		for range 48 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					select {
					case <-stop:
						return
					default:
					}
					if res, err := client.Get(base[r] + "/readyz"); err == nil {
						res.Body.Close()
					}
				}
			}()
		}
	}
	most := int64(0)
	for end := time.Now().Add(3 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		most = max(most, held())
	}
	close(stop)
	wg.Wait()
	after := held()
	t.Logf("Postgres connections of two replicas with CONSOLE_DB_MAX_CONNS=%d: at most %d during a burst, %d after it", budget, most, after)
	if most > 2*budget || after > 2*budget {
		t.Errorf("two replicas held %d connections during the burst and %d after it, over their budget of %d", most, after, 2*budget)
	}
	if most == 0 {
		t.Error("no connection of the replicas was seen: the burst did not reach the database")
	}
}
