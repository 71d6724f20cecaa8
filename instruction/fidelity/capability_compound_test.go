package fidelity_test

import "testing"

// TestAVerbCompoundIsNoToolName: a hyphenated verb compound after
// "via"/"from"/"through" ("check-out", a gerund's "log-forwarding") is a
// word, not a tool's name; a verb and its object stays one
// (TestNamesOfToolsNobodyHas).
func TestAVerbCompoundIsNoToolName(t *testing.T) {
	wantNoFindings(t, "report",
		"Returns logs shipped via log-forwarding.",
		"Returns orders placed via check-out.",
		"Returns balances carried through roll-over.",
	)
}

// TestADeedHandedToADeniedCallIsDenied: "Never use this tool to run
// scripts" denies the deed it hands on; "Don't forget to run shell
// scripts" still asks for it.
func TestADeedHandedToADeniedCallIsDenied(t *testing.T) {
	wantNoFindings(t, "report",
		"Returns a file. Never use this tool to run scripts.",
		"Reads a log. Never use it to execute commands.",
	)
	wantFindings(t, "report", "Returns a file. Don't forget to run shell scripts on the host afterwards.")
}
