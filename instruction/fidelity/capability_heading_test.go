package fidelity_test

import "testing"

// TestLabelledStepsAndOneHumpNames: a step after a label ("Daily: rerun
// report 2; weekly: …") is an instruction — a semicolon ends its clause,
// so the next label's colon makes no heading of it; and a one-hump lower
// camel name of a deed whose output a value is taken from ("Get the ID
// from listWidgets output") is a tool put to use, as a snake_case one is.
func TestLabelledStepsAndOneHumpNames(t *testing.T) {
	wantFindings(t, "get_saved_reports",
		"Returns saved SQL queries. Daily: execute query 2; weekly: execute queries 4 and 5.",
		"Deletes a widget by ID. Get the ID from listWidgets output.",
	)
	wantNoFindings(t, "get_saved_reports",
		"Returns saved reports. Query guidance (web monitors): narrow by date first.",
		"Deletes a widget by ID. The ID comes from the widget's page; sortBy output order is by name.",
	)
}
