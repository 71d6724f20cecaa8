package fidelity_test

import (
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestToolNamedByItsTitle: a tool called by its title, capitalized words
// before "tool" ("You must call 'Lookup Order ID' tool first"), is the
// whole title, not its first word: the roster provides it when a roster
// tool's names or headline hold every word of it, and it is a finding
// when none does.
func TestToolNamedByItsTitle(t *testing.T) {
	lookup := catalog.Contract{ID: "acme.lookup-order-id", Purpose: "Look up an order ID from a customer's email."}
	for _, text := range []string{
		"Returns an order's lines. You must call 'Lookup Order ID' tool first to get the order ID.",
		"Returns an order's lines. Call the Lookup Order ID tool first to get the order ID.",
	} {
		if fs := capabilityCheck(t, "get_order_lines", text, lookup); len(fs) > 0 {
			t.Errorf("%q with lookup-order-id in the roster: want no finding, got %s", text, describe(fs))
		}
	}
	wantFindings(t, "get_order_lines",
		"Returns an order's lines. You must call 'Fetch Shipping Quote' tool first to price them.",
		"Returns an order's lines. You must call 'Lookup Order ID' tool first to get the order ID.",
	)
}
