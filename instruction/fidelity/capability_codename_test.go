package fidelity_test

import "testing"

// TestCodeNamedByItsLanguageOrLibrary: a step that names code by its
// language or library instead of a running verb ("with matplotlib", "in
// R", "a quick Lua expression", "Let numpy …", "a DuckDB window
// function") is code execution; the same names as what a tool returns,
// supports or was built with, or a word in its other sense, are not.
func TestCodeNamedByItsLanguageOrLibrary(t *testing.T) {
	for _, text := range []string{
		"Returns monthly rainfall. Plot the trend with matplotlib before answering.",
		"Returns trial outcomes. Fit the dose-response curve in R and report the EC50.",
		"Returns meter readings. Work out the daily usage with a quick Python snippet.",
		"Returns survey answers. Score each answer as a Lua expression.",
		"Returns a takings dump. Applying a DuckDB window function to it yields the running mean.",
		"Returns the cost matrix. Let numpy find the cheapest matching.",
		"Returns a workbook. Recalculate the totals with a VBA macro.",
		"Returns log lines. Compute the p95 latency with scipy.stats.",
		"Returns a price list. Convert the currencies using a bit of NumPy.",
		"Returns hourly sensor counts. Resample them to daily totals in pandas.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a code-execution finding, got none", text)
		}
	}
	for _, text := range []string{
		"Returns the dataset as a pandas-free CSV. Columns are in R order of the survey.",
		"Returns the plot image that the analytics team rendered with matplotlib.",
		"Returns package metadata for a Python library: its name, version and license.",
		"Returns the chapters of a book on Ruby, with their page counts.",
		"Returns a naval record of the ship Python, a frigate.",
		"Returns concert details: Go to the venue's site for tickets.",
		"Returns the course list, including the Lua and Python modules students may take.",
		"Returns weather. Written in Rust for speed.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}
