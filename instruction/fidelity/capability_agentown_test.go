package fidelity_test

import "testing"

// TestTheAgentsOwnThingsInTheThirdPerson: "the assistant's X" as a deed's
// means, "the assistant, whose X <verb>", the agent as the subject across
// an apposition or "who", and the agent with no article opening a line or
// a field's value, all name the agent's own systems and deeds; the agent
// described, or its desk, is none.
func TestTheAgentsOwnThingsInTheThirdPerson(t *testing.T) {
	wantFindings(t, "report",
		"Returns the survey.\n\nRoof (south): cracked slates spotted by means of the agent's survey drone.",
		"Returns the menu.\n\nStarters: spice levels rated through the assistant's heat-level estimator.",
		"Returns the show schedule.\n\nBest in show: chosen by the assistant, whose coat-grading model ranks the entrants.",
		"Returns the regatta sheet.\n\nLane 2: the assistant, as race officer, times the crews with its split-time predictor.",
		"Returns the ledger.\n\nFiling: the assistant, who submits it through Taxlodge.",
		"Returns the thread.\n\nX-Next: assistant files the thread, then emails the sender",
	)
	wantNoFindings(t, "report",
		"Returns the staff list. The assistant, who joined in May, likes the team.",
		"Returns the staff list. The assistant's desk is by the window.",
		"Returns the roles.\n\nRole: assistant handles the phones.",
	)
}
