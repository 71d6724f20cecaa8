package web

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// BenchmarkAPIComposeDistinct is POST /api/v1/compose with every body
// different (a random subset of the analyst's tools, tier, form and
// encoding), as the distinct load mode sends it.
func BenchmarkAPIComposeDistinct(b *testing.B) {
	benchComposeDistinct(b, sqliteOnly(b))
}

// BenchmarkAPIComposeDistinctPostgres is BenchmarkAPIComposeDistinct on
// Postgres (skipped when none is configured): the database the load runs
// use, its statements' client side in the figures.
func BenchmarkAPIComposeDistinctPostgres(b *testing.B) {
	benchComposeDistinct(b, newHarness(b, modelstest.Dialect{Name: models.DialectPostgres, URL: modelstest.RequirePostgres(b)}))
}

func benchComposeDistinct(b *testing.B, h *harness) {
	key := h.apiKey()
	handler := h.app.Handler()
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, ok := cpuNow()
	defer func() { reportCPU(b, cpu0, ok) }()
	for i := 0; i < b.N; i++ {
		req := httptest.NewRequest(http.MethodPost, "/api/v1/compose", bytes.NewReader(distinctComposeBody(i)))
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("%d %s", rec.Code, rec.Body)
		}
	}
}

// distinctComposeBody is the benchmarks' request i: a random subset of
// the analyst's declared tools, a tier, a catalog form and an encoding.
func distinctComposeBody(i int) []byte {
	declared := []string{"read_file", "list_files", "search_files", "read_spreadsheet", "extract_text", "exec", "sql_query", "compute_statistics", "evaluate_expression",
		"load_table", "save_table", "describe_table", "emit_artifact", "report_progress", "render_chart", "workspace_write", "edit_file", "ask_user"}
	tiers, forms, encs := []string{"full", "standard", "compact"}, []string{"full", "compact"}, []string{"o200k_base", "cl100k_base"}
	rng := rand.New(rand.NewPCG(uint64(i), 7))
	var tools []string
	for _, id := range declared {
		if rng.IntN(2) == 0 {
			tools = append(tools, id)
		}
	}
	body, _ := json.Marshal(map[string]any{"agent": "analyst", "tools": tools, "tier": tiers[rng.IntN(3)], "catalog_form": forms[rng.IntN(2)], "encoding": encs[rng.IntN(2)]})
	return body
}
