package fidelity_test

import "testing"

// TestDeedNamedInProse: a snake_case name of a verb and its object in a
// later sentence teaches that tool where prose puts a deed — the subject
// of a verb of acting, what a thing needs, a step's verb before its
// condition; a field
// ("the start_page field", "page_id"), a value ("sort_order=asc"), a
// list of names that are not all deeds, a comparison with the tool and
// the first sentence are none.
func TestDeedNamedInProse(t *testing.T) {
	wantFindings(t, "lookup",
		"Returns a supplier file. Once the audit is over, sign_supplier_audit lifts the flag.",
		"Returns the lenses received. Cracked ones need order_reglaze.",
		"Returns a court record. When it says 'checked', certify_transcript comes next.",
		"Returns the crossword. publish_puzzle after the editor signs off.",
	)
	wantNoFindings(t, "lookup",
		"Returns pages. Set the start_page field to skip ahead.",
		"Returns pages. Pass sort_order=asc for the oldest first.",
		"Returns counts. Categories on offer: merge_requests, issues, repositories, tags.",
		"Returns styles. Quicker than many set_style calls.",
		"Returns the version update_star_catalogue last loaded.",
		"Archives an application. When notify_owner is true, the service emails the owner itself.",
		"Returns cases; `raise_case` is the label of the field that flags urgent ones.",
		"Returns a return request with next_action values like issue_refund or close_case.",
		"Returns a contested sale. It was refunded by issue_refund@v2 in March.",
	)
}
