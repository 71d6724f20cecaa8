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
		"Returns a vendor record. If the review has concluded, approve_vendor_review clears the mark.",
		"Returns the blades received. Chipped ones need quote_regrind.",
		"Returns a hearing transcript. When it reads 'proofed', certify_transcript is next.",
		"Returns the grid. publish_puzzle once the editor approves.",
	)
	wantNoFindings(t, "lookup",
		"Returns pages. Set the start_page field to skip ahead.",
		"Returns pages. Pass sort_order=asc for the oldest first.",
		"Returns counts. Available categories: merge_requests, issues, repositories, branches.",
		"Returns attributes. More efficient than repeated set_attribute calls.",
		"Returns the version update_star_catalogue last loaded.",
		"Archives an application. When notify_owner is true, the service emails the owner itself.",
		"Returns tickets; `escalate_ticket` is the name of the field that marks P1s.",
		"Returns a refund case with next_action values such as issue_refund or close_case.",
		"Returns a disputed order. It was refunded by refund_order@v2 last week.",
	)
}
