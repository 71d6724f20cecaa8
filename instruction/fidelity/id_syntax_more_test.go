package fidelity_test

import "testing"

// TestTemplateAndMessageCalls: a deed's name called in a Go template
// action with an argument ("{{ archive_cart .ID }}") or sent as an
// Objective-C message ("[crm archiveCart:cart]") is a call the roster
// lacks; a template placeholder without an argument ("{{ send_date }}")
// and a bracketed note ("[see archiveCart]") are none.
func TestTemplateAndMessageCalls(t *testing.T) {
	wantFindings(t, "report",
		"Returns stale carts. {{ archive_cart .ID }} for each cart.",
		"Returns stale carts. {{- archive_cart $cart -}} each time.",
		"Returns stale carts. Objective-C: [crm archiveCart:cart]; each time.",
		"Returns stale carts. [[CartStore shared] purgeCart:cart];",
	)
	wantNoFindings(t, "report",
		"Returns stale carts. The subject line is {{ send_date }}.",
		"Returns stale carts. Its note reads [see archiveCart].",
	)
}
