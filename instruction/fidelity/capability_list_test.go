package fidelity_test

import "testing"

// TestListItemsAreNoSteps: a comma list of things ("Handles receipts,
// refunds, supplier credits, bill payments, and notes") holds noun
// phrases: an item whose first word is also a verb ("bill payments",
// "order lines", "charge backs") is a thing, not an instruction, where
// the item before it is no verb's clause. A list of steps ("Open the
// ticket, assign it, and page the on-call engineer") is still one.
func TestListItemsAreNoSteps(t *testing.T) {
	wantNoFindings(t, "delete_entity",
		"Deletes a ledger record. Handles receipts, refunds, supplier credits, bill payments, and notes.",
		"Exports a store's data. Covers customers, products, refunds issued, order lines, and fax numbers.",
	)
	wantFindings(t, "delete_entity",
		"Returns an outage. Open the incident, assign it, and page the on-call engineer.",
		"Returns an invoice. Check the totals, bill the customer, and email the receipt.",
	)
}
