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

// TestFunctionalApplication: a deed's name applied to an argument after a
// combinator of a functional language ("mapM_ archiveCart carts",
// "traverse_ archive_cart carts") or composed with an operator
// ("archiveCart <<< staleCart") is a call; the combinator's English
// homograph before a plain word ("map the carts") is none.
func TestFunctionalApplication(t *testing.T) {
	wantFindings(t, "report",
		"Returns carts. Haskell: mapM_ archiveCart carts.",
		"Returns carts. Then traverse_ archive_cart carts.",
		"Returns alerts. Yours: archiveCart <<< staleCart for each.",
		"Returns carts. forM_ carts archiveCart would do it.",
	)
	wantNoFindings(t, "report",
		"Returns carts. Then map the carts to their owners.",
		"Returns carts. The field archiveCart is true when archived.",
	)
}
