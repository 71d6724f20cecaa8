package catalog_test

import (
	"os"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
)

// driveService is a published file-storage server imported under a
// namespace that is no word of its name ("gd"), beside the built-in
// file tools: its descriptions name it ("in Google Drive").
func driveService(t testing.TB) []catalog.Contract {
	t.Helper()
	data, err := os.ReadFile(testdataPath("published/mcp-google-drive@1.6.2.tools.json"))
	if err != nil {
		t.Fatal(err)
	}
	cs, _ := importEach(data, "gd")
	return append(catalogtest.Builtin(t), catalogtest.New(t, cs).Contracts()...)
}

// A proper noun most of a service's tools use and few others do names
// the service as its namespace would: a task saying "Drive" asks for the
// Drive server's tools, not the workspace's that share their verbs.
func TestAServiceIsNamedByItsOwnProperNoun(t *testing.T) {
	ix := catalog.NewIndex(driveService(t))
	for task, want := range map[string]string{
		"put a new folder called Receipts on my Drive": "gd.create_folder",
		"on Drive, rename notes.txt to minutes.txt":    "gd.update_file",
	} {
		if got := ix.SearchIDs(task, 5); len(got) == 0 || got[0] != want {
			t.Errorf("%q: got %v, want %s first", task, got, want)
		}
	}
}

// A proper noun most of a service's tools share ("Conversations") names
// the service however many tools the service has: a task that only says
// it and a thing's id is answered with the service's tools, not "nothing
// fits" (the word is in most of the roster's tools, so its weight alone
// was under the fit's threshold).
func TestAServiceWordFitsItsTools(t *testing.T) {
	all, _ := sharingService(t)
	ix, fit := catalog.NewIndex(all), catalog.NewFit(all)
	hits := catalog.Answer(ix, fit, "who takes part in conversation CH9?", 5, nil)
	if len(hits) == 0 || !strings.HasPrefix(hits[0].ID, "chat.") {
		t.Errorf("who takes part: got %v, want the conversation service's tools", hitIDs(hits))
	}
}
