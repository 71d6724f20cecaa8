package catalog

import "testing"

func TestPluralWord(t *testing.T) {
	for w, want := range map[string]bool{
		"teams": true, "databases": true, "categories": true, "incidents": true, "boxes": true,
		"team": false, "status": false, "address": false, "analysis": false, "news": false, "was": false,
	} {
		if got := pluralWord(w); got != want {
			t.Errorf("pluralWord(%q) = %v, want %v", w, got, want)
		}
	}
}

// TestSearchPrefersTheNameInTheTasksNumber: a task that asks about many
// of a thing prefers the tool whose name has the thing in the plural, a
// task about one the tool whose name has it in the singular; built-in and
// imported names alike (one roster, no service named).
func TestSearchPrefersTheNameInTheTasksNumber(t *testing.T) {
	roster := []Contract{
		{ID: "ops.get_incident", Purpose: "Get an incident by its id: status, severity, timeline."},
		{ID: "ops.list_incidents", Purpose: "List incidents, optionally filtered by status."},
		{ID: "getTeam", Purpose: "Get a team you belong to."},
		{ID: "getTeams", Purpose: "Get the teams you belong to."},
	}
	for task, want := range map[string]string{
		"any open incidents right now?":                 "ops.list_incidents",
		"which teams am I a member of?":                 "getTeams",
		"what is the team called, the one I belong to?": "getTeam",
	} {
		hits := Search(task, roster, 5)
		if len(hits) == 0 || hits[0].ID != want {
			t.Errorf("%q: got %v, want %s first", task, hits, want)
		}
	}
}
