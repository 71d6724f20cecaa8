package catalog_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestNoServiceBelowPlainBM25 holds the search to what plain lexical
// matching finds: on every blind set of the tuning pool
// (blind7–26), over each set's catalogs and the built-in tools, no
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
	for _, dir := range append(slices.Clone(tuneRounds), tuneOnlyRounds...) {
		fs, _ := filepath.Glob(testdataPath(filepath.Join(dir, "*.cases.yaml")))
		files = append(files, fs...)
	}
	if len(files) < 99 {
		t.Fatalf("%d blind sets in blind7–26, want 99", len(files))
	}
	seen := map[string]bool{}
	for _, p := range files {
		u, _, _ := blind7Universe(t, p)
		suite := loadSuite(t, p)
		base := blindFiguresOf(suite.Cases, suite.K, bm25Ranking(u))
		got := blindFiguresOf(suite.Cases, suite.K, currentRanking(u))
		for svc, n := range base.serviceFound {
			key := filepath.Base(filepath.Dir(p)) + "/" + strings.TrimSuffix(filepath.Base(p), ".cases.yaml") + " " + svc
			if known, ok := knownBelowBM25[key]; ok {
				seen[key] = true
				if g := [2]int{got.serviceFound[svc], n}; g != known {
					t.Errorf("%s: tasks found %d, plain BM25 %d; pinned %d and %d (update the pin with the reason)", key, g[0], g[1], known[0], known[1])
				}
				continue
			}
			if got.serviceFound[svc] < n-1 {
				t.Errorf("%s: tasks found %d/%d, plain BM25 %d", key, got.serviceFound[svc], got.serviceTasks[svc], n)
			}
		}
	}
	for key := range knownBelowBM25 {
		if !seen[key] {
			t.Errorf("%s: pinned below plain BM25 but not measured", key)
		}
	}
}

// knownBelowBM25 are the services whose tasks the search finds in the
// top 5 less often than plain BM25 by more than one task: each was there
// at its set's first measurement (the round's RESULTS.md) and has not
// closed since. The search's tasks found and BM25's are pinned so that no
// gap grows unseen and one closing is recorded. Tried against them and lost on the held-
// out part of the pool: place words that name no tool, seating BM25's best
// tool in the top 5. selenium_effect's sel lost one more task (38 → 37)
// when the search came to answer only hits that fit (catalog.Answer):
// its tool carried under the fit threshold of the task's word weight.
var knownBelowBM25 = map[string][2]int{
	"blind19/review_models built-in": {4, 6},
	"blind20/utils_maps globe":       {5, 7},
	"blind22/pcb_netlist net":        {26, 29},
	"blind25/selenium_effect sel":    {37, 40},
}
