package catalog_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
)

// TestRankingDump writes every tuning-pool case's rankings (product
// index, Universe views, IndexEntries of a sub-roster; the fit of the
// product's top hit) to the file RANKING_DUMP names: run it on two commits and
// compare the files (cmp) to prove a speed change ranks exactly as before.
func TestRankingDump(t *testing.T) {
	out := os.Getenv("RANKING_DUMP")
	if out == "" {
		t.Skip("RANKING_DUMP=file writes the rankings")
	}
	own := catalogtest.SearchUniverse(t)
	sel := filepath.Dir(catalogtest.SelectionCasesPath())
	type set struct {
		name, path string
		u          []catalog.Contract
	}
	sets := []set{
		{"selection", catalogtest.SelectionCasesPath(), own},
		{"blind1", testdataPath("blind_cases.yaml"), own},
		{"blind2", blind2CasesPath(), own},
		{"blind3", blind3CasesPath(), own},
		{"tuning+", filepath.Join(sel, "misleading_tuning.yaml"), own},
		{"probe", filepath.Join(sel, "probe_tuning.yaml"), own},
		{"train5", train5CasesPath(), own},
		{"blind5", testdataPath(filepath.Join("blind5", "builtin_github.yaml")), own},
		{"other", otherCasesPath(), nil},
		{"other2", other2CasesPath(), nil},
		{"blind6", testdataPath(filepath.Join("blind6", "servers.cases.yaml")), nil},
	}
	for _, dir := range []string{"blind7", "blind8", "blind9", "blind10"} {
		files, _ := filepath.Glob(testdataPath(filepath.Join(dir, "*.cases.yaml")))
		for _, p := range files {
			u, _, _ := blind7Universe(t, p)
			sets = append(sets, set{dir + "/" + filepath.Base(p), p, u})
		}
	}
	var b strings.Builder
	for _, s := range sets {
		suite := loadSuite(t, s.path)
		u := s.u
		if u == nil {
			u = headerUniverse(t, s.path)
		}
		ix := catalog.NewIndex(u)
		fit := catalog.NewFit(u)
		var views []*catalog.Index
		if cat, err := catalog.New(u); err == nil {
			es := cat.Entries()
			uni := catalog.NewUniverse(es)
			if v, ok := uni.Roster(es); ok {
				views = append(views, v)
			}
			var sub []*catalog.Entry
			for i, e := range es {
				if i%3 != 1 {
					sub = append(sub, e)
				}
			}
			if v, ok := uni.Roster(sub); ok {
				views = append(views, v)
			}
			views = append(views, catalog.IndexEntries(sub))
		}
		for _, c := range suite.Cases {
			fmt.Fprintf(&b, "%s %q\n  P", s.name, c.Task)
			for _, h := range ix.Search(c.Task, 25) {
				fmt.Fprintf(&b, " %s:%v", h.ID, h.Score)
			}
			for i, v := range views {
				fmt.Fprintf(&b, "\n  V%d", i)
				for _, h := range v.Search(c.Task, 25) {
					fmt.Fprintf(&b, " %s:%v", h.ID, h.Score)
				}
			}
			b.WriteString("\n  F")
			if hs := ix.SearchIDs(c.Task, 1); len(hs) > 0 {
				fmt.Fprintf(&b, " %s:%v:%v", hs[0], fit.Matched(c.Task, hs[0]), fit.Threshold())
			}
			b.WriteString("\n")
		}
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
