package catalog

import "testing"

// A statement after a request and a colon is what the request carries:
// content to the end of its sentence, and the request keeps it, so a
// tool that writes leads one that reads the same thing.
func TestAStatementAfterAColonIsWhatTheRequestKeeps(t *testing.T) {
	for q, want := range map[string]string{
		"pls remember: I hate pie charts. always bars":   "rememb* write* [hate] [pie] [chart] | alway* bar",
		"keep this in mind: our standup moves to 10am":   "keep* mind write* [standup] [move] [10am]",
		"make a file todo.txt with: call bank, renew it": "make* file [todo] txt file [call] [bank] [renew]",
		"which notes say: the wifi is down?":             "note say wifi",
	} {
		if got := describe(parseQuery(q)); got != want {
			t.Errorf("%q: %s, want %s", q, got, want)
		}
	}
	read := Contract{ID: "notes_view", Title: "Notes", Purpose: "Notes about the user's chores.", Class: ClassWorkspace, Effects: EffectsReadOnly, Version: "1"}
	write := read
	write.ID, write.Effects = "notes_keep", EffectsWorkspaceWrite
	wantTops(t, NewIndex([]Contract{read, write}), map[string]string{
		"commit this to my notes: the bins go out on Tuesday": "notes_keep",
		"what do my notes say about the bins?":                "notes_view",
	})
}
