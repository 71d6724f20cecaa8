package fidelity_test

import "testing"

// TestKeycapNumberedSteps: a line numbered with a keycap digit ("2️⃣ …")
// is a numbered step as "2) …" is; the tool's own step ("1️⃣ this call")
// and a step of the conversation ask nothing.
func TestKeycapNumberedSteps(t *testing.T) {
	wantFindings(t, "report",
		"Closes a work order.\n1️⃣ this call\n2️⃣ bill the customer for the hours logged",
		"Closes a work order.\n1) this call\n2) bill the customer for the hours logged",
	)
	wantNoFindings(t, "report",
		"Closes a work order.\n1️⃣ this call\n2️⃣ compare the hours with the estimate",
	)
}
