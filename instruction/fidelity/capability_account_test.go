package fidelity_test

import "testing"

// TestYourAccountAtAServiceIsNoAbility: "your Render account" is the
// user's account at a service the tool works in, not an ability of the
// agent; "your X" as the means of a deed stays one.
func TestYourAccountAtAServiceIsNoAbility(t *testing.T) {
	wantNoFindings(t, "list_services",
		"List every service in your Render account",
		"Lists the invoices in your Stripe dashboard.",
	)
	wantFindings(t, "report",
		"Returns a photo. Crop it in your image editor.",
	)
}
