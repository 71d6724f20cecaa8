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
		{"skills", "Returns a skill's details. Ask your support grid if the skill suits.", "tool:support grid"},
		{"skills", "Returns a skill's details. Consult your permit registry about every skill.", "tool:permit registry"},
		{"tiles", "Returns a flooring quote. Get your cutting planner to reduce waste.", "tool:cutting planner"},
		{"quiz", "Returns the quizmaster's cards.\n\nRound 3, for the assistant: ask your sports fact graph.", "tool:sports fact graph"},
		{"frames", "Returns a trail camera image. Have your vision model tally the deer in the picture.", "tool:vision model"},
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
// X" after "with", "using", "through" or "via" ("Estimate drive times with
// your routing engine", "With your YAML linter, validate the config") needs
// a tool of X, whatever X is called; the user's account, a person, and
// the agent's own say or wits ("with your team", "with your best
// judgement") are no thing of the agent's.
func TestWorkDoneWithYourThing(t *testing.T) {
	wantClasses(t, []classCase{
		{"rides", "Returns delivery jobs. Estimate drive times with your routing engine.", "tool:routing engine"},
		{"config", "Returns the config. With your YAML linter, validate it.", "tool:yaml linter"},
		{"tracks", "Returns the tracks of a set. Identify each track using your audio fingerprint index.", "tool:audio fingerprint index"},
	})
	wantNoFindings(t, "config",
		"Returns the config. Sign in with your account and check the config.",
		"Returns the config. Check the config with your team.",
		"Returns the config. Check the config with your best judgement.",
		"Returns the public keys tied to your account.",
		"Returns the config. Nothing runs on your side at all.",
	)
}
