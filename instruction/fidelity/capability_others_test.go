package fidelity_test

import "testing"

// TestStepsOfOthers: a step a tracker row, a swimlane or a cleft gives
// to someone named other than the agent is theirs, not the agent's; the
// same step given to "you" or the agent is a leak.
func TestStepsOfOthers(t *testing.T) {
	for _, text := range []string{
		"Returns the supplier tracker. B7 (owner: Lena): chase the supplier on WhatsApp.",
		"Prepares an annual return. Lane: Accountant — submit to Companies House; Lane: Director — sign.",
		"Returns a move-out record. What the tenant does next is book the cleaners; the record just shows the date.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
	for _, text := range []string{
		"Returns the supplier tracker. B7 (owner: you): chase the supplier on WhatsApp.",
		"Returns a move-out record. What you do next is email the tenant the checkout report.",
		"Returns the supplier tracker. Chase the supplier on WhatsApp.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
}
