package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestRevocationAcrossReplicas: two consoles (separate connection pools,
// separate in-memory state) on one Postgres, 32 connections checking
// contractors' calls on both; an admin removes the grant on replica A.
// Every check sent after the revoking transaction committed is denied,
// on either replica: no cache answers allow after a revocation.
func TestRevocationAcrossReplicas(t *testing.T) {
	ctx := context.Background()
	storeA, storeB := twoReplicaStores(t)
	quiet := Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), APIRate: 1000000}
	var replicas []*httptest.Server
	for _, st := range []*models.Store{storeA, storeB} {
		srv := httptest.NewServer(New(st, sharedMeter, quiet).Handler())
		defer srv.Close()
		replicas = append(replicas, srv)
	}
	key, _, err := storeA.CreateScopedAPIKey(ctx, "test", "load", models.ScopeRuntime)
	if err != nil {
		t.Fatal(err)
	}
	tools := []string{"sql_query", "load_table", "describe_table", "read_spreadsheet", "compute_statistics"}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: time.Minute}
	check := func(replica, i int) (allow bool, err error) {
		body, _ := json.Marshal(map[string]any{"agent": "analyst", "tool": tools[i%len(tools)], "subject": map[string]any{"id": fmt.Sprintf("c%d", i), "groups": []string{"contractors"}}})
		req, _ := http.NewRequest("POST", replicas[replica].URL+"/api/v1/authorize", bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+key)
		res, err := client.Do(req)
		if err != nil {
			return false, err
		}
		defer res.Body.Close()
		var d decisionJSON
		if err := json.NewDecoder(res.Body).Decode(&d); err != nil || res.StatusCode != 200 {
			return false, fmt.Errorf("status %d: %v", res.StatusCode, err)
		}
		return d.Decision == "allow", nil
	}
	type result struct {
		sent  time.Time
		allow bool
	}
	var (
		mu      sync.Mutex
		results []result
		errs    int
		wg      sync.WaitGroup
	)
	stop := make(chan struct{})
	for w := 0; w < 32; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; ; i += 32 {
				select {
				case <-stop:
					return
				default:
				}
				sent := time.Now()
				allow, err := check(i%2, i)
				mu.Lock()
				if err != nil {
					errs++
				} else {
					results = append(results, result{sent, allow})
				}
				mu.Unlock()
			}
		}(w)
	}
	// the load straddles the revocation by counts, not by a fixed time that
	// a loaded machine may fill with nothing
	waitFor := func(what string, enough func(r []result) bool) {
		t.Helper()
		for deadline := time.Now().Add(2 * time.Minute); ; {
			mu.Lock()
			ok, n, e := enough(results), len(results), errs
			mu.Unlock()
			if ok {
				return
			}
			if time.Now().After(deadline) || e > 0 {
				close(stop)
				wg.Wait()
				t.Fatalf("waiting for %s: %d checks, %d errors", what, n, e)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitFor("64 checks, some allowed, before the revocation", func(r []result) bool {
		allowed := 0
		for _, x := range r {
			if x.allow {
				allowed++
			}
		}
		return len(r) >= 64 && allowed > 0
	})
	if _, err := storeA.ChangeGrants(ctx, "admin", "contractors", false, []models.GrantSpec{{Kind: "effects", Value: "read-only"}}, nil); err != nil {
		t.Fatal(err)
	}
	committed := time.Now()
	// the very next check, on the other replica
	if allow, err := check(1, 7); err != nil || allow {
		t.Errorf("the next check on replica B after the revocation: allow=%v err=%v", allow, err)
	}
	waitFor("64 checks sent after the revocation", func(r []result) bool {
		after := 0
		for _, x := range r {
			if x.sent.After(committed) {
				after++
			}
		}
		return after >= 64
	})
	close(stop)
	wg.Wait()
	before, after, lateAllows := 0, 0, 0
	for _, r := range results {
		if r.sent.After(committed) {
			after++
			if r.allow {
				lateAllows++
			}
		} else if r.allow {
			before++
		}
	}
	t.Logf("%d checks on 2 replicas: %d allowed before the revocation committed, %d sent after it, %d of those allowed, %d errors", len(results), before, after, lateAllows, errs)
	if before == 0 || after == 0 {
		t.Fatalf("the load did not straddle the revocation (before %d, after %d)", before, after)
	}
	if lateAllows != 0 || errs != 0 {
		t.Errorf("%d allows after the revocation committed, %d errors; want 0 and 0", lateAllows, errs)
	}
}

// twoReplicaStores opens a bootstrapped Postgres database twice: two
// connection pools with their own in-memory state, as two consoles have.
func twoReplicaStores(t *testing.T) (a, b *models.Store) {
	t.Helper()
	url := modelstest.RequirePostgres(t)
	ctx := context.Background()
	a, dsn := modelstest.OpenURL(t, modelstest.Dialect{Name: models.DialectPostgres, URL: url})
	if _, err := a.Bootstrap(ctx, adminPassword, runtime.SeedTotals(sharedMeter)); err != nil {
		t.Fatal(err)
	}
	b, err := models.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return a, b
}
