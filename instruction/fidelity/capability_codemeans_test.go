package fidelity_test

import "testing"

// TestProgramAsMeans: a step whose means is a program — "in a short
// script", "through a moving-average script", "in a notebook cell",
// "with a quick Python snippet" even after "the litres used" — asks the
// agent to run code; a cell, a script that was written by someone, and
// a script file stored are not.
func TestProgramAsMeans(t *testing.T) {
	for _, text := range []string{
		"Returns stem diameters. Compute the root protection radius for each stem in a short script.",
		"Returns sauna temperature logs. Flag drift by running the readings through a moving-average script.",
		"Returns search trends. Smooth the series with a rolling mean in a notebook cell before comparing.",
		"Returns diesel gauge readings. Work out the litres used with a quick Python snippet and bill them.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
	for _, text := range []string{
		"Insert a hyperlink into a cell. Clicking the link opens the target in the user's browser.",
		"Returns readings. The technician recalculated them with a short script.",
		"Returns a playbook. It is kept in a script file.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}
