package fidelity_test

import "testing"

// TestStepsOfOthers: a step a tracker row, a swimlane or a cleft gives
// to someone named other than the agent is theirs, not the agent's; the
// same step given to "you" or the agent is a leak.
func TestStepsOfOthers(t *testing.T) {
	for _, text := range []string{
		"Returns the vendor log. C4 (owner: Omar): chase the printer on WhatsApp.",
		"Prepares the yearly accounts. Lane: Bookkeeper — submit to Companies House; Lane: Owner — sign.",
		"Returns an exit record. What the lodger does next is hire the movers; the record only shows the day.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
	for _, text := range []string{
		"Returns the vendor log. C4 (owner: you): chase the printer on WhatsApp.",
		"Returns an exit record. Your next step is to email the lodger the inspection report.",
		"Returns the supplier tracker. Chase the supplier on WhatsApp.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
}
