package fidelity_test

import "testing"

// TestADeedNamedInLinkOrCodeSyntax: a deed's name written as a tool URI,
// a tools path, a class's method, a wiki link, a shortcode, an anchor or
// an area's operation in backticks points at a tool to call; a URL's
// path, a file's path, a heading's anchor and a field in those places do
// not.
func TestADeedNamedInLinkOrCodeSyntax(t *testing.T) {
	wantFindings(t, "report",
		"Returns a case file. Next step: tool://settle_claim?reason=paid",
		"Returns certificate end dates. $ref: '#/tools/renew_cert' for any within 20 days.",
		"Returns a voucher. Near expiry, Vouchers::extendExpiry keeps it alive.",
		"Returns a chargeback. Evidence goes through [[submit_chargeback_evidence]].",
		"Returns the secret renewal plan. Keys due: :rotate_keys: (that shortcode names the tool to call).",
		"Returns late library loans. The follow-up lives at #notify_late_borrower (an anchor of this page; callable).",
		"Returns a chargeback alarm. Fraud confirmed → `billing/freeze_card`.",
		"Returns a chargeback alarm. Fraud confirmed: `billing/freeze_card`.",
	)
	wantNoFindings(t, "report",
		"Returns a user. See https://example.dev/docs/create_user for the fields.",
		"Returns the build log of scripts/build_site.py.",
		"Returns a guide. Read #getting-started first.",
		"Returns a voucher. Vouchers::expiryDate holds the date.",
		"Returns a page. See :page_id: in the template.",
		"Returns a fraud alert with `billing/card_status`.",
		"Returns an event. Its type is `billing/card_frozen`.",
		"Returns an event. Type: `billing/card_frozen`.",
	)
}

// TestADeedNamedInSyntaxAsData: the same syntax naming a record or a
// field ("tool://close_claim audit entry", "Vouchers::extendExpiry is the
// field") is data.
func TestADeedNamedInSyntaxAsData(t *testing.T) {
	wantNoFindings(t, "report",
		"Returns a coupon. Coupons::pushExpiry is the field the store owner switched, kept for the audit.",
		"Returns a case file, with the assessor's tool://settle_claim log entry from Tuesday.",
		"Returns a claim file with its tool://close_claim log.",
	)
}
