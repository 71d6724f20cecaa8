package catalog

import (
	"fmt"
	"testing"
)

// Every clause of a task is ranked on its own, also when a reading of an
// earlier clause adds a word to it (the "create" of "leave a comment
// in config.yaml", the "calculate" of a sum, the "notify" of "tell me when
// …"): those words come last in the terms, with their clause's number, and
// must not hide the clauses after it. Here the second clause's tool ranks
// below every tool of the first in the whole ranking, and leads its own.
func TestEveryClauseIsRankedWhateverTheReadingsAdd(t *testing.T) {
	var roster []Contract
	for i := 0; i < 4; i++ {
		roster = append(roster, Contract{ID: fmt.Sprintf("edit_yaml_file_%d", i), Title: "Edit YAML config file",
			Purpose: "Puts a comment in a YAML config file or edits its lines.", Class: ClassWorkspace, Effects: EffectsWorkspaceWrite, Version: "1"})
	}
	roster = append(roster, Contract{ID: "send_message", Title: "Send message", Purpose: "Notifies a team.",
		Class: ClassWorkspace, Effects: EffectsWorkspaceWrite, Version: "1"})
	for i := 0; i < 20; i++ {
		roster = append(roster, Contract{ID: fmt.Sprintf("weather_%d", i), Title: "Weather", Purpose: "Tells the weather of a city.",
			Class: ClassWorkspace, Effects: EffectsReadOnly, Version: "1"})
	}
	ix := NewIndex(roster)
	q := "leave a comment in config.yaml and notify the team"
	terms := parseTask(q)
	if last := terms[len(terms)-1]; !last.implied || last.clause != 0 {
		t.Fatalf("the last term %+v is no word the first clause's reading adds; the test needs one", last)
	}
	if whole := ix.rank(terms, 5); len(whole) != 5 || ix.tools[whole[4].doc].id != "send_message" {
		t.Fatalf("whole ranking %v: want send_message below every edit tool; the test needs it", whole)
	}
	if hits := ix.Search(q, 2); len(hits) != 2 || hits[1].ID != "send_message" {
		t.Errorf("top 2 %v, want send_message second (its clause's best)", hits)
	}
}
