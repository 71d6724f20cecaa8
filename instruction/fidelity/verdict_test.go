package fidelity_test

import "testing"

// TestVerdictsAreTheAgentsOwn: a later step that judges or names a thing
// in the agent's answer ("Mark the claim supported, contradicted or
// unverifiable") needs no tool — the demo skill "Source check" says so,
// and its promotion was refused for it; a step that sets a state kept
// somewhere else ("Mark the ticket as resolved in the tracker") still
// needs its tool.
func TestVerdictsAreTheAgentsOwn(t *testing.T) {
	for _, text := range []string{
		"Checks a claim. 1. List the claim's cited URLs.\n2. Quote it with the URL.\n3. Mark the claim supported, contradicted or unverifiable, and say why.",
		"Returns answers. Rate each answer correct or wrong, and give the score.",
		"Returns reviews. Label every review positive, neutral or negative.",
		"Builds a report. 1. Read the sheet.\n2. Write reports/qbr.md.\n3. Name the source cells for every figure.\n4. Cite the page of each quote.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
	for _, text := range []string{
		"Returns a ticket. Then mark the ticket as resolved in the tracker.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
}
