package instruction_test

import (
	"strings"
	"testing"

	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
)

// TestStepServicesSayWhatTheStepShows: a deferred step names only the
// connected services whose tools it lists, so its words say that (not
// that these are all the services connected); a search that activates a
// tool of another connected service says its tools were activated, never
// that the service was connected just now (it was connected all along).
func TestStepServicesSayWhatTheStepShows(t *testing.T) {
	gh := catalogtest.GitHub(t)
	other := gh[1]
	other.ID = "membank." + strings.TrimPrefix(other.ID, "github.")
	cs := append(catalogtest.Builtin(t), gh[0], other)
	cat := catalogtest.New(t, cs)
	in := instruction.Input{Roster: cat.Entries(), Services: []string{"github", "membank"},
		Options: instruction.Options{Tier: "full", CatalogForm: "full", Pins: []string{gh[0].ID}}}
	first := step(t, in)
	pre := prefixText(first)
	if strings.Contains(pre, "membank") {
		t.Fatalf("the first step names a service none of whose tools it lists:\n%s", pre)
	}
	if !strings.Contains(pre, "Connected services with tools listed here: github.") {
		t.Errorf("the first step's services line reads as the whole list of connected services:\n%s", pre)
	}
	next := step(t, in, other.ID)
	text := next.Text()
	if strings.Contains(text, "connected now") {
		t.Errorf("the activated section says a service connected all along was connected now:\n%s", text)
	}
	if !strings.Contains(text, "Connected services with tools activated here: membank.") {
		t.Errorf("the activated section does not say which service's tools it brings:\n%s", text)
	}
}
