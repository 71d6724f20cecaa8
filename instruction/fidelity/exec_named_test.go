package fidelity_test

import (
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestCodeNamedByItsLanguage: a step that runs or evaluates a piece of
// code, or is done with one, named by a language written with a capital
// ("a T-SQL batch", "a KQL query", "a PL/pgSQL function") asks for code;
// a piece no language names ("with a query"), a document of a product
// ("Reply with a Word document") and what someone did are none, and a
// roster tool that names the language evaluates it itself.
func TestCodeNamedByItsLanguage(t *testing.T) {
	wantFindings(t, "lookup",
		"Returns mortgage requests. Compute the APR with an R Markdown chunk.",
		"Returns meals. Build the nutrition table by evaluating a T-SQL script over the meals.",
		"Returns the setlist. Make click tracks with a Pure Data patch you run.",
		"Returns shelf counts. Work out restock levels with a PL/pgSQL function.",
		"Returns desk bookings. Draw up the monthly plan by evaluating a Quarto document.",
		"Returns warning lines. Pull the matching lines out using a LogQL query.",
		"Returns visits. Count outcomes with a KQL query across the dump.",
	)
	wantNoFindings(t, "lookup",
		"Returns logs. Filter them with a query first.",
		"Returns logs. The analysts ran a KQL query over them last week.",
	)
	promql := catalog.Contract{ID: "acme.promql_query", Purpose: "Evaluate a PromQL expression"}
	if fs := capabilityCheck(t, "stats", "Returns request stats. Work out the error ratio with a PromQL expression over them.", promql); len(fs) > 0 {
		t.Errorf("a roster tool evaluates PromQL: got %s", describe(fs))
	}
}
