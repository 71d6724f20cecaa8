package fidelity_test

import (
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestAToolThatDoesTheDeedInTheNamedService: a named service ("in the
// CMS", "on Mastodon") is provided by a roster tool whose headline does
// the same deed there ("queue a newsletter in the CMS"); a tool that only
// names the service while doing another deed ("Returns a draft from the
// CMS") does not provide it.
func TestAToolThatDoesTheDeedInTheNamedService(t *testing.T) {
	queue := catalog.Contract{ID: "acme.queue_newsletter", Purpose: "queue a newsletter in the CMS"}
	boost := catalog.Contract{ID: "acme.boost_toot", Purpose: "Boosts a status on Mastodon."}
	for _, tc := range []struct {
		text  string
		other catalog.Contract
	}{
		{"Returns a newsletter. Once it is approved, queue it for Friday in the CMS.", queue},
		{"Returns a status. If it is about the launch, boost it on Mastodon.", boost},
	} {
		if fs := capabilityCheck(t, "report", tc.text, tc.other); len(fs) > 0 {
			t.Errorf("%q with %s: want no finding, got %s", tc.text, tc.other.ID, describe(fs))
		}
	}
	for _, tc := range []struct {
		text  string
		other catalog.Contract
	}{
		{"Returns a newsletter. Once it is approved, publish it in the CMS.", queue},
		{"Returns a status. If it is about the launch, reply to it on Mastodon.", boost},
	} {
		if fs := capabilityCheck(t, "report", tc.text, tc.other); len(fs) == 0 {
			t.Errorf("%q with %s: want a finding, got none", tc.text, tc.other.ID)
		}
	}
}
