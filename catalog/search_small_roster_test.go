package catalog_test

import (
	"os"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
)

// A roster of one small service whose every tool carries the words of
// its domain (a knowledge-graph memory server: "entities in the
// knowledge graph") is searched for those words: a word every tool of
// nine carries weighed next to nothing, so no hit fitted and the search
// answered "nothing fits" to the service's own vocabulary.
func TestASmallRosterFitsItsOwnVocabulary(t *testing.T) {
	data, err := os.ReadFile(testdataPath("published/modelcontextprotocol-server-memory@2026.8.31.tools.json"))
	if err != nil {
		t.Fatal(err)
	}
	cs, _ := importEach(data, "memory")
	roster := catalogtest.New(t, cs).Contracts()
	ix, fit := catalog.NewIndex(roster), catalog.NewFit(roster)
	for task, want := range map[string]string{"knowledge graph": "memory.read_graph", "show the graph": "memory.read_graph",
		"entity": "memory.create_entities", "remove an entity": "memory.delete_entities"} {
		if hits := catalog.Answer(ix, fit, task, 5, nil); len(hits) == 0 || hits[0].ID != want {
			t.Errorf("%q: got %v, want %s first", task, hitIDs(hits), want)
		}
	}
}
