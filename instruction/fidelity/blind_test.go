package fidelity_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestBlindLeakCorpora reports, for every corpus in testdata/blind
// (written and labelled by someone who never read the checker), the
// check's precision, recall and recall per kind. It asserts no level: the
// first measurement of each corpus is recorded in testdata/blind/RESULTS.md.
//
//	go test ./instruction/fidelity -run TestBlindLeakCorpora -v
//
// FIDELITY_BLIND_DIR names another directory of blind corpora (a later
// round, measured once when it lands), or several separated by commas,
// whose items are then also scored together ("pooled"):
//
//	FIDELITY_HOLDOUT=held FIDELITY_BLIND_DIR=testdata/blind7,testdata/blind8 \
//	  go test ./instruction/fidelity -run TestBlindLeakCorpora -count=1 -v
func TestBlindLeakCorpora(t *testing.T) {
	dirs := []string{"testdata/blind"}
	if d := os.Getenv("FIDELITY_BLIND_DIR"); d != "" {
		dirs = strings.Split(d, ",")
	}
	pooled := corpusScore{byKind: map[string]*score{}}
	items, measured := 0, 0
	for _, dir := range dirs {
		corpora := loadLeakCorpora(t, filepath.Join(strings.TrimSpace(dir), "*.json"))
		var names []string
		for n := range corpora {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			c := corpora[n]
			s := measureCorpus(t, c)
			s.report(t, n+" ("+c.Corpus+")", len(c.Items))
			pooled.merge(s)
			items += len(c.Items)
			measured++
		}
	}
	if measured == 0 {
		t.Skip("no blind corpus in " + strings.Join(dirs, ", "))
	}
	if measured > 1 {
		pooled.misses, pooled.refused, pooled.unlocated = nil, nil, nil
		pooled.report(t, fmt.Sprintf("pooled, %d corpora, holdout %q", measured, os.Getenv("FIDELITY_HOLDOUT")), items)
	}
}

// TestCapabilityTuningCorpus holds the check to its level on the corpus it
// is tuned on (testdata/tuning): precision ≥ 0.95, recall ≥ 0.90, and
// recall ≥ 0.80 on every kind of leak.
func TestCapabilityTuningCorpus(t *testing.T) {
	corpora := loadLeakCorpora(t, "testdata/tuning/*.json")
	if len(corpora) == 0 {
		t.Fatal("no tuning corpus in testdata/tuning")
	}
	for n, c := range corpora {
		if len(c.Items) < 60 {
			t.Errorf("%s: %d items, want at least 60", n, len(c.Items))
		}
		s := measureCorpus(t, c)
		s.report(t, n, len(c.Items))
		if s.all.precision() < 0.95 || s.all.recall() < 0.90 {
			t.Errorf("%s: %s; want precision ≥ 0.95 and recall ≥ 0.90", n, s.all)
		}
		for k, ks := range s.byKind {
			if ks.tp+ks.fn > 0 && ks.recall() < 0.80 {
				t.Errorf("%s: kind %s recall %.3f, want ≥ 0.80", n, k, ks.recall())
			}
		}
	}
}
