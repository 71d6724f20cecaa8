package catalog_test

import (
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
)

// A roster searched through a Universe ranks exactly as an index of the
// roster alone: the same hits, order and scores, for every selection case,
// with one tool off (each field's average length, a word's idf and the
// words any tool uses change), a service off, random halves and the whole
// universe. A roster in another order, or with a tool the universe lacks,
// is refused.
func TestUniverseRostersSearchAsTheirOwnIndex(t *testing.T) {
	all := catalogtest.New(t, catalogtest.SearchUniverse(t)).Entries()
	u := catalog.NewUniverse(all)
	cases := append(loadSelectionCases(t).Cases, loadSuite(t, filepath.Join(filepath.Dir(catalogtest.SelectionCasesPath()), "train5_cases.yaml")).Cases...)
	r := rand.New(rand.NewPCG(23, 5))
	rosters := map[string][]*catalog.Entry{"all": all}
	for range 6 {
		i := r.IntN(len(all))
		rosters["without "+all[i].ID()] = slices.Delete(slices.Clone(all), i, i+1)
	}
	rosters["without github"] = slices.DeleteFunc(slices.Clone(all), func(e *catalog.Entry) bool { return strings.HasPrefix(e.ID(), "github.") })
	rosters["github only"] = slices.DeleteFunc(slices.Clone(all), func(e *catalog.Entry) bool { return !strings.HasPrefix(e.ID(), "github.") })
	for _, name := range []string{"half a", "half b", "half c"} {
		rosters[name] = slices.DeleteFunc(slices.Clone(all), func(*catalog.Entry) bool { return r.IntN(2) == 0 })
	}
	for name, roster := range rosters {
		ix, ok := u.Roster(roster)
		if !ok {
			t.Fatalf("%s: the universe does not serve it", name)
		}
		own := catalog.IndexEntries(roster)
		if ix.Len() != own.Len() {
			t.Errorf("%s: %d tools, want %d", name, ix.Len(), own.Len())
		}
		differ := 0
		for _, c := range cases {
			if got, want := ix.Search(c.Task, catalog.MaxSearchLimit), own.Search(c.Task, catalog.MaxSearchLimit); !reflect.DeepEqual(got, want) {
				if differ++; differ <= 3 {
					t.Errorf("%s: %q: through the universe %v, alone %v", name, c.Task, hitIDs(got), hitIDs(want))
				}
			}
		}
		if differ > 3 {
			t.Errorf("%s: %d of %d cases differ", name, differ, len(cases))
		}
	}
	rev := slices.Clone(all[:10])
	slices.Reverse(rev)
	if _, ok := u.Roster(rev); ok {
		t.Error("a roster in another order was served")
	}
	other := catalogtest.New(t, catalogtest.SearchUniverse(t)).Entries()
	if _, ok := u.Roster(other[:3]); ok {
		t.Error("a roster of entries the universe lacks was served")
	}
}

func hitIDs(hs []catalog.Hit) []string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = h.ID
	}
	return out
}
