package fidelity_test

import "testing"

// TestProgramAsMeans: a step whose means is a program — "in a short
// script", "through a moving-average script", "in a notebook cell",
// "with a quick Python snippet" even after "the litres used" — asks the
// agent to run code; a cell, a script that was written by someone, and
// a script file stored are not.
func TestProgramAsMeans(t *testing.T) {
	for _, text := range []string{
		"Returns trunk girths. Compute the canopy spread for each trunk in a short script.",
		"Returns kiln heat logs. Mark any drift by passing the logs through a smoothing script.",
		"Returns query trends. Smooth the curve with a rolling average in a notebook cell, then compare.",
		"Returns tachograph readings. Work out the hours driven using a brief Python snippet, then bill them.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
	for _, text := range []string{
		"Put a link in a cell. A click on the link opens its target in a browser for the user.",
		"Returns readings. The technician recalculated them with a short script.",
		"Returns a playbook. It is kept in a script file.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}
