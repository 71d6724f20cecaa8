package instruction_test

import (
	"testing"

	"github.com/agentforge/console/instruction"
)

func TestLintReportsToolsTheTextDoesNotRequire(t *testing.T) {
	cat := builtinCatalog(t)
	text := "First read_file the report. Then run code rounds to total it, and Render chart for the board."
	fs := instruction.Lint(text, cat.Contracts(), []string{"read_file"})
	got := map[string]bool{}
	for _, f := range fs {
		got[f.Tool] = true
		if text[f.Offset:f.Offset+1] == " " {
			t.Errorf("offset %d points at a space", f.Offset)
		}
	}
	if got["read_file"] || !got["exec"] || !got["render_chart"] {
		t.Errorf("findings = %+v", fs)
	}
	if fs := instruction.Lint("Summarize the reading list.", cat.Contracts(), nil); len(fs) != 0 {
		t.Errorf("false positives: %+v", fs)
	}
}

func TestLintFindsImportedDescriptionsTeachingOtherTools(t *testing.T) {
	cat := fullCatalog(t)
	var roster []string
	for _, e := range cat.Entries() {
		if e.ID() != "github.list_issue_types" {
			roster = append(roster, e.ID())
		}
	}
	var entriesIn = without(cat, "github.list_issue_types")
	c := compose(t, instruction.Input{Roster: entriesIn, Services: []string{"github"}})
	fs := instruction.NewLinter(cat.Contracts()).LintComposition(c)
	found := false
	for _, f := range fs {
		if f.Tool == "github.list_issue_types" && f.Section == "catalog" {
			found = true
		}
	}
	if !found {
		t.Errorf("the issue_write description teaches list_issue_types, but no warning: %+v", fs)
	}
	_ = roster
}
