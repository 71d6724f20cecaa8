package instruction_test

import (
	"strings"
	"testing"

	"github.com/agentforge/console/instruction"
)

// TestFilesAreTaughtOnlyToRostersThatReachFiles: an agent whose tools
// reach no file (here: only tools that ask and notify the user) is told
// nothing about files, in every tier: neither to name the files it
// changed nor to claim a visible file only when a result confirms it.
// With a tool that changes files, every tier says both.
func TestFilesAreTaughtOnlyToRostersThatReachFiles(t *testing.T) {
	cat := builtinCatalog(t)
	fileWords := []string{"name the files you", "changed files", "Mention a file or image", "Claim a visible file", "about a file or an image"}
	for _, tier := range instruction.Tiers {
		c := compose(t, instruction.Input{Roster: entries(t, cat, "ask_user", "notify_user"), Options: instruction.Options{Tier: tier}})
		body := c.Text()
		for _, w := range fileWords {
			if strings.Contains(body, w) {
				t.Errorf("%s: a roster that reaches no file is told %q:\n%s", tier, w, body)
			}
		}
		c = compose(t, instruction.Input{Roster: entries(t, cat, "ask_user", "workspace_write"), Options: instruction.Options{Tier: tier}})
		body = c.Text()
		if !strings.Contains(body, "name the files you") && !strings.Contains(body, "changed files") {
			t.Errorf("%s: a roster that changes files is not told to name them:\n%s", tier, body)
		}
	}
}
