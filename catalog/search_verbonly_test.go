package catalog

import "testing"

// A tool that answers only the task's verb acts on something the task
// never named: "move the team lunch to 1pm" asks for the tool about the
// lunch, not the one that moves files, though "move" is in that one's
// name; a task of a verb alone still finds the verb's tool.
func TestAToolOfTheVerbAloneYieldsToTheObject(t *testing.T) {
	tool := func(id, title, purpose string) Contract {
		return Contract{ID: id, Title: title, Purpose: purpose, Class: ClassWorkspace, Effects: EffectsWorkspaceWrite, Version: "1"}
	}
	ix := NewIndex([]Contract{
		tool("move_file", "Move file", "Moves a file to another folder."),
		tool("cal.update_event", "Update event", "Changes the time of a team lunch or any other event."),
		tool("send_mail", "Send mail", "Sends an email."),
		tool("list_repos", "List repositories", "Lists the repositories of an account."),
		tool("print_page", "Print page", "Prints a web page as a PDF."),
	})
	for q, want := range map[string]string{
		"move the team lunch to 1pm": "cal.update_event",
		"move it":                    "move_file",
	} {
		hits := ix.Search(q, 2)
		if len(hits) == 0 || hits[0].ID != want {
			t.Errorf("%q: top %v, want %s", q, hits, want)
		}
	}
}

// A faint relative of an object word is not an object: "freshly" meets
// "new" in the file tool's text only through a relation, and that does
// not make the file tool more than a tool of the verb when another tool
// names the task's object itself.
func TestAFaintRelativeIsNotTheObject(t *testing.T) {
	tool := func(id, title, purpose string) Contract {
		return Contract{ID: id, Title: title, Purpose: purpose, Class: ClassWorkspace, Effects: EffectsWorkspaceWrite, Version: "1"}
	}
	ix := NewIndex([]Contract{
		tool("move_file", "Move file", "Moves a file to a new folder."),
		tool("lobby.load_deck", "Load deck", "Loads a slide deck (.pptx) on the booted kiosk."),
		tool("lobby.show_url", "Show URL", "Shows a URL on the kiosk."),
		tool("cal.update_event", "Update event", "Moves an event to another time."),
		tool("drive.move_item", "Move item", "Moves a drive item to another folder."),
		tool("send_mail", "Send mail", "Sends an email."),
		tool("list_repos", "List repositories", "Lists the repositories of an account."),
		tool("print_page", "Print page", "Prints a web page as a PDF."),
	})
	q := "Move the freshly exported .pptx onto the kiosk so I can try it"
	if hits := ix.Search(q, 2); len(hits) == 0 || hits[0].ID != "lobby.load_deck" {
		t.Errorf("%q: top %v, want lobby.load_deck", q, hits)
	}
}
