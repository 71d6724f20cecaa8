package catalog_test

import (
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
)

// sharingService is a published server whose every tool name starts with
// the same three words ("TwilioConversationsV1--CreateConversation"),
// beside the built-in tools and a server that shares none.
func sharingService(t testing.TB) (all, sharing []catalog.Contract) {
	t.Helper()
	read := func(file, ns string) []catalog.Contract {
		data, err := os.ReadFile(testdataPath("published/" + file))
		if err != nil {
			t.Fatal(err)
		}
		cs, _ := importEach(data, ns)
		return cs
	}
	sharing = read("twilio-alpha-mcp@0.7.0.tools.json", "chat")
	other := read("mcp-google-sheets@2.0.1.tools.json", "sheets")
	return append(append(catalogtest.Builtin(t), sharing...), other...), sharing
}

// The words every tool of a service shares at the front of its name name
// the service, as a namespace prefix does: read as name words they
// diluted every name of it, so a task naming a whole tool's name
// ("delete the service") found its longer siblings first.
func TestSharedNameWordsNameTheService(t *testing.T) {
	all, _ := sharingService(t)
	ix := catalog.NewIndex(all)
	for _, c := range []struct{ task, want string }{
		{"delete the service", "chat.TwilioConversationsV1--DeleteService"},
		{"list the conversation's participants", "chat.TwilioConversationsV1--ListConversationParticipant"},
	} {
		if got := ix.SearchIDs(c.task, 5); len(got) == 0 || got[0] != c.want {
			t.Errorf("%q: got %v, want %s first", c.task, got, c.want)
		}
	}
}

// A roster drawn from a universe searches as its own index whether it
// has the sharing service or not, and when its tools of that service
// share more words than the universe's do (a roster of one of its tools,
// or of those whose names share a longer run).
func TestUniverseRostersWithASharingService(t *testing.T) {
	all, sharing := sharingService(t)
	entries := catalogtest.New(t, all).Entries()
	u := catalog.NewUniverse(entries)
	of := func(keep func(id string) bool) []*catalog.Entry {
		return slices.DeleteFunc(slices.Clone(entries), func(e *catalog.Entry) bool { return !keep(e.ID()) })
	}
	one := sharing[0].ID
	rosters := map[string][]*catalog.Entry{
		"all":              entries,
		"without it":       of(func(id string) bool { return !strings.HasPrefix(id, "chat.") }),
		"it alone":         of(func(id string) bool { return strings.HasPrefix(id, "chat.") }),
		"one of its tools": of(func(id string) bool { return !strings.HasPrefix(id, "chat.") || id == one }),
		"a longer run": of(func(id string) bool {
			return !strings.HasPrefix(id, "chat.") || strings.Contains(id, "--ListConversation")
		}),
	}
	tasks := []string{"delete the service", "list users", "list the conversation's participants",
		"show the messages of conversation CH9", "read cells A1:B4 of the budget sheet", "make a chart of sales",
		"who takes part in conversation CH9?", "show the Twilio users"}
	for name, roster := range rosters {
		ix, ok := u.Roster(roster)
		if !ok {
			t.Fatalf("%s: the universe does not serve it", name)
		}
		own := catalog.IndexEntries(roster)
		for _, task := range tasks {
			if got, want := ix.Search(task, catalog.MaxSearchLimit), own.Search(task, catalog.MaxSearchLimit); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %q: through the universe %v, alone %v", name, task, hitIDs(got), hitIDs(want))
			}
		}
	}
}
