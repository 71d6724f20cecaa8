package catalog_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
)

// TestSearchForgetDeletes: asking a tool to forget something is asking
// it to delete what it stored ("forget this network", "forget what I told
// you"), so a memory server's delete tools answer "forget everything
// about Carol" first, over the server alone and among the built-in tools
// (it had no hit at all: no tool says "forget"). In "forget everything
// you stored about Mark" storing says which things, not what to do: the
// object is a pronoun and the clause after it, with its own subject,
// picks out what it means. A delete tool is first there too, and among
// the built-in tools alone no tool that writes leads (a write tool did:
// "stored" was read as the head of the object).
func TestSearchForgetDeletes(t *testing.T) {
	servers := headerUniverse(t, testdataPath("blind6/servers.cases.yaml"))
	var memory []catalog.Contract
	for _, c := range servers {
		if c.Namespace() == "memory" {
			memory = append(memory, c)
		}
	}
	rosters := map[string][]catalog.Contract{
		"memory server":              memory,
		"memory server and built-in": append(slices.Clone(memory), catalogtest.Builtin(t)...),
	}
	tasks := []string{"forget everything about Carol", "forget everything you stored about Mark", "forget what I saved about the Q3 offsite"}
	for name, roster := range rosters {
		for _, task := range tasks {
			ids := searchIDs(roster, task)
			if len(ids) == 0 || !strings.HasPrefix(ids[0], "memory.delete_") {
				t.Errorf("%s: %q ranks %v, want a delete tool first", name, task, ids)
			}
		}
	}
	builtin := catalogtest.Builtin(t)
	writes := map[string]bool{}
	for _, c := range builtin {
		if strings.Contains(string(c.Effects), "write") {
			writes[c.ID] = true
		}
	}
	for _, task := range tasks {
		if ids := searchIDs(builtin, task); len(ids) > 0 && writes[ids[0]] {
			t.Errorf("built-in: %q ranks %v, a tool that writes first", task, ids)
		}
	}
}

func searchIDs(roster []catalog.Contract, task string) []string {
	var ids []string
	for _, h := range catalog.Search(task, roster, 5) {
		ids = append(ids, h.ID)
	}
	return ids
}
