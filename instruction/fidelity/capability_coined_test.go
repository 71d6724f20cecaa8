package fidelity_test

import "testing"

// TestVerbsTheLexiconLacks: a word the lexicon knows only as a noun, or
// not at all, that stands where a step's verb does, with an object right
// after it, is a step of its own and opens "X and Y", whose second deed is
// then a step too; a subordinating word, a noun of time and a noun after
// "last" or "next" at the same place are none.
func TestVerbsTheLexiconLacks(t *testing.T) {
	wantFindings(t, "report",
		"Returns the builds. Once checked, hotfix the build for the demo.",
		"Returns the photos. Then geotag the photos before the upload.",
		"Returns the sprints. If scope grows, timebox the sprint and notify the team.",
		"Returns the parts. Next, debur the edges and email the machinist.",
	)
	wantNoFindings(t, "report",
		"Returns the listings. Rooms link to the partner site, where the guest books them.",
		"Returns the builds. Last week the team shipped these builds to staging.",
		"Returns the hours. Tomorrow the shop opens late.",
		"Returns the rota. Meanwhile the boiler heats the water.",
	)
}

// TestArrivingIsNoObject: a noun at a sentence's start before a verb of
// arriving is its subject ("Post arrives through the front door"), not a
// deed done to a plural object.
func TestArrivingIsNoObject(t *testing.T) {
	wantNoFindings(t, "report",
		"Returns the inbox. Email arrives via the relay.",
		"Returns the parcels. Post comes through the depot.",
	)
	wantFindings(t, "report",
		"Returns the proofs. Email proofs via the relay.",
	)
}

// TestAgentLabelInACell: "assistant:" opening a table cell, a parenthesis
// or a line gives the reader the deed after it, in the third person too,
// and "its" there is the reader's own.
func TestAgentLabelInACell(t *testing.T) {
	wantFindings(t, "report",
		"Returns the route card.\n\n| 4 | bridge | assistant: measures the span with its laser rangefinder |",
		"Returns the dough recipe.\n\nProof: 2 hours (assistant: time it with its fermentation predictor).",
	)
}

// TestAgentDeedsAcrossAnArrow: a chain of the agent's deeds goes on after
// an arrow and a bare "then"; a passive whose doer is the agent keeps the
// means it names ("by the assistant via its own …").
func TestAgentDeedsAcrossAnArrow(t *testing.T) {
	wantFindings(t, "report",
		"Returns the cellar list.\n\nStock under 6 → the assistant restocks the shelf → then emails the owner the count.",
		"Returns the tide table.\n\nb — Launch windows are planned by the assistant via its own wave forecaster.",
	)
}
