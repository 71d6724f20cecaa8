package fidelity_test

import "testing"

// TestCodeALookVerbFindsIsNoCodeToRun: code a tool finds, lists or returns
// with a modifier or two before it ("Find unused JavaScript code", "Lists
// the stale shell scripts") is what the tool looks at; code to run after
// a joint ("find it and run the Python code") is still a deed.
func TestCodeALookVerbFindsIsNoCodeToRun(t *testing.T) {
	wantNoFindings(t, "report",
		"Find dead JavaScript code so the bundle shrinks",
		"Find dead JavaScript code. This server works the report out in headless Chrome; nothing is run at your end.",
		"Lists the stale shell scripts of a repository.",
	)
	wantFindings(t, "report",
		"Returns a notebook. Find the cell and run the Python code in it.",
		"Returns a chart spec. Write fresh JavaScript code to render it.",
	)
}
