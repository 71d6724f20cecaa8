package fidelity_test

import "testing"

// TestLetsIsAStep: "let's" or "let us" with a verb asks the reader to do
// the deed, as an imperative does ("Let's also tag the release, then push
// the tag"); "let" with another person, or "lets" as "allows", does not.
func TestLetsIsAStep(t *testing.T) {
	wantFindings(t, "report",
		"Returns a sprint review. Let's post the demo recording to the #product Slack channel.",
		"Returns a build. Let's also tag the release, then push it once CI is green.",
		"Returns an incident. Now let us page the on-call engineer.",
	)
	wantNoFindings(t, "report",
		"Returns a sprint review. It lets the team post comments on each story.",
		"Returns a booking. Let the guest know the room number.",
	)
}
