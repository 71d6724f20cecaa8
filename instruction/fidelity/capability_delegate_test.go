package fidelity_test

import "testing"

// TestWorkDelegatedToYourThing: an imperative that hands its deed to
// "your X" — asks, consults, gets, has or lets it — needs a tool of X,
// whatever X is called ("your compatibility matrix", "your licence
// database"); a person ("your manager"), what is asked for ("your
// question") and what the user holds ("your results", "your Render
// account") hand nothing over.
func TestWorkDelegatedToYourThing(t *testing.T) {
	wantClasses(t, []classCase{
		{"skills", "Returns a skill's details. Ask your compatibility matrix whether the skill fits.", "tool:compatibility matrix"},
		{"skills", "Returns a skill's details. Consult your licence database for each skill.", "tool:licence database"},
		{"tiles", "Returns a tiling job estimate. Get your layout planner to minimise cuts.", "tool:layout planner"},
		{"quiz", "Returns the host's script.\n\nQ7, for the assistant: ask your trivia knowledge graph.", "tool:trivia knowledge graph"},
		{"frames", "Returns a still from the camera. Have your vision model count the animals in the frame.", "tool:vision model"},
	})
	wantNoFindings(t, "skills",
		"Returns a skill's details. Ask your manager whether the skill fits.",
		"Returns a skill's details. Ask your question in the forum.",
		"Returns a skill's details. Get your results from the cache.",
		"Returns a skill's details. Let your users pick a plan.",
		"Returns a skill's details. Consult your Render account for the key.",
	)
}

// TestWorkDoneWithYourThing: the means of an instruction given as "your
// X" after "with", "using", "through" or "via" ("Estimate ride times with
// your routing engine", "With your YAML linter, check the config") needs
// a tool of X, whatever X is called; the user's account, a person, and
// the agent's own say or wits ("with your team", "with your best
// judgement") are no thing of the agent's.
func TestWorkDoneWithYourThing(t *testing.T) {
	wantClasses(t, []classCase{
		{"rides", "Returns ride requests. Estimate ride times with your routing engine.", "tool:routing engine"},
		{"config", "Returns the config. With your YAML linter, check the config.", "tool:yaml linter"},
		{"tracks", "Returns the tracks of a set. Identify each track using your audio fingerprint index.", "tool:audio fingerprint index"},
	})
	wantNoFindings(t, "config",
		"Returns the config. Sign in with your account and check the config.",
		"Returns the config. Check the config with your team.",
		"Returns the config. Check the config with your best judgement.",
		"Returns public keys associated with your account.",
		"Returns the config. Nothing is executed on your side.",
	)
}
