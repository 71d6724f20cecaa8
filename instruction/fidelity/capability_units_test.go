package fidelity_test

import "testing"

// TestUnitsAndFormatsAreNoServices: a unit of measure with a prefix ("in
// MiB", "in GiB") or a date pattern ("in YYYY-MM-DD") is a value's measure
// or shape, not a service where a deed is done; a service's name still is.
func TestUnitsAndFormatsAreNoServices(t *testing.T) {
	wantNoFindings(t, "get_usage",
		"Returns the RAM used by every container, in MiB.",
		"Returns bookings. Start date in YYYY-MM-DD.",
		"Returns disk usage per volume, in GiB.",
	)
	wantFindings(t, "get_usage",
		"Returns memory usage. Then file the result in ServiceNow.",
	)
}
