package catalog_test

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction/eval"
)

// TestStagedTune prints the search's figures (SEARCH_TUNE=bm25: plain
// BM25's) per group of the
// tuning pool (the project's own sets, blind5–6, blind7–18), and
// with SEARCH_TUNE_MISSES=1 each top-1 miss of the tuned part of blind7–18
// (SEARCH_TUNE_MISSES=recall: each expected tool not in the top k): the
// search tuning loop. Each group's line ends with the share of
// top-k slots held by built-in tools two ways, over the slots the search
// filled and over k per case (a ranking that returns fewer than k hits
// shrinks the first figure's denominator, not the second's), and the
// share of expected answers that are built-in, which the bar
// compares the slots with, per set: the line counts the group's sets
// whose share of filled slots is more than 10 points over it; then the
// fairer figure beside that bar, the built-in share of each case's first
// slots up to its number of expected tools. The blind7–18 sets are split by set
// (heldOutBlindSets): group hold718 is a held-out third whose misses are
// never printed, group tune718 the rest. Each blind round's tuned and
// held-out parts are also printed on their own (ROUND lines).
// SEARCH_TUNE_SKIPHELD=1 leaves both held-out groups out: a tuning run
// that does not look at them.
func TestStagedTune(t *testing.T) {
	mode := os.Getenv("SEARCH_TUNE")
	if mode == "" {
		t.Skip("SEARCH_TUNE=1 (or misses) prints the tuning figures")
	}
	for _, kv := range strings.Split(os.Getenv("SEARCH_KNOBS"), ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		x, _ := strconv.ParseFloat(v, 64)
		if k == "lexiconoff" {
			catalog.SetLexiconOff(x != 0)
			defer catalog.SetLexiconOff(false)
			continue
		}
		if !catalog.SetSearchKnob(k, x) {
			t.Fatalf("unknown knob %s", k)
		}
	}
	own := catalogtest.SearchUniverse(t)
	sel := filepath.Dir(catalogtest.SelectionCasesPath())
	type set struct {
		group, name, path string
		u                 []catalog.Contract
	}
	sets := []set{
		{"held", "selection", catalogtest.SelectionCasesPath(), own},
		{"seltun", "selection-tuning", catalogtest.SelectionCasesPath(), own},
		{"own", "blind1", testdataPath("blind_cases.yaml"), own},
		{"own", "blind2", blind2CasesPath(), own},
		{"own", "blind3", blind3CasesPath(), own},
		{"own", "tuning+", filepath.Join(sel, "misleading_tuning.yaml"), own},
		{"own", "probe", filepath.Join(sel, "probe_tuning.yaml"), own},
		{"own", "train5", train5CasesPath(), own},
		{"b56", "blind5", testdataPath(filepath.Join("blind5", "builtin_github.yaml")), own},
		{"b56", "other", otherCasesPath(), nil},
		{"b56", "other2", other2CasesPath(), nil},
		{"b56", "blind6", testdataPath(filepath.Join("blind6", "servers.cases.yaml")), nil},
	}
	var blind []set
	for _, dir := range append(slices.Clone(tuneRounds), tuneOnlyRounds...) {
		files, _ := filepath.Glob(testdataPath(filepath.Join(dir, "*.cases.yaml")))
		for _, p := range files {
			u, _, _ := blind7Universe(t, p)
			blind = append(blind, set{dir, strings.TrimSuffix(filepath.Base(p), ".cases.yaml"), p, u})
		}
	}
	held := heldOutBlindSets(slices.DeleteFunc(slices.Clone(blind), func(s set) bool { return slices.Contains(tuneOnlyRounds, s.group) }), func(s set) string { return s.group + "/" + s.name })
	t.Logf("held out: %v", slices.Sorted(maps.Keys(held)))
	for _, s := range blind {
		if slices.Contains(tuneOnlyRounds, s.group) {
			s.group = "tune" + strings.TrimPrefix(s.group, "blind")
		} else if held[s.group+"/"+s.name] {
			s.group = "hold718"
		} else {
			s.group = "tune718"
		}
		sets = append(sets, s)
	}
	groups := map[string]*[2]figures{}
	share := map[string]*[7]int{} // see builtinShare
	// sets, and sets whose built-in share of filled slots is over 10
	// points above their share of expected answers (the bar)
	inGroup, overShare := map[string]int{}, map[string]int{}
	order := []string{}
	rounds, roundShare, roundOrder := map[string]*figures{}, map[string]*[7]int{}, []string{}
	only := os.Getenv("SEARCH_TUNE_ONLY")
	for _, s := range sets {
		if only != "" && !strings.Contains(s.path, only) {
			continue
		}
		if os.Getenv("SEARCH_TUNE_SKIPHELD") != "" && (s.group == "held" || s.group == "hold718") {
			continue
		}
		suite := loadSuite(t, s.path)
		u := s.u
		if u == nil {
			u = headerUniverse(t, s.path)
		}
		cases := suite.Cases
		if s.name == "selection" || s.name == "selection-tuning" {
			cases = nil
			for _, c := range suite.Cases {
				if c.HeldOut == (s.group == "held") {
					cases = append(cases, c)
				}
			}
		}
		rankers := []rankedBy{currentRanking(u)}
		if mode == "bm25" {
			rankers[0] = bm25Ranking(u)
		}
		g := groups[s.group]
		if g == nil {
			g = &[2]figures{}
			groups[s.group] = g
			order = append(order, s.group)
		}
		for i, r := range rankers {
			f := figuresOf(cases, suite.K, r)
			if i == 0 {
				sh := share[s.group]
				if sh == nil {
					sh = &[7]int{}
					share[s.group] = sh
				}
				add := builtinShare(cases, suite.K, r)
				inGroup[s.group]++
				if ratio(add[0], add[1])-ratio(add[3], add[4]) > 0.10 {
					overShare[s.group]++
				}
				for j := range add {
					sh[j] += add[j]
				}
				if s.group == "hold718" || s.group == "tune718" {
					// the round's held-out or tuned part
					round := filepath.Base(filepath.Dir(s.path)) + "/" + strings.TrimSuffix(s.group, "718")
					if rounds[round] == nil {
						rounds[round], roundShare[round] = &figures{}, &[7]int{}
						roundOrder = append(roundOrder, round)
					}
					*rounds[round] = addFigures(*rounds[round], f)
					for j := range add {
						roundShare[round][j] += add[j]
					}
				}
			}
			g[i] = addFigures(g[i], f)
			if i == 0 {
				t.Logf("%-22s %s", s.name, f)
			}
		}
		if os.Getenv("SEARCH_TUNE_MISSES") != "" && (os.Getenv("SEARCH_TUNE_ALL") != "" || s.group == "tune718" || slices.Contains(tuneOnlyRounds, "blind"+strings.TrimPrefix(s.group, "tune"))) {
			r := rankers[0]
			b := bm25Ranking(u)
			for _, c := range cases {
				if len(c.Expect) == 0 {
					continue
				}
				ids, _ := r(c.Task)
				if os.Getenv("SEARCH_TUNE_MISSES") == "vsbm25" {
					// the first places where the ranking and plain BM25 part
					bids, _ := b(c.Task)
					ours, theirs := len(ids) > 0 && expects(c, ids[0]), len(bids) > 0 && expects(c, bids[0])
					if ours != theirs {
						fmt.Printf("%s %s m=%v %q want %v got %v bm25 %v\n", map[bool]string{true: "WIN", false: "LOSE"}[ours],
							s.name, c.Misleading, c.Task, c.Expect, first(ids, 3), first(bids, 3))
					}
					continue
				}
				if os.Getenv("SEARCH_TUNE_MISSES") == "recall" {
					top := ids
					if len(top) > suite.K {
						top = top[:suite.K]
					}
					for _, e := range c.Expect {
						if !slices.ContainsFunc(eval.Alternatives(e), func(id string) bool { return slices.Contains(top, id) }) {
							fmt.Printf("LOST %s %q want %s got %v\n", s.name, c.Task, e, top)
						}
					}
					continue
				}
				if len(ids) > 0 && expects(c, ids[0]) {
					continue
				}
				rank := 0
				for i, id := range ids {
					if expects(c, id) {
						rank = i + 1
						break
					}
				}
				top := ids
				if len(top) > 3 {
					top = top[:3]
				}
				fmt.Printf("MISS %s r=%d %q want %v got %v\n", s.name, rank, c.Task, c.Expect, top)
			}
		}
	}
	for _, g := range order {
		sh := share[g]
		t.Logf("GROUP %-7s %s  %s built-in top-5 share %.3f of filled (%d/%d), %.3f of k slots (/%d); of expected %.3f; sets over it by >10 points %d/%d; built-in share of the first slots up to the expected count %.3f (%d/%d)",
			g, mode, groups[g][0], ratio(sh[0], sh[1]), sh[0], sh[1], ratio(sh[0], sh[2]), sh[2], ratio(sh[3], sh[4]), overShare[g], inGroup[g], ratio(sh[5], sh[6]), sh[5], sh[6])
	}
	for _, r := range roundOrder {
		sh := roundShare[r]
		t.Logf("ROUND %-14s %s  built-in top-5 share %.3f of k slots; of expected %.3f; of the first slots up to the expected count %.3f", r, *rounds[r], ratio(sh[0], sh[2]), ratio(sh[3], sh[4]), ratio(sh[5], sh[6]))
	}
}

// tuneRounds are the blind rounds of TestStagedTune's pool: each set's
// first measurement is recorded in its RESULTS.md.
var tuneRounds = []string{"blind7", "blind8", "blind9", "blind10", "blind11", "blind12", "blind13", "blind14", "blind15", "blind16", "blind17", "blind18"}

// tuneOnlyRounds are blind rounds measured once and then tuned on, kept
// out of tuneRounds so that the held-out split stays where it was: each
// round's sets form a group of their own (blind19: tune19) and are never
// held out.
var tuneOnlyRounds = []string{"blind19", "blind20", "blind21", "blind22", "blind23", "blind24", "blind25", "blind26", "blind27", "blind28", "blind29", "blind30", "blind31", "blind32"}

// builtinShare counts, over the cases, the built-in tools in the ranking's
// top-k slots, the slots it filled, k per case, the built-in expected
// entries and all expected entries; then the built-in tools in the
// first slots up to the number of expected entries (at most k) and
// those slots. The last two are the fairer figure beside the bar: a
// case expecting one tool leaves four of its five slots to tools it
// never asked for, and when a set's servers have a handful of tools the
// built-in ones fill them whatever the ranking.
func builtinShare(cases []eval.Case, k int, r rankedBy) (sh [7]int) {
	for _, c := range cases {
		ids, _ := r(c.Task)
		sh[2] += k
		for _, e := range c.Expect {
			sh[4]++
			if !strings.Contains(eval.Alternatives(e)[0], ".") {
				sh[3]++
			}
		}
		first := min(k, len(c.Expect))
		sh[6] += first
		for j, id := range ids {
			if j == k {
				break
			}
			sh[1]++
			if !strings.Contains(id, ".") {
				sh[0]++
				if j < first {
					sh[5]++
				}
			}
		}
	}
	return sh
}

func addFigures(p, f figures) figures {
	p.found, p.expected, p.top1, p.withExpect = p.found+f.found, p.expected+f.expected, p.top1+f.top1, p.withExpect+f.withExpect
	p.top1m, p.misleading, p.quiet, p.noTool, p.silenced = p.top1m+f.top1m, p.misleading+f.misleading, p.quiet+f.quiet, p.noTool+f.noTool, p.silenced+f.silenced
	return p
}

// heldOutBlindSets picks a third of the blind7–18 sets (rounded down) as
// held out, by set: the sets whose FNV-1a hash of a fixed seed string +
// key (round/set) is lowest. The seed string is fixed, so the split is
// the same on every run and does not depend on any figure.
func heldOutBlindSets[S any](sets []S, key func(S) string) map[string]bool {
	keys := make([]string, len(sets))
	for i, s := range sets {
		keys[i] = key(s)
	}
	hash := func(k string) uint32 {
		h := fnv.New32a()
		h.Write([]byte("issue23-holdout/" + k))
		return h.Sum32()
	}
	slices.SortFunc(keys, func(a, b string) int { return cmp.Compare(hash(a), hash(b)) })
	held := map[string]bool{}
	for _, k := range keys[:len(keys)/3] {
		held[k] = true
	}
	return held
}
