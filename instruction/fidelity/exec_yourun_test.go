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
		"Returns raw signals. A Zig proc you build right there will smooth them.",
		"Returns disk usage per folder. A short AppleScript you fire off can sum them.",
		"Returns heat loads. A Modelica model you simulate would serve well here.",
		"Returns candles. An MQL5 expert advisor you attach and run can trade the reversals.",
		"Returns quotes. Extract the sums using a JMESPath query you evaluate.",
		"Returns a bike service job. Pick the gear ratios with some Kawa expressions you evaluate.",
		"Returns lemmas. A Lean proof you check will settle every one.",
		"Returns a notice. The total is to be computed by the assistant with a TLA+ spec it checks.",
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
// ("Reconcile them with your accounting software"); "your package" alone
// is the user's parcel or bundle.
func TestYourSoftwareHandedWork(t *testing.T) {
	wantFindings(t, "lookup",
		"Returns the cash drawer totals. Reconcile them with your accounting software.",
		"Returns measurements. Pass the list to your statistics package for an average.",
	)
	wantNoFindings(t, "lookup",
		"Returns deliveries. Your package is on its way.",
		"Returns deliveries. Track it with your package number.",
	)
}
