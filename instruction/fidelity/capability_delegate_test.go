package fidelity_test

import "testing"

// TestWorkDelegatedToYourThing: an imperative that hands its deed to
// "your X" — asks, consults, gets, has or lets it — needs a tool of X,
// whatever X is called ("your compatibility matrix", "your licence
// database"); a person ("your manager"), what is asked for ("your
// question") and what the user holds ("your results", "your Render
// account") hand nothing over.
func TestWorkDelegatedToYourThing(t *testing.T) {
	cases := []struct{ tool, text, class string }{
		{"skills", "Returns a skill's details. Ask your compatibility matrix whether the skill fits.", "tool:compatibility matrix"},
		{"skills", "Returns a skill's details. Consult your licence database for each skill.", "tool:licence database"},
		{"tiles", "Returns a tiling job estimate. Get your layout planner to minimise cuts.", "tool:layout planner"},
		{"quiz", "Returns the host's script.\n\nQ7, for the assistant: ask your trivia knowledge graph.", "tool:trivia knowledge graph"},
		{"frames", "Returns a still from the camera. Have your vision model count the animals in the frame.", "tool:vision model"},
	}
	for _, c := range cases {
		fs := capabilityCheck(t, c.tool, c.text)
		if !hasClass(fs, c.class) {
			t.Errorf("%q: want class %s, got %s", c.text, c.class, describe(fs))
		}
	}
	wantNoFindings(t, "skills",
		"Returns a skill's details. Ask your manager whether the skill fits.",
		"Returns a skill's details. Ask your question in the forum.",
		"Returns a skill's details. Get your results from the cache.",
		"Returns a skill's details. Let your users pick a plan.",
		"Returns a skill's details. Consult your Render account for the key.",
	)
}
