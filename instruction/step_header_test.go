package instruction_test

import (
	"strings"
	"testing"

	"github.com/agentforge/console/instruction"
)

// TestActivatedHeaderAgreesInNumber: the activated section speaks of one
// tool as one. Before, a search that activated a single tool was followed
// by "Call them by their exact ids …, until a new search replaces them".
func TestActivatedHeaderAgreesInNumber(t *testing.T) {
	cat := builtinCatalog(t)
	in := instruction.Input{Roster: entries(t, cat, "read_file", "web_fetch", "workspace_write"), Options: instruction.Options{Tier: instruction.TierStandard, CatalogForm: forms[0]}}
	for _, tc := range []struct {
		activated []string
		want      string
	}{
		{[]string{"web_fetch"}, "Your latest search activated 1 more tool, described below. Call it by its exact id from this reply on, until a new search replaces it."},
		{[]string{"web_fetch", "read_file"}, "Your latest search activated 2 more tools, described below. Call them by their exact ids from this reply on, until a new search replaces them."},
	} {
		c := step(t, in, tc.activated...)
		var text string
		for _, s := range c.Sections {
			if s.ID == instruction.SectionActivated {
				text = s.Text()
			}
		}
		if !strings.Contains(text, tc.want) {
			t.Errorf("activated %v: the section does not say %q:\n%.300s", tc.activated, tc.want, text)
		}
	}
}
