package web

import (
	"testing"

	"github.com/agentforge/console/instruction/eval"
)

// TestAMissWithAlternativesNamesThemAll: "a|b" missed names both, and
// where the best placed of them stands; a single tool reads as before.
func TestAMissWithAlternativesNamesThemAll(t *testing.T) {
	m := missOf("what do we know about Bob", eval.ToolResult{Expect: "memory.open_nodes|memory.search_nodes", Tool: "memory.search_nodes", Where: eval.Search, Rank: 7}, 5)
	if m.Tool != "memory.open_nodes | memory.search_nodes" || m.Where != "(either would do): the best placed, memory.search_nodes, ranks 7 in search (top 5 counts)" {
		t.Errorf("miss with alternatives: %+v", m)
	}
	m = missOf("read it", eval.ToolResult{Expect: "read_file", Tool: "read_file", Where: eval.Search}, 5)
	if m.Tool != "read_file" || m.Where != "is not in search's top 5" {
		t.Errorf("single miss: %+v", m)
	}
}
