package fidelity_test

import "testing"

// TestStepsOfImmediacyAndGoingOn: a verb right after "straight away",
// "right away", "go on to" or "move on to", and a label of an ordinal
// stage ("Third step:"), is a step; the same words elsewhere are none.
func TestStepsOfImmediacyAndGoingOn(t *testing.T) {
	wantFindings(t, "report",
		"Returns the build. Passed? Straight away tag the release and archive its branch.",
		"Returns the build. Right away close the old milestone.",
		"Returns the build. Go on to archive the old milestone.",
		"Returns the build.\n\nThird step: archive the old milestone.",
	)
	wantNoFindings(t, "report",
		"Returns the build. Results come straight away.",
		"Returns the build. Teams go on to other work.",
	)
}
