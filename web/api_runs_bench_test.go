package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// runLoadHarness makes dev-helper declare the default catalog plus the
// 117 GitHub tools (imported and reviewed) and returns an API key.
func runLoadHarness(tb testing.TB) (*harness, string) {
	return runLoadHarnessOn(tb, sqliteOnly(tb))
}

// runLoadHarnessOn is runLoadHarness on h's database.
func runLoadHarnessOn(tb testing.TB, h *harness) (*harness, string) {
	ctx := context.Background()
	cs := catalogtest.GitHub(tb)
	if _, err := h.store.ApplyImport(ctx, "importer", models.SourceMCP, "github", cs, ""); err != nil {
		tb.Fatal(err)
	}
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	seen, _ := h.store.ToolDigests(ctx, ids)
	if _, err := h.store.ReviewTools(ctx, "reviewer", seen, models.ToolAvailable); err != nil {
		tb.Fatal(err)
	}
	snap, err := h.app.snapshot(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	var all []string
	for _, e := range snap.Available().Entries() {
		all = append(all, e.ID())
	}
	a, _ := h.store.AgentBySlug(ctx, "dev-helper")
	if _, err := h.store.UpdateAgent(ctx, "admin", "dev-helper", a.Version, models.AgentInput{Name: a.Name, Description: a.Description, Declared: all, Services: a.Services()}, snap.KnownTools()); err != nil {
		tb.Fatal(err)
	}
	return h, h.runtimeKey()
}

// BenchmarkRunStep is one deferred step as the server handles it (verify
// two receipt groups, reconstruct, compose, count, lint, encode) for an
// agent with the default catalog plus the GitHub service, each iteration
// a different run. cached: the runs' active sets recur, as a runtime's
// searches do, and the step cache answers; composed: the cache is emptied
// before every step, so each one composes, counts, checks and encodes
// afresh. Compare the two within one run.
func BenchmarkRunStep(b *testing.B) {
	benchRunStep(b, sqliteOnly(b))
}

// BenchmarkRunStepPostgres is BenchmarkRunStep on Postgres (skipped when
// none is configured), as the load runs serve steps; cpu-ns/op is this
// process's CPU a step (the database's is not in it).
func BenchmarkRunStepPostgres(b *testing.B) {
	benchRunStep(b, newHarness(b, modelstest.Dialect{Name: models.DialectPostgres, URL: modelstest.RequirePostgres(b)}))
}

func benchRunStep(b *testing.B, h *harness) {
	h, key := runLoadHarnessOn(b, h)
	handler := h.app.Handler()
	do := func(path string, body any) []byte {
		j, _ := json.Marshal(body)
		req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(j))
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
		}
		return rec.Body.Bytes()
	}
	const runs = 256
	receipts := make([][][]json.RawMessage, runs)
	for r := 0; r < runs; r++ {
		for step, q := range []string{"create an issue", "read a file"} {
			var out struct{ Receipt json.RawMessage }
			_ = json.Unmarshal(do(fmt.Sprintf("/api/v1/runs/bench-%d/search", r), map[string]any{"agent": "dev-helper", "query": q, "step": step}), &out)
			receipts[r] = append(receipts[r], []json.RawMessage{out.Receipt})
		}
	}
	// cached-32: 32 requests in flight, as the load runs send them, so the
	// evidence writer's batches and the generation reads are shared as
	// they are served (the bodies are encoded before the timer)
	b.Run("cached-32", func(b *testing.B) {
		bodies := make([][]byte, runs)
		for r := range bodies {
			bodies[r], _ = json.Marshal(map[string]any{"agent": "dev-helper", "receipts": receipts[r]})
		}
		var next, batches atomic.Int64
		w := h.app.evidence
		w.flush()
		save := w.save
		w.save = func(ctx context.Context, evs []models.RunEvent) error {
			batches.Add(1)
			return save(ctx, evs)
		}
		defer func() { w.flush(); w.save = save }()
		reads0 := h.app.gate.reads.Load()
		b.ReportAllocs()
		b.SetParallelism(16)
		b.ResetTimer()
		cpu0, ok := cpuNow()
		defer func() {
			reportCPU(b, cpu0, ok)
			b.ReportMetric(float64(h.app.gate.reads.Load()-reads0)/float64(b.N), "gen-reads/op")
			if n := batches.Load(); n > 0 {
				b.ReportMetric(float64(b.N)/float64(n), "steps/batch")
			}
		}()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				r := int(next.Add(1)) % runs
				req := httptest.NewRequest(http.MethodPost, fmt.Sprintf("/api/v1/runs/bench-%d/steps", r), bytes.NewReader(bodies[r]))
				req.Header.Set("Authorization", "Bearer "+key)
				req.Header.Set("Content-Type", "application/json")
				rec := httptest.NewRecorder()
				handler.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					b.Errorf("step: %d %s", rec.Code, rec.Body)
					return
				}
			}
		})
	})
	for _, mode := range []string{"cached", "composed"} {
		b.Run(mode, func(b *testing.B) {
			b.ReportAllocs()
			cpu0, ok := cpuNow()
			defer func() { reportCPU(b, cpu0, ok) }()
			for i := 0; i < b.N; i++ {
				if mode == "composed" {
					h.app.steps.mu.Lock()
					h.app.steps.m, h.app.steps.bytes = nil, 0
					h.app.steps.mu.Unlock()
				}
				r := i % runs
				do(fmt.Sprintf("/api/v1/runs/bench-%d/steps", r), map[string]any{"agent": "dev-helper", "receipts": receipts[r]})
			}
		})
	}
}
