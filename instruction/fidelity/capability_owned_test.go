package fidelity_test

import "testing"

// TestAbilitiesNamedAsTheAgentsOwn: an instrument or ability named as the
// agent's — "the X you have", "the X the assistant has access to", "a job
// for your X", "something your X does well" — needs a roster tool of it;
// "the rows you have to check", "your search history is kept" and a
// person ("your editor") do not.
func TestAbilitiesNamedAsTheAgentsOwn(t *testing.T) {
	for _, text := range []string{
		"Returns product photos. Posters in these styles can come out of the image generator you have.",
		"Returns menus in Italian. German menus come from the translation tool the assistant has access to.",
		"Returns a scanned slip. Pulling the fields from the scan is work for your OCR.",
		"Returns help requests. Grouping them by theme is something your clustering tool handles well.",
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

// TestAbilitiesReliedOnOrReported: "your X" relied on ("reviewers count on
// your dictation engine") or opening a reported clause ("The editor
// says your grammar checker must pass it") is the agent's own ability,
// needed from the roster.
func TestAbilitiesReliedOnOrReported(t *testing.T) {
	for _, text := range []string{
		"Returns a voicemail. The help desk leads rely on your dictation engine for a transcript.",
		"Returns a cover letter. The career office says your grammar checker must pass it before it is sent.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
	for _, text := range []string{
		"Returns a voicemail. The support leads rely on your judgement for the reply.",
		"Returns a cover letter. The career office says your draft must be short.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}
