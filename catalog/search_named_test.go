package catalog

import "testing"

// A task that names a service, by its namespace or the namespace's first
// four letters or more, lifts that service's tools above a tool outside
// it that matches the task's words as well; a word shorter than four
// letters names nothing.
func TestANamedServiceLiftsItsTools(t *testing.T) {
	note := Contract{ID: "save_note", Title: "Save note", Purpose: "Saves a note.", Class: ClassWorkspace, Effects: EffectsWorkspaceWrite, Version: "1"}
	card := Contract{ID: "kanbanboard.save_note", Title: "Save note", Purpose: "Saves a note.", Class: ClassWorkspace, Effects: EffectsWorkspaceWrite, Version: "1"}
	ix := NewIndex([]Contract{note, card})
	for q, want := range map[string]string{
		"save a note":                "save_note", // roster order
		"save a note in kanbanboard": "kanbanboard.save_note",
		"save a note on the kanban":  "kanbanboard.save_note",
		"save a note, kan":           "save_note",
	} {
		hits := ix.Search(q, 2)
		if len(hits) == 0 || hits[0].ID != want {
			t.Errorf("%q: top %v, want %s", q, hits, want)
		}
	}
}
