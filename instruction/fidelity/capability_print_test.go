package fidelity_test

import "testing"

// TestPrintedThingsAndAlarms: printing a physical thing ("a packing
// slip", "name badges") needs a printing tool, and setting an alarm or a
// timer needs a calendar tool (the class table's objects);
// a label as a tag ("Tag it with a label") or a value is neither.
func TestPrintedThingsAndAlarms(t *testing.T) {
	wantFindings(t, "get_shipment",
		"Returns a paid order. Print a packing slip for it before the courier arrives.",
		"Returns the attendee list. Print name badges for everyone who registered.",
		"Returns the dosing schedule. Finally, set an alarm for each dose.",
		"Returns the bake times. Then set a timer for every tray.",
	)
	wantNoFindings(t, "get_shipment",
		"Returns a paid order. Tag it with a label in your answer.",
		"Returns a paid order with its shipping label number.",
	)
}
