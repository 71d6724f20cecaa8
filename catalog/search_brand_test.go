package catalog

import "testing"

// TestSearchReadsATwoHumpNameOnce: a name written in two humps
// ("OmniFocus") counts once in a task, however a tool's text writes it.
// Read also as its humps, it counted three times for a tool whose
// description spells it in humps and once for the tool whose name writes
// it as one word, so the service's other tools outranked the one asked
// for. The rule names no service: any two-hump word, any tool.
func TestSearchReadsATwoHumpNameOnce(t *testing.T) {
	roster := []Contract{
		{ID: "omnifocus.add_project", Purpose: "Add a project to OmniFocus, with a due date, flagged or not, in an OmniFocus folder."},
		{ID: "omnifocus.remove_item", Purpose: "Remove a task or a project from OmniFocus."},
		{ID: "omnifocus.add_omnifocus_task", Purpose: "Add a task to the inbox, with a due date, flagged or not."},
	}
	task, want := "put renew passport in OmniFocus, due Friday and flagged", "omnifocus.add_omnifocus_task"
	hits := Search(task, roster, 5)
	if len(hits) == 0 || hits[0].ID != want {
		t.Errorf("%q: got %v, want %s first", task, hits, want)
	}
}
