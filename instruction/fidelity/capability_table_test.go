package fidelity_test

import "testing"

// TestStepsInATableOfWhatToDo: a table written in prose whose header
// names what to do ("Outcome | what to do: refused | open a FedEx return;
// …", "Severity | action: …") holds a step in each of its cells; a table
// of values ("Status | Carrier | Open date: …") or of what someone can do
// ("Role | what it can do: …") holds none.
func TestStepsInATableOfWhatToDo(t *testing.T) {
	wantFindings(t, "get_delivery",
		"Returns a delivery. Outcome | what to do: refused | open a FedEx return; damaged | nothing.",
		"Returns a server alert. Severity | action: high | page the on-call engineer; low | nothing.",
	)
	wantNoFindings(t, "get_delivery",
		"Returns deliveries as a table. Status | Carrier | Open date: shipped | DHL | 2024-01-02.",
		"Returns the roles. Role | what it can do: admin | open a ticket for anyone; viewer | read only.",
		"Returns deliveries. Outcome | note: refused | open a FedEx return was tried; damaged | none.",
	)
}
