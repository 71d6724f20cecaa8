package catalog

import "testing"

// A statement after a request and a colon is what the request carries:
// content to the end of its sentence, and the request keeps it, so a
// tool that writes leads one that reads the same thing.
func TestAStatementAfterAColonIsWhatTheRequestKeeps(t *testing.T) {
	for q, want := range map[string]string{
		"pls remember: I hate pie charts. always bars": "rememb* write* [hate] [pie] [chart] | alway bar",
		"keep this in mind: our standup moves to 10am": "keep* mind write* [standup] [move] [10am]",
		"which notes say: the wifi is down?":           "note say wifi",
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

// A word to someone else ("tell marta that …", "let the team know …") is
// carried as a message or a comment, and the one told is a name, never
// the request's verb; telling the user or asking what the user told is
// not.
func TestAWordToSomeoneElseIsAMessage(t *testing.T) {
	for q, want := range map[string]string{
		"tell marta that the tests pass":            "messag* comment [marta] [test] [pass]",
		"let the team on acme/web know it is fixed": "messag* comment team [acm] [web] [repositori] know fix",
		"what did I tell you about my timezone?":    "[timezon]",
		"let me know when the build is done":        "know* [build] [done] notifi*",
	} {
		if got := describe(parseQuery(q)); got != want {
			t.Errorf("%q: %s, want %s", q, got, want)
		}
	}
}

// A plural or a third person's -s opening a clause is no verb ("boxes
// and arrows"): no imperative has one.
func TestAnSFormOpensNoRequest(t *testing.T) {
	for q, want := range map[string]string{
		"show me what is in notes.md":     "show* [note] md file",
		"find the invoices from May":      "find* invoic may",
		"boxes and arrows, nothing fancy": "box arrow | fanci*", // one noun phrase (see TestAndBeforeANounJoinsThings)
		"process the logs":                "process* log",
	} {
		if got := describe(parseQuery(q)); got != want {
			t.Errorf("%q: %s, want %s", q, got, want)
		}
	}
}

// Beside a request, a question's words say what the task is about, not
// which tool is asked for: they name no tool.
func TestAQuestionBesideARequestNamesNoTool(t *testing.T) {
	tool := func(id, title, purpose string) Contract {
		return Contract{ID: id, Title: title, Purpose: purpose, Class: ClassWorkspace, Effects: EffectsReadOnly, Version: "1"}
	}
	ix := NewIndex([]Contract{
		tool("latest_release", "Latest release", "Gets the latest release of a project."),
		tool("list_releases", "List releases", "Lists the releases of a project."),
		tool("web_lookup", "Web lookup", "Searches the internet."),
		tool("read_file", "Read file", "Reads a file."),
	})
	wantTops(t, ix, map[string]string{
		"When did the city put out its latest release of the parking rules? search the internet": "web_lookup",
		"what is the latest release of acme?":                                                    "latest_release",
	})
}
