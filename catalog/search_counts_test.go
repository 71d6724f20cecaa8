package catalog

import "testing"

// A count says how many, never what: "the two paragraphs" asks for no
// tool described as taking two things, in a task or in a tool's text.
func TestCountsAreNoTerms(t *testing.T) {
	for q, want := range map[string]string{
		"fuse the two opening paragraphs of essay.md": "fuse* open paragraph [essay] md file",
		"add both new test files to the commit":       "add* new test file commit",
	} {
		if got := describe(parseQuery(q)); got != want {
			t.Errorf("%q: %s, want %s", q, got, want)
		}
	}
	if got := (stemmer{}).terms("Compares two text files"); len(got) != 3 {
		t.Errorf("a tool's text keeps its count: %v", got)
	}
}

// A task about one numbered thing ("PR 88", "#212") that asks for no
// list or search wants the tool for that one thing, not the one that
// lists them; a task that asks for a list still gets it.
func TestOneNumberedThingIsNoList(t *testing.T) {
	tool := func(id, title, purpose string) Contract {
		return Contract{ID: id, Title: title, Purpose: purpose, Class: ClassWorkspace, Effects: EffectsReadOnly, Version: "1"}
	}
	ix := NewIndex([]Contract{
		tool("list_tickets", "List tickets", "Lists the tickets of a project with their approvals."),
		tool("ticket_read", "Read ticket", "Reads a ticket with its approvals and reviewers."),
	})
	wantTops(t, ix, map[string]string{
		"ticket 88: has anyone approved it yet?":    "ticket_read",
		"has anyone approved #88 yet?":              "ticket_read",
		"list the tickets with approvals":           "list_tickets",
		"list the approved tickets since ticket 88": "list_tickets",
	})
}

// A percentage written as a word is a sum as "%" is, and a task with no
// typed verb leads with its reading's verb: "the cell says 48,200. how
// much is 15 percent of this?" asks for a calculation first.
func TestPercentWordsAreSumsAndLead(t *testing.T) {
	for _, q := range []string{"the Total cell says 48,200. how much is 15 percent of this?", "what is 7 per cent of 300"} {
		found := false
		for _, c := range concepts(parseQuery(q)) {
			if c.own == calculateStem {
				found = true
				if c.weight != leadWeight {
					t.Errorf("%q: calculate weighs %v, want the lead's %v", q, c.weight, leadWeight)
				}
			}
		}
		if !found {
			t.Errorf("%q: no calculation read", q)
		}
	}
}

// What a statement beside a request says weighs less than the request's
// own words: "shelve ticket 7 - nobody works on it anymore" asks to shelve
// it, not for the tool that puts someone to work on it.
func TestAStatementWeighsLessThanTheRequest(t *testing.T) {
	tool := func(id, title, purpose string) Contract {
		return Contract{ID: id, Title: title, Purpose: purpose, Class: ClassWorkspace, Effects: EffectsWorkspaceWrite, Version: "1"}
	}
	ix := NewIndex([]Contract{
		tool("ticket_state", "Ticket state", "Updates a ticket: closes, shelves or reopens it."),
		tool("ticket_work", "Ticket work", "Assigns work on a ticket."),
		tool("read_file", "Read file", "Reads a file."),
	})
	wantTops(t, ix, map[string]string{
		"shelve ticket 7 - nobody works on it anymore": "ticket_state",
		"assign work on ticket 7":                      "ticket_work",
	})
}

// One named file is one thing too: a tool named for handling many files
// at once is not what "show me notes.md" asks for, and it is for "show me
// a.md and b.md".
func TestOneNamedFileIsNoBatch(t *testing.T) {
	tool := func(id, title, purpose string) Contract {
		return Contract{ID: id, Title: title, Purpose: purpose, Class: ClassWorkspace, Effects: EffectsReadOnly, Version: "1"}
	}
	ix := NewIndex([]Contract{
		tool("read_multiple_files", "Read multiple files", "Shows the contents of multiple files."),
		tool("read_text_file", "Read text file", "Reads the contents of a file."),
		tool("list_dir", "List directory", "Lists a directory."),
	})
	wantTops(t, ix, map[string]string{
		"show me notes.md from my home folder": "read_text_file",
		"show me a.md, b.md and c.md":          "read_multiple_files",
	})
}
