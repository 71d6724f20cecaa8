package fidelity_test

import (
	"os"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/fidelity"
)

// TestToolsNamedWithHyphensAndCapitals: a service tool named as MCP
// allows (the everything server's get-sum, a camelCase getJiraIssue) is
// seen like any other: text naming it is a finding exactly when it is
// absent from the roster, and the everything server composes with no
// finding about a tool it has.
func TestToolsNamedWithHyphensAndCapitals(t *testing.T) {
	raw, err := os.ReadFile("../../catalog/testdata/servers/mcp-server-everything.tools.json")
	if err != nil {
		t.Fatal(err)
	}
	cs, ps := catalog.Parse(catalog.FormatMCP, raw, "everything")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	jira := catalog.Contract{ID: "atlassian.getJiraIssue", Title: "Get Jira issue", Purpose: "Reads one Jira issue.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1"}
	all := append(cs, jira)
	ch := fidelity.New(all)
	byID := map[string]catalog.Contract{}
	for _, c := range all {
		byID[c.ID] = c
	}
	for _, tc := range []struct{ text, tool string }{
		{"Add the two numbers with get-sum first.", "everything.get-sum"},
		{"Then call everything.get-sum with both numbers.", "everything.get-sum"},
		{`Reply <action tool="everything.get-sum">{"a":1,"b":2}</action>.`, "everything.get-sum"},
		{"Look the ticket up with getJiraIssue.", "atlassian.getJiraIssue"},
	} {
		fs := ch.Check(tc.text, fidelity.NewScope([]catalog.Contract{byID["everything.echo"]}))
		if len(fs) == 0 || fs[0].Tool != tc.tool {
			t.Errorf("%q without %s: got %+v", tc.text, tc.tool, fs)
		}
		if fs := ch.Check(tc.text, fidelity.NewScope([]catalog.Contract{byID["everything.echo"], byID[tc.tool]})); len(fs) != 0 {
			t.Errorf("%q with %s: still %+v", tc.text, tc.tool, fs)
		}
	}
	cat, err := catalog.New(cs)
	if err != nil {
		t.Fatal(err)
	}
	cc := fidelity.ForComposition(cat.Contracts())
	for _, form := range []string{catalog.FormFull, catalog.FormCompact} {
		c := compose(t, instruction.Input{Roster: cat.Entries(), Services: []string{"everything"}, Options: instruction.Options{CatalogForm: form}})
		for _, f := range cc.CheckComposition(c) {
			t.Errorf("%s: %s teaches %s %s via %q: …%s…", form, f.Section, f.Kind, f.Tool, f.Signal, f.Excerpt)
		}
	}
}
