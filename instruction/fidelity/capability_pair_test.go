package fidelity_test

import "testing"

// TestAPairOfFieldsIsNoPairOfTools: two snake_case words joined by one
// slash are tools offered side by side only where one is an operation on
// a thing ("list_pages/get_page"); a pair of fields or values
// ("start_date/end_date", "read_only/read_write") names no tool.
func TestAPairOfFieldsIsNoPairOfTools(t *testing.T) {
	wantNoFindings(t, "report",
		"Returns bookings. Use start_date/end_date to bound the range.",
		"Returns a share link. Use read_only/read_write to pick the access level.",
		"Returns shifts. Pass min_hours/max_hours to filter them.",
	)
	text := "Lists the sheets of a workbook. To change a sheet, use fetch_sheet/update_cells."
	if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
		t.Errorf("%q: want unknown tools, got none", text)
	}
}
