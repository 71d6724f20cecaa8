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
		"Returns loan applications. Calculate the APR by evaluating an R Markdown chunk.",
		"Returns orders. Build the allergen grid by evaluating a T-SQL batch over the orders.",
		"Returns the timetable. Generate practice tracks by running a Max/MSP patch.",
		"Returns stock levels. Compute reorder points with a PL/pgSQL function.",
		"Returns room bookings. Build the weekly rota by evaluating a Quarto document.",
		"Returns error lines. Pull the matching ones out with a LogQL query first.",
		"Returns sessions. Tally statuses with a KQL query over the export.",
	)
	wantNoFindings(t, "lookup",
		"Returns logs. Filter them with a query first.",
		"Returns logs. The analysts ran a KQL query over them last week.",
	)
	promql := catalog.Contract{ID: "acme.promql_query", Purpose: "Evaluate a PromQL expression"}
	if fs := capabilityCheck(t, "stats", "Returns session stats. Compute the success rate with a PromQL expression over them.", promql); len(fs) > 0 {
		t.Errorf("a roster tool evaluates PromQL: got %s", describe(fs))
	}
}
