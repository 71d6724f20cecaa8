package runtime

import (
	"strings"
	"testing"
)

// TestToolSetSuggestsTheAgentsTool: ?tools=read_pdf (a tool's bare name)
// was refused as an unknown tool id without a word on the id it meant.
// The refusal now asks "did you mean pdfreader.read_pdf?" when the agent
// has a tool of that name; it never suggests a tool the agent lacks, so
// a tool of another agent is still answered as an unknown id.
func TestToolSetSuggestsTheAgentsTool(t *testing.T) {
	catalog := map[string]bool{"pdfreader.read_pdf": true, "other.read_file": true, "notes.read_file": true, "pdfreader.find": true}
	known := func(id string) bool { return catalog[id] }
	check := func(pick ...string) string {
		err := CheckAgentToolSet(known, "kb", []string{"notes.read_file"}, []string{"pdfreader"}, pick, nil)
		if err == nil {
			return ""
		}
		return err.Error()
	}
	if got := check("read_pdf"); !strings.Contains(got, "did you mean pdfreader.read_pdf?") {
		t.Errorf("a bare name of the agent's tool: %q", got)
	}
	if got := check("pdf.read_pdf"); !strings.Contains(got, "did you mean pdfreader.read_pdf?") {
		t.Errorf("a wrong service of the agent's tool: %q", got)
	}
	if got := check("read_file"); !strings.Contains(got, "did you mean notes.read_file?") || strings.Contains(got, "other.read_file") {
		t.Errorf("a declared tool's bare name: %q (never another agent's tool)", got)
	}
	hidden, unknown := check("delete_all"), check("nope")
	if strings.Contains(hidden+unknown, "did you mean") {
		t.Errorf("a suggestion for a name the agent has no tool of: %q %q", hidden, unknown)
	}
	if got := check("pdfreader.read_pdf", "pdfreader.find"); got != "" {
		t.Errorf("the agent's own tools: %q", got)
	}
}

// TestToolSetSuggestsInAnyLetterCase: ?tools=odd.T_bool, an id of the
// agent's tool but for letter case, asks "did you mean odd.t_bool?",
// for a declared tool and a tool of one of its services alike.
func TestToolSetSuggestsInAnyLetterCase(t *testing.T) {
	catalog := map[string]bool{"odd.t_bool": true, "pdfreader.read_pdf": true}
	known := func(id string) bool { return catalog[id] }
	check := func(pick string) string {
		err := CheckAgentToolSet(known, "kb", []string{"odd.t_bool"}, []string{"pdfreader"}, []string{pick}, nil)
		if err == nil {
			return ""
		}
		return err.Error()
	}
	if got := check("odd.T_bool"); !strings.Contains(got, "did you mean odd.t_bool?") {
		t.Errorf("a declared tool's id in another letter case: %q", got)
	}
	if got := check("PdfReader.Read_PDF"); !strings.Contains(got, "did you mean pdfreader.read_pdf?") {
		t.Errorf("a service tool's id in another letter case: %q", got)
	}
}
