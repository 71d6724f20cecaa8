package catalog_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
)

// TestPronounNamesNoService: a service whose name is an ordinary word
// ("everything") is not what a task means when it uses the word in its
// ordinary sense ("forget everything you stored about Mark"): an
// indefinite pronoun says how much, never which service or tool.
func TestPronounNamesNoService(t *testing.T) {
	var all []catalog.Contract
	for ns, f := range map[string]string{"everything": "modelcontextprotocol-server-everything@2026.8.31", "memory": "modelcontextprotocol-server-memory@2026.8.31"} {
		data, err := os.ReadFile(testdataPath("published/" + f + ".tools.json"))
		if err != nil {
			t.Fatal(err)
		}
		cs, _ := importEach(data, ns)
		all = append(all, cs...)
	}
	u := append(catalogtest.Builtin(t), catalogtest.New(t, all).Contracts()...)
	r := currentRanking(u)
	for _, q := range []string{
		"forget everything you stored about Mark",
		"delete everything in the tmp folder",
		"is there anything in the knowledge graph about Acme?",
		"nothing should be left of the old notes, wipe them from memory",
	} {
		ids, _ := r(q)
		top := ids[:min(3, len(ids))]
		if i := slices.IndexFunc(top, func(id string) bool { return strings.HasPrefix(id, "everything.") }); i >= 0 {
			t.Errorf("%q: %s at %d, top %v", q, top[i], i+1, top)
		}
	}
}
