package fidelity_test

import "testing"

// TestAClassVerbInTheThirdPersonIsTheAgentsDeed: a verb of the class table
// in the third person after the agent, in a chain of its deeds ("the
// assistant locks the gym and next texts the players"), is the agent's
// deed even where the lexicon knows the word better as a noun; the same
// word as a noun ("get texts") or another's deed ("the coach texts") is
// none.
func TestAClassVerbInTheThirdPersonIsTheAgentsDeed(t *testing.T) {
	wantClasses(t, []classCase{
		{"report", "Returns the match report.\n\nAt full time the assistant locks the gym and next texts the players.", "sms"},
		{"report", "Returns the match report.\n\nAt full time the assistant books the hall, then texts the parents.", "sms"},
	})
	wantNoFindings(t, "report",
		"Returns the match report. The parents get texts from the club.",
		"Returns the match report. The coach texts the parents himself.",
	)
}
