package fidelity_test

import "testing"

// TestCodeMeansRecommendedAsThePlace: a means of running code recommended
// as the place for a deed ("A sandbox is the best place to try …") asks
// for code execution, as "use a sandbox to try …" does; a means described
// ("A notebook is the document the analyst shares") asks for none.
func TestCodeMeansRecommendedAsThePlace(t *testing.T) {
	for _, text := range []string{
		"Returns a pricing formula. A sandbox is the best place to try it on sample numbers.",
		"Returns survey answers. A Python notebook would be the ideal way to cluster them first.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a code-execution finding, got none", text)
		}
	}
	for _, text := range []string{
		"Returns a notebook. A notebook is the document the analyst shares with the team.",
		"Returns a report. The notebook is the source of these figures.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}

// TestAnInterpreterWithItsEvalFlag: an interpreter written with its flag
// for code on the command line ("ruby -e", "python -c") runs code,
// whatever verb is near; the program's name alone, or a flag of
// something else, does not.
func TestAnInterpreterWithItsEvalFlag(t *testing.T) {
	for _, text := range []string{
		"Returns a Ruby one-line example. ruby -e with the example prints the answer.",
		"Returns a date expression. For a quick check, python3 -c and the expression give the weekday.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a code-execution finding, got none", text)
		}
	}
	for _, text := range []string{
		"Returns a cluster node. Pass -e to exclude edge nodes from the list.",
		"Returns the Python version the project declares.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}
