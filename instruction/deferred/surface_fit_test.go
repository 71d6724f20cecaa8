package deferred

import (
	"testing"

	"github.com/agentforge/console/catalog"
)

// A search answers only the hits that fit the query (catalog.Answer):
// fewer than the limit when the rest carry too little of the task's
// words, and none — "nothing fits" — for a task no tool serves, instead
// of loading the roster's best-scoring tools whatever they do. Before,
// every search loaded its limit of hits while any tool shared a word
// with the task.
func TestSearchAnswersOnlyToolsThatFit(t *testing.T) {
	s := builtinSurface(t, roster, nil)
	ix, fit := s.searchIx.get(s.searchable)
	for _, q := range []string{"what is the capital of Australia", "tell me a joke"} {
		hits, err := s.Search(q, 5, DefaultCeilings())
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) != 0 {
			t.Errorf("%q: %d hits, want none (nothing fits); the index ranks %v", q, len(hits), ix.SearchIDs(q, 5))
		}
	}
	q := "draw a bar chart of revenue by quarter"
	hits, err := s.Search(q, 5, DefaultCeilings())
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) == 0 || hits[0].ID != "render_chart" {
		t.Fatalf("%q: hits %v, want render_chart first", q, hits)
	}
	ranked := ix.SearchIDs(q, catalog.MaxSearchLimit)
	if len(hits) >= min(5, len(ranked)) {
		t.Errorf("%q: %d hits of %d ranked, want fewer: the rest do not fit", q, len(hits), len(ranked))
	}
	task := fit.Task(q)
	for _, id := range ranked {
		answered := false
		for _, h := range hits {
			answered = answered || h.ID == id
		}
		if fits := task.Matched(id) >= fit.Threshold(); fits != answered {
			t.Errorf("%q: %s fits %v, answered %v", q, id, fits, answered)
		}
	}
}
