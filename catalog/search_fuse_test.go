package catalog_test

import (
	"path/filepath"
	"testing"
)

// TestNoServiceBelowPlainBM25 holds the search to what plain lexical
// matching finds: on every blind set of the tuning pool
// (blind7–16), over each set's catalogs and the built-in tools, no
// service's tasks are found in the top 5 less often than plain BM25
// finds them, by more than one task. Before the search fused its ranking
// with the task's own words (search_fuse.go) four services were: postgres
// and datadog (blind7), tavily and cloudflare (blind9). blind10's first
// measurement, after the fusion landed, had none; nor had blind11's or
// blind12's, blind13's, blind14's or blind15's. blind16's had one: its
// travel_time set's built-in tools (3 of 5 tasks, BM25 5), until the
// plain ranking read search hints as plain BM25 does.
func TestNoServiceBelowPlainBM25(t *testing.T) {
	var files []string
	for _, dir := range []string{"blind7", "blind8", "blind9", "blind10", "blind11", "blind12", "blind13", "blind14", "blind15", "blind16"} {
		fs, _ := filepath.Glob(testdataPath(filepath.Join(dir, "*.cases.yaml")))
		files = append(files, fs...)
	}
	if len(files) < 49 {
		t.Fatalf("%d blind sets in blind7–16, want 49", len(files))
	}
	for _, p := range files {
		u, _, _ := blind7Universe(t, p)
		suite := loadSuite(t, p)
		base := blindFiguresOf(suite.Cases, suite.K, bm25Ranking(u))
		got := blindFiguresOf(suite.Cases, suite.K, currentRanking(u))
		for svc, n := range base.serviceFound {
			if got.serviceFound[svc] < n-1 {
				t.Errorf("%s: %s tasks found %d/%d, plain BM25 %d", filepath.Base(p), svc, got.serviceFound[svc], got.serviceTasks[svc], n)
			}
		}
	}
}
