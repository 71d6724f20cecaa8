package fidelity_test

import "testing"

// TestYourProgramNamedLikeAPerson: a head noun that names a person and a
// program alike ("manager", "editor", "maker") is the agent's program
// after "your" and a modifier, where a deed on data is done in, into,
// from, with, using, through or via it ("your password manager"); it is a
// person where the deed is one done with people ("discuss it with your
// account manager") or where it is a recipient ("send it to your copy
// editor", a step of its own). An agent noun whose verb is compounded
// ("geocoder", "transcoder") is an instrument like any other.
func TestYourProgramNamedLikeAPerson(t *testing.T) {
	wantFindings(t, "get_form",
		"Returns a login form. Autofill the fields from your password manager.",
		"Returns a banner. Crop it in your image editor before upload.",
		"Returns monthly sales. Chart the totals with your graph maker.",
		"Returns a playlist draft. Shuffle the tracks using your playlist builder.",
		"Returns addresses. Use your geocoder to place them on the map.",
		"Returns a video. Convert it with your transcoder.",
	)
	wantNoFindings(t, "get_form",
		"Returns an invoice. Discuss the total with your account manager.",
		"Returns the draft. Get approval from your line manager.",
		"Returns a contract. Ask your account manager about it.",
		"Returns the rota. Check it with your shift planner.",
		"Returns a contract. Confirm the terms with your project manager.",
		"Returns a file. Put it in your file folder.",
		"Returns the budget. Agree the figures with your cost manager.",
	)
}
