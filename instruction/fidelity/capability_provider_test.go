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

// TestAnInstrumentIsProvidedByItsHead: "your route optimizer" is provided
// by a tool that optimizes (optimize_route), not by one that only names the
// instrument's modifier (get_route_sheet: the route is what it returns);
// "your forecasting model", whose head is a generic noun, is still
// provided by a tool its modifier names (forecast_series).
func TestAnInstrumentIsProvidedByItsHead(t *testing.T) {
	text := "Returns the drops of a courier round. Let your route optimizer reshuffle the drops to cut mileage."
	if fs := capabilityCheck(t, "get_route_sheet", text); len(fs) == 0 {
		t.Errorf("%q with get_route_sheet alone: want a finding, got none", text)
	}
	optimizer := catalog.Contract{ID: "acme.optimize_route", Purpose: "Optimizes the order of the stops of a route."}
	if fs := capabilityCheck(t, "get_route_sheet", text, optimizer); len(fs) > 0 {
		t.Errorf("%q with optimize_route: want no finding, got %s", text, describe(fs))
	}
	text = "Returns a drone photo of a meadow. Ask your image classifier to name the flowers."
	if fs := capabilityCheck(t, "get_sonar_image", text); len(fs) == 0 {
		t.Errorf("%q with get_sonar_image alone: want a finding, got none", text)
	}
	forecast := catalog.Contract{ID: "acme.forecast_series", Purpose: "Forecasts a time series."}
	text = "Returns weekly sales. Hand them to your forecasting model for next month's figures."
	if fs := capabilityCheck(t, "weekly_sales", text, forecast); len(fs) > 0 {
		t.Errorf("%q with forecast_series: want no finding, got %s", text, describe(fs))
	}
}
