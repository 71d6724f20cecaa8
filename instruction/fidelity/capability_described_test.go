package fidelity_test

import "testing"

// TestCodeSomeoneElseRan: a means of running code in a clause whose
// subject is someone else — a person doing it as a habit ("Statisticians
// usually model it in a notebook") or anyone having done it ("The
// technician recalculated them with a short script") — describes a deed;
// it asks none. An imperative, an obligation or the agent's own deed
// still does.
func TestCodeSomeoneElseRan(t *testing.T) {
	wantNoFindings(t, "get_sample",
		"Returns a dataset sample. Analysts often fit it in a notebook, but this tool just gives rows.",
		"Returns the lab results. The technician recalculated them with a short script after the calibration changed.",
		"Returns the archive. Its curator indexed the files with a small program last year.",
		"Returns sales rows. Accountants check the totals with a quick script each quarter.",
	)
	wantFindings(t, "get_sample",
		"Returns a dataset sample. Model it in a notebook before answering.",
		"Returns sales rows. Totals should be recomputed with a short program.",
		"Returns sales rows. The assistant checks the totals with a quick script.",
		"Returns sales rows. Once they load, you check the totals with a quick script.",
	)
}
