package fidelity_test

import "testing"

// TestAbilitiesNamedAsTheAgentsOwn: an instrument or ability named as the
// agent's — "the X you have", "the X the assistant has access to", "a job
// for your X", "something your X does well" — needs a roster tool of it;
// "the rows you have to check", "your search history is kept" and a
// person ("your editor") do not.
func TestAbilitiesNamedAsTheAgentsOwn(t *testing.T) {
	for _, text := range []string{
		"Returns product shots. Banners in these styles can come from the image generator you have.",
		"Returns menus in French. English menus are produced by the translator the assistant has access to.",
		"Returns a photographed form. Reading the fields off the photo is a job for your OCR.",
		"Returns support tickets. Sorting them by topic is something your clustering tool does well.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
	for _, text := range []string{
		"Returns rows. These are the rows you have to check.",
		"Returns a search. Your search history is kept for a week.",
		"Returns files. The files your editor can open are listed.",
		"Returns drafts. The final sign-off is a job for your editor.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}
