package fidelity_test

import (
	"strings"
	"testing"
)

// TestSuggestionNamesTheWholeDeed: a finding's suggestion quotes the deed
// it asks the reviewer to reword whole — the verb and its object, both
// objects of a verb that takes two — not a signal cut after an article
// ("does not ask for “Email the”"); a signal that already ends on its
// object is quoted as it is.
func TestSuggestionNamesTheWholeDeed(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"Fetches an invoice by number. Email the customer a copy once it is final.", "“Email the customer a copy”"},
		{"Returns late orders. Email the warehouse about each one.", "“Email the warehouse”"},
		{"Returns the rota. Email the night manager the new shifts.", "“Email the night manager the new shifts”"},
		{"Returns a quote. Then text the buyer a link.", "“text the buyer a link”"},
		{"Returns a draft. Print the final version for the board.", "“Print the final version”"},
	} {
		fs := capabilityCheck(t, "report", tc.text)
		if len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", tc.text)
			continue
		}
		if got := fs[0].Suggestion; !strings.Contains(got, tc.want) {
			t.Errorf("%q: suggestion %q, want it to quote %s", tc.text, got, tc.want)
		}
	}
}
