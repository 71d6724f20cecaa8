package fidelity_test

import (
	"encoding/json"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/fidelity"
)

// importedFindings imports a description as a service's tool and checks
// the composition of it with read_file, as an import puts it before the
// model.
func importedFindings(t *testing.T, name, text string) []fidelity.Finding {
	t.Helper()
	doc, _ := json.Marshal(map[string]any{"tools": []map[string]any{{"name": name, "description": text, "inputSchema": map[string]any{"type": "object"}}}})
	imported, ps := catalog.Parse(catalog.FormatMCP, doc, "acme")
	if len(ps) > 0 {
		t.Fatalf("import: %v", ps)
	}
	known := append(append([]catalog.Contract(nil), catalogtest.Builtin(t)...), imported...)
	cat := catalogtest.New(t, known)
	roster := pick(t, cat, func(k catalog.Contract) bool { return k.ID == "read_file" || k.Namespace() == "acme" })
	comp := compose(t, instruction.Input{Roster: roster, Services: []string{"acme"}})
	return fidelity.ForComposition(known).CheckComposition(comp)
}

// TestAToolNamesItsOwnWork: a tool's first sentence, opened by its verb,
// says what it does itself, even in the words of another tool's name
// ("Execute a SQL query"); the same words in a later step, or a tool
// named as the one to use, still teach it.
func TestAToolNamesItsOwnWork(t *testing.T) {
	for _, text := range []string{
		"Execute a SQL query against the billing warehouse.",
		"Executes a SQL query on the reporting replica and returns the rows.",
	} {
		if fs := importedFindings(t, "run_statement", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
	for _, text := range []string{
		"Returns invoices. Then execute a SQL query against the warehouse to total them.",
		"Use the SQL query tool for anything but invoices.",
	} {
		if fs := importedFindings(t, "list_invoices", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
}
