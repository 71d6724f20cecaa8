package catalog_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction/eval"
)

// figures are one ranking's totals on one case set: recall@k over
// expected tools, top-1 over cases with an expected tool, top-1 over
// misleading cases, and no-tool cases the threshold answered "nothing
// fits" for (only for a ranking that has a threshold).
type figures struct {
	found, expected   int
	top1, withExpect  int
	top1m, misleading int
	quiet, noTool     int
	// silenced are cases with an expected tool answered "nothing fits"
	silenced int
}

func (f figures) String() string {
	s := fmt.Sprintf("recall@5 %.3f (%d/%d) top-1 %.3f (%d/%d) misleading top-1 %.3f (%d/%d)",
		ratio(f.found, f.expected), f.found, f.expected, ratio(f.top1, f.withExpect), f.top1, f.withExpect,
		ratio(f.top1m, f.misleading), f.top1m, f.misleading)
	if f.noTool > 0 {
		s += fmt.Sprintf(" nothing-fits %d/%d silenced %d/%d", f.quiet, f.noTool, f.silenced, f.withExpect)
	}
	return s
}

// rankedBy ranks a task; fits is nil for a ranking without a threshold.
type rankedBy func(task string) (ids []string, fits *bool)

func figuresOf(cases []eval.Case, k int, rank rankedBy) figures {
	var f figures
	for _, c := range cases {
		ids, fits := rank(c.Task)
		if len(c.Expect) == 0 {
			if fits != nil {
				f.noTool++
				if !*fits {
					f.quiet++
				}
			}
			continue
		}
		pos := map[string]int{}
		for i, id := range ids {
			pos[id] = i + 1
		}
		for _, e := range c.Expect {
			f.expected++
			for _, id := range eval.Alternatives(e) {
				if p := pos[id]; p > 0 && p <= k {
					f.found++
					break
				}
			}
		}
		f.withExpect++
		if fits != nil && !*fits {
			f.silenced++
		}
		top := len(ids) > 0 && expects(c, ids[0])
		if top {
			f.top1++
		}
		if c.IsMisleading() {
			f.misleading++
			if top {
				f.top1m++
			}
		}
	}
	return f
}

// currentRanking is the product's search answer: its hits that fit
// (catalog.Answer), as search_tools and console eval answer; none is
// "nothing fits".
func currentRanking(u []catalog.Contract) rankedBy {
	ix, fit := catalog.NewIndex(u), catalog.NewFit(u)
	return func(q string) ([]string, *bool) {
		var ids []string
		for _, h := range catalog.Answer(ix, fit, q, catalog.MaxSearchLimit, nil) {
			ids = append(ids, h.ID)
		}
		fits := len(ids) > 0
		return ids, &fits
	}
}

func bm25Ranking(u []catalog.Contract) rankedBy {
	r := newBM25(u).rank
	return func(q string) ([]string, *bool) { return r(q, catalog.MaxSearchLimit), nil }
}

// TestSearchFigures prints, per case set the project has, the current
// ranking (catalog.Search) and plain BM25. Blind sets show totals only.
// No bar: figures to compare.
func TestSearchFigures(t *testing.T) {
	if !testing.Verbose() {
		t.Skip("figures only (-v)")
	}
	own := catalogtest.SearchUniverse(t)
	sets := []struct {
		name     string
		path     string
		universe []catalog.Contract
		heldOut  *bool
	}{
		{"held-out", catalogtest.SelectionCasesPath(), own, ptr(true)},
		{"tuning", catalogtest.SelectionCasesPath(), own, ptr(false)},
		{"blind1", testdataPath("blind_cases.yaml"), own, nil},
		{"blind2", blind2CasesPath(), own, nil},
		{"blind3", blind3CasesPath(), own, nil},
		{"blind5", testdataPath(filepath.Join("blind5", "builtin_github.yaml")), own, nil},
		{"tuning+", filepath.Join(filepath.Dir(catalogtest.SelectionCasesPath()), "misleading_tuning.yaml"), own, nil},
		{"probe", filepath.Join(filepath.Dir(catalogtest.SelectionCasesPath()), "probe_tuning.yaml"), own, nil},
		{"train5", train5CasesPath(), own, nil},
		{"other", otherCasesPath(), nil, nil},
		{"other2", other2CasesPath(), nil, nil},
		{"blind6", testdataPath(filepath.Join("blind6", "servers.cases.yaml")), nil, nil},
	}
	// the blind7 sets, measured once (testdata/blind7/RESULTS.md), are
	// tuning data since, over their catalogs and the built-in one
	b7, _ := filepath.Glob(testdataPath(filepath.Join("blind7", "*.cases.yaml")))
	// so are the blind8 sets since theirs (testdata/blind8/RESULTS.md)
	b8, _ := filepath.Glob(testdataPath(filepath.Join("blind8", "*.cases.yaml")))
	b7 = append(b7, b8...)
	for _, p := range b7 {
		u, _, _ := blind7Universe(t, p)
		name := "b7-" + filepath.Base(filepath.Dir(p)) + "-" + strings.TrimSuffix(filepath.Base(p), ".cases.yaml")
		sets = append(sets, struct {
			name     string
			path     string
			universe []catalog.Contract
			heldOut  *bool
		}{name, p, u, nil})
	}
	tuningSets := map[string]bool{"tuning": true, "blind1": true, "tuning+": true, "probe": true, "train5": true, "other": true}
	for _, p := range b7 {
		tuningSets["b7-"+filepath.Base(filepath.Dir(p))+"-"+strings.TrimSuffix(filepath.Base(p), ".cases.yaml")] = true
	}
	pool, b7pool := map[string]figures{}, map[string]figures{}
	for _, s := range sets {
		if _, err := os.Stat(s.path); err != nil {
			continue
		}
		suite := loadSuite(t, s.path)
		u := s.universe
		if u == nil {
			u = headerUniverse(t, s.path)
		}
		cases := suite.Cases
		if s.heldOut != nil {
			cases = nil
			for _, c := range suite.Cases {
				if c.HeldOut == *s.heldOut {
					cases = append(cases, c)
				}
			}
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%s (%d cases)\n", s.name, len(cases))
		for _, r := range []struct {
			name string
			rank rankedBy
		}{
			{"current", currentRanking(u)},
			{"bm25", bm25Ranking(u)},
		} {
			f := figuresOf(cases, suite.K, r.rank)
			fmt.Fprintf(&b, "  %-8s %s\n", r.name, f)
			if strings.HasPrefix(s.name, "b7-") {
				p := b7pool[r.name]
				p.found, p.expected, p.top1, p.withExpect = p.found+f.found, p.expected+f.expected, p.top1+f.top1, p.withExpect+f.withExpect
				p.top1m, p.misleading, p.quiet, p.noTool = p.top1m+f.top1m, p.misleading+f.misleading, p.quiet+f.quiet, p.noTool+f.noTool
				p.silenced += f.silenced
				b7pool[r.name] = p
			}
			if tuningSets[s.name] {
				p := pool[r.name]
				p.found, p.expected, p.top1, p.withExpect = p.found+f.found, p.expected+f.expected, p.top1+f.top1, p.withExpect+f.withExpect
				p.top1m, p.misleading, p.quiet, p.noTool = p.top1m+f.top1m, p.misleading+f.misleading, p.quiet+f.quiet, p.noTool+f.noTool
				p.silenced += f.silenced
				pool[r.name] = p
			}
		}
		t.Log(b.String())
	}
	for _, name := range []string{"current", "bm25"} {
		t.Logf("tuning pool %-8s %s", name, pool[name])
	}
	for _, name := range []string{"current", "bm25"} {
		t.Logf("blind7+8 pool %-8s %s", name, b7pool[name])
	}
}

func ptr[T any](v T) *T { return &v }
