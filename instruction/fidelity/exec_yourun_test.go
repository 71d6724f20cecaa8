package fidelity_test

import "testing"

// TestCodeTheReaderRuns: a piece of code offered to the reader ("a", "an",
// "this", "some", "any"), named by its language or as code, then "(that)
// you" and a verb of running it, is code execution; what the user runs
// ("The scripts you run are logged"), a thing that is not code ("a report
// you run") and a definite phrase are none. A verb of working code out
// ("evaluate", "check") counts where a capitalized language name
// qualifies a formal piece ("a JMESPath query you evaluate"), and "it" is
// the doer where the line hands the deed to the assistant; a line in
// capitals throughout names no language by its capital.
func TestCodeTheReaderRuns(t *testing.T) {
	wantFindings(t, "lookup",
		"Returns build timings. A Kotlin closure you run over them gives the median.",
		"Returns raw samples. A Zig proc you compile on the spot will smooth them.",
		"Returns folder sizes. An AppleScript you fire off can total them.",
		"Returns loads. One could do worse than a Modelica model you simulate.",
		"Returns price bars. An MQL5 expert advisor that you attach and run trades the breakouts.",
		"Returns prices. Pick out the totals with a JMESPath query you evaluate.",
		"Returns a repair ticket. Pick the gear ratios with a few Kawa expressions you evaluate.",
		"Returns obligations. A Lean proof you check settles each.",
		"Returns a notice. The sum is to be worked out by the assistant with an Alloy model it checks.",
	)
	wantNoFindings(t, "lookup",
		"Returns the audit log. The scripts you run are logged here.",
		"Returns reports. Start from a report you run every Monday.",
		"Returns errands. A marathon you run is logged too.",
		"Returns the audit log. Each script you run is logged here.",
		"Returns the checklist. Tick a box you check each morning.",
		"Returns a notice. The engine evaluates an Alloy model it checks nightly.",
		"Returns models. ESTIMATED IN A SPREADSHEET MODEL YOU CHECK (assistant)",
	)
}

// TestYourSoftwareHandedWork: "your" and a modifier before "software",
// "package" or "suite" names a program of the agent's handed the work
// ("Reconcile them with your bookkeeping software"); "your package" alone
// is the user's parcel or bundle.
func TestYourSoftwareHandedWork(t *testing.T) {
	wantFindings(t, "lookup",
		"Returns till takings. Reconcile them with your bookkeeping software.",
		"Returns readings. Run the list through your statistics package for a mean.",
	)
	wantNoFindings(t, "lookup",
		"Returns deliveries. Your package is on its way.",
		"Returns deliveries. Track it with your package number.",
	)
}
