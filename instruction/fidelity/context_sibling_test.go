package fidelity_test

import (
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestASiblingNamedWithoutItsPrefixIsTheSibling: a server's text often
// names its sibling tools without the prefix they are published under
// ("Use after search_nearby" for maps_search_nearby, "call
// list_deliveries first" for cookunity_list_deliveries), in snake or
// kebab case; the roster tool whose name ends in those words is the one
// named. A name the roster has no tool ending in stays a finding.
func TestASiblingNamedWithoutItsPrefixIsTheSibling(t *testing.T) {
	nearby := catalog.Contract{ID: "acme.maps_search_nearby", Purpose: "Finds places near a location."}
	deliveries := catalog.Contract{ID: "acme.shopco_list_deliveries", Purpose: "Lists upcoming deliveries."}
	for _, text := range []string{
		"Returns a place's details. Use after search_nearby to get reviews and hours.",
		"Returns a place's details. Call search-nearby first for the place id.",
		"Skips a delivery week. Past cutoff: check the cutoff with list_deliveries.",
	} {
		if fs := capabilityCheck(t, "report", text, nearby, deliveries); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
	for _, text := range []string{
		"Returns a place's details. Then call search_far_away to widen the area.",
		"Skips a delivery week. Then call cancel_deliveries for the rest of the month.",
		"Returns a place's details. Then call nearby_search for more.",
	} {
		if fs := capabilityCheck(t, "report", text, nearby, deliveries); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
}

// TestAChainTheToolReplacesTeachesNothing: a tool that says which chain of
// calls it stands in for ("Stands in for the hand-made chain of locate → nearby-search
// → venue-info") names those tools only to compare; the same chain
// handed over as steps is a finding.
func TestAChainTheToolReplacesTeachesNothing(t *testing.T) {
	for _, text := range []string{
		"Ranks venues in one call. Replaces the hand-made chain of find-venues → venue-info → travel-times.",
		"Surveys a district in one call. Replaces the hand-made chain of locate → nearby_search → venue_info.",
		"Builds a trip in one call, replacing fetch_route -> fetch_stops -> fetch_fares.",
		"Ranks venues in one call, instead of find-venues → venue-info → travel-times.",
	} {
		wantNoFindings(t, "report", text)
	}
	wantFindings(t, "report",
		"Ranks venues. Chain: find-venues → venue-info → travel-times.",
		"Ranks venues. Replaces the old list. Then call find_venues → venue_info.",
	)
}

// TestADeedOfTheRostersServiceByAKinVerb: a roster tool that submits a
// return to HMRC does what "file it with HMRC" asks; a roster tool that
// only reads from HMRC does not.
func TestADeedOfTheRostersServiceByAKinVerb(t *testing.T) {
	text := "Returns a draft VAT return. You'll then file it with HMRC via the MTD interface."
	submit := catalog.Contract{ID: "acme.mtd_submit_return", Purpose: "Submit a VAT return to HMRC through Making Tax Digital."}
	if fs := capabilityCheck(t, "get_vat_return", text, submit); len(fs) > 0 {
		t.Errorf("with %s: want no finding, got %s", submit.ID, describe(fs))
	}
	read := catalog.Contract{ID: "acme.mtd_get_obligations", Purpose: "Get the VAT obligations HMRC holds through Making Tax Digital."}
	if fs := capabilityCheck(t, "get_vat_return", text, read); len(fs) == 0 {
		t.Errorf("with %s: want a finding, got none", read.ID)
	}
}

// TestAValuePassedWithACallIsNoTool: "call get_payroll_page once more with
// next_cursor" passes a value; "escalate with open_dispute" names a tool.
func TestAValuePassedWithACallIsNoTool(t *testing.T) {
	wantNoFindings(t, "get_payroll_page",
		"Returns a page of the payroll batch. Then call get_payroll_page once more with next_cursor till nothing comes back.",
		"Returns a page of orders. Call it again with prev_cursor to go back.",
	)
	wantFindings(t, "report",
		"Returns a dispute. Escalate it with open_dispute.",
		"Returns a dispute. Then follow up with notify_owner.",
	)
}
