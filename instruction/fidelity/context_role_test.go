package fidelity_test

import "testing"

// TestNamesInAToolsRole: a snake_case name the roster lacks, in a tool's
// role — preferred ("should be preferred", "is the better choice"),
// offered as the alternative, set against the tool itself, its output
// named, what it returns, a call ordered around it, what belongs in it —
// is a tool nobody has; the same roles played by a parameter, or a name
// sorted by, are not.
func TestNamesInAToolsRole(t *testing.T) {
	for _, text := range []string{
		"Returns an order as JSON. If a printable copy is wanted, render_order_pdf should be preferred.",
		"Returns one ticket by id. For many tickets at once, bulk_close_tickets is the better choice.",
		"Returns a parcel's events. Alternatively, track_by_invoice accepts the invoice number instead.",
		"Searches the recipe book by name. Allergy questions are answered by check_allergens rather than by this tool.",
		"Returns game results. Join them with the results of fetch_player_stats for the same game ids.",
		"Returns a page's text. Use after search_pages_acme when the snippets are too short.",
		"Parses local documents. Remote pages belong in `scrape_remote_page`.",
		"Returns invoices. Pass the ids returned by list_open_invoices.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
	for _, text := range []string{
		"Returns orders. Results are sorted by created_at, newest first.",
		"Returns orders. For large exports, page_size of 500 is the better choice.",
		"Returns orders. The value of max_results is capped at 100.",
		"Returns orders. Alternatively, pass order_ref instead of the id.",
		"Returns orders. Call it again after next_cursor changes.",
		"The order's node ID, as returned by 'list_orders_acme'.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}
