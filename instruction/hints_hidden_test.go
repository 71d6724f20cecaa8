package instruction_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
)

// TestSearchHintsNeverReachTheModel (the selection rules): a tool's search hints
// feed the search index only. With a unique marker among every tool's
// hints (the built-in catalog and the GitHub fixture), no composition —
// every tier, both catalog forms, plain and deferred, every tool
// activated — and no search hit carries any of them, while search does
// find each tool by its marker.
func TestSearchHintsNeverReachTheModel(t *testing.T) {
	cs := append(catalogtest.Builtin(t), catalogtest.GitHub(t)...)
	hints := map[string][]string{}
	var searchable []string
	for i, c := range cs {
		hints[c.ID] = append(append([]string(nil), c.SearchHints...), fmt.Sprintf("qzhintmarker%d", i))
		if !c.CodeOnly {
			searchable = append(searchable, c.ID)
		}
	}
	marked, err := catalog.ApplySearchHints(cs, hints)
	if err != nil {
		t.Fatal(err)
	}
	cat := catalogtest.New(t, marked)
	leaks := func(what, text string) {
		t.Helper()
		if i := strings.Index(text, "qzhintmarker"); i >= 0 {
			t.Errorf("%s shows a search hint: …%s…", what, text[max(0, i-60):min(len(text), i+40)])
		}
		for _, c := range cs {
			for _, h := range c.SearchHints {
				if len(h) > 12 && strings.Contains(text, h) && !strings.Contains(c.Purpose+c.Title+c.Returns, h) {
					// a longer original hint is as private as the marker,
					// unless the contract itself says the same words
					t.Errorf("%s shows %s's search hint %q", what, c.ID, h)
				}
			}
		}
	}
	for _, tier := range instruction.Tiers {
		for _, form := range forms {
			for _, deferred := range []bool{false, true} {
				in := instruction.Input{Roster: cat.Entries(), Services: []string{"github"}, Options: instruction.Options{Tier: tier, CatalogForm: form, Deferred: deferred}}
				if deferred {
					in.Activated = searchable[:min(len(searchable), 20)]
				}
				c := compose(t, in)
				what := fmt.Sprintf("composition (%s, %s, deferred=%v)", tier, form, deferred)
				leaks(what, c.Text())
				b, _ := json.Marshal(c)
				leaks(what+" JSON", string(b))
			}
		}
	}
	ix := catalog.IndexEntries(cat.Entries())
	for i, c := range cs {
		if c.CodeOnly {
			continue
		}
		hits := ix.Search(fmt.Sprintf("qzhintmarker%d", i), 5)
		if len(hits) == 0 || hits[0].ID != c.ID {
			t.Fatalf("search by %s's hint found %v: the hints are not indexed, so this test proves nothing", c.ID, hits)
		}
		b, _ := json.Marshal(hits)
		leaks("search hits", string(b))
	}
}
