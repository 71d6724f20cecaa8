package catalog

import "testing"

// A reference says what kind of thing a request acts on: a channel, a
// repository, a file of a type, a folder. A tool whose text never names
// that kind acts on something else, however well its verb fits.
func TestReferencesSayWhatKindOfThingIsActedOn(t *testing.T) {
	tool := func(id, title, purpose string, effects Effects, params ...Param) Contract {
		return Contract{ID: id, Title: title, Purpose: purpose, Class: ClassWorkspace, Effects: effects, Version: "1", Params: params}
	}
	p := func(name, desc string) Param { return Param{Name: name, Type: "string", Description: desc} }
	ix := NewIndex([]Contract{
		tool("remove_file", "Remove file", "Delete a file from the workspace.", EffectsWorkspaceWrite, p("path", "The file to delete.")),
		tool("put_file", "Put file", "Write text into a file in the workspace.", EffectsWorkspaceWrite, p("path", "Where the file goes."), p("text", "What the file holds.")),
		tool("chat_send", "Send to chat", "Send a message to a team chat channel.", EffectsWorkspaceWrite, p("channel", "The channel to send to."), p("body", "The message.")),
		tool("ticket_title", "Retitle ticket", "Change the title of a ticket in a repository.", EffectsWorkspaceWrite, p("repo", "The repository's owner/name."), p("number", "The ticket."), p("title", "The new title.")),
	})
	wantTops(t, ix, map[string]string{
		"write a short note to #standup saying the build is green":     "chat_send",
		"write a short note to notes.txt saying the build is green":    "put_file",
		"remove the word WIP from the title of ticket 12 in acme/site": "ticket_title",
		"remove old.txt, it is stale":                                  "remove_file",
	})
}

// A path from the root or the home folder names a folder, not an
// owner/name pair: "/var/app" is no repository.
func TestRootedPathsAreFolders(t *testing.T) {
	for q, want := range map[string]string{
		"list everything under /var/app":      "list* everyth [app] folder",
		"anything uncommitted in ~/code/api?": "anyth uncommit [api] folder",
		"star acme/api":                       "star* [acm] [api] [repositori]",
	} {
		if got := describe(parseQuery(q)); got != want {
			t.Errorf("%q: %s, want %s", q, got, want)
		}
	}
}

// A tool whose required parameters take a kind of reference the task
// does not give, where the task gives another, is for another kind of
// thing: a path is no URL, a repository no path.
func TestRequiredParametersTakeTheTasksReferences(t *testing.T) {
	req := func(name, desc string) Param {
		return Param{Name: name, Type: "string", Required: true, Description: desc}
	}
	ix := NewIndex([]Contract{
		{ID: "fetch_page", Title: "Fetch page", Purpose: "Fetch a web page or document and return its text.", Class: ClassWorkspace, Effects: EffectsReadOnly, Version: "1",
			Params: []Param{req("url", "The address to fetch.")}},
		{ID: "doc_text", Title: "Document text", Purpose: "Extracts the plain text of a PDF or Word file in the workspace.", Class: ClassWorkspace, Effects: EffectsReadOnly, Version: "1",
			Params: []Param{req("path", "The document.")}},
		{ID: "shelve_files", Title: "Shelve files", Purpose: "Archive files into a zip.", Class: ClassWorkspace, Effects: EffectsWorkspaceWrite, Version: "1",
			Params: []Param{req("paths", "The files."), req("target", "The archive to write.")}},
		{ID: "ticket_state", Title: "Ticket state", Purpose: "Close, reopen or archive a ticket of a repository.", Class: ClassWorkspace, Effects: EffectsWorkspaceWrite, Version: "1",
			Params: []Param{req("repo", "owner/name"), req("number", "The ticket.")}},
	})
	wantTops(t, ix, map[string]string{
		"fetch the figures in reports/q2.pdf":           "doc_text",
		"fetch me https://example.org/q2.pdf":           "fetch_page",
		"shelve ticket 7 of acme/api, nobody needs it":  "ticket_state",
		"shelve logs/a.txt and logs/b.txt into old.zip": "shelve_files",
	})
}

// A tool one of whose parameters takes the kind of reference the task
// gives ("repo_path" a folder) meets that kind, whatever words its text
// uses for it.
func TestAParameterTakesTheReferencesKind(t *testing.T) {
	req := func(name, desc string) Param {
		return Param{Name: name, Type: "string", Required: true, Description: desc}
	}
	ix := NewIndex([]Contract{
		{ID: "vcs_status", Title: "Working tree status", Purpose: "Shows uncommitted changes in a working tree.", Class: ClassWorkspace, Effects: EffectsReadOnly, Version: "1",
			Params: []Param{req("repo_path", "Where the working tree is.")}},
		{ID: "dir_entries", Title: "Directory entries", Purpose: "Lists the entries of a directory.", Class: ClassWorkspace, Effects: EffectsReadOnly, Version: "1",
			Params: []Param{req("directory", "The directory.")}},
	})
	wantTops(t, ix, map[string]string{
		"list uncommitted changes in ~/code/api": "vcs_status",
		"list the entries of ~/code/api":         "dir_entries",
	})
}

// A tool named for the task's very verb is still the wrong one when the
// task's reference is of a kind it never names: "write to #standup" is a
// message to a channel, not a file.
func TestAKindOutweighsTheVerbInAName(t *testing.T) {
	p := func(name, desc string) Param { return Param{Name: name, Type: "string", Description: desc} }
	ix := NewIndex([]Contract{
		{ID: "write_file", Title: "Write file", Purpose: "Write text into a file in the workspace.", Class: ClassWorkspace, Effects: EffectsWorkspaceWrite, Version: "1",
			Params: []Param{p("path", "Where the file goes."), p("text", "What the file holds.")}},
		{ID: "chat_send", Title: "Send to chat", Purpose: "Send a message to a team chat channel.", Class: ClassWorkspace, Effects: EffectsWorkspaceWrite, Version: "1",
			Params: []Param{p("channel", "The channel to send to."), p("body", "The message.")}},
	})
	wantTops(t, ix, map[string]string{
		"write to #standup that the build is green":  "chat_send",
		"write to status.md that the build is green": "write_file",
	})
}
