package fidelity_test

import "testing"

// TestANegatedPassiveOfTheAgentAsksNothing: a passive deed with the agent
// as its doer is the agent's step ("Each crate is shipped by the
// assistant"), unless its subject denies it ("No crate is shipped by the
// assistant", "Nothing is posted by you"): then it says what the agent
// does not do.
func TestANegatedPassiveOfTheAgentAsksNothing(t *testing.T) {
	wantFindings(t, "report",
		"Returns the packing list.\n\nEach crate is shipped by the assistant.",
		"Returns the dinner menu.\n\nThe dessert is ordered by the assistant after the mains.",
	)
	wantNoFindings(t, "report",
		"Returns the packing list.\n\nRow 4 | — | no crate is shipped by the assistant.",
		"Returns the dinner menu.\n\nNo dessert is ordered by the assistant.",
		"Returns the rota.\n\nNothing is posted by you; the manager posts it.",
		"Returns the playlist.\n\nNone of the songs is bought by the assistant.",
	)
}
