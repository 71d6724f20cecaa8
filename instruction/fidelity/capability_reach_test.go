package fidelity_test

import (
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/fidelity"
)

// TestReportingIsTheConversation: reporting to the person the agent
// serves, or to no one named, is its answer, no deed of a tool
// (action:report) — in a tool's description and in a skill's procedure
// alike; reporting to a third party, or through a channel named, is a
// deed that needs its tool.
func TestReportingIsTheConversation(t *testing.T) {
	wantNoFindings(t, "order",
		"Returns the order. Report the status to the user.",
		"Returns the order. Then report the status and the tracking number.",
	)
	wantClasses(t, []classCase{
		{"order", "Returns the order. Then report the outage in the #ops Slack channel.", "chat"},
		{"campaign", "Returns an ad campaign. Budget spent? Halt it, then report it to the account manager.", "action:report"},
	})
	_, w := loadCorpus(t)
	skill := "Order status\nLooks up an order and says where it is.\n1. Look up the order.\n2. Check the carrier.\n3. Report the status and the tracking number."
	if fs := checkWith(w.known, skill, w.byID["read_file"]); len(fs) > 0 {
		t.Errorf("skill procedure: want no finding, got %s", describe(fs))
	}
}

// TestNotifyingByText: a deed that reaches a person "by text" or "via
// text" needs a text-message tool ("Notify the customer by text"); a way
// of matching ("Search by text") reaches no one.
func TestNotifyingByText(t *testing.T) {
	wantClasses(t, []classCase{
		{"order", "Returns the order. Notify the buyer by text.", "sms"},
		{"order", "Returns the order. Remind the driver via text before noon.", "sms"},
		{"order", "Returns the order. Let the customer know by text.", "sms"},
	})
	wantNoFindings(t, "order",
		"Returns the orders. Search orders by text or by tag.",
		"Returns the order. The customer can reply by text.",
	)
}

// TestADocumentNeedsItsOwnTool: a document named by what it holds ("the
// ledger spreadsheet") needs a tool whose words name the document, not
// only one of the ledger.
func TestADocumentNeedsItsOwnTool(t *testing.T) {
	_, w := loadCorpus(t)
	ledger := catalog.Contract{ID: "acme.get_ledger", Purpose: "Returns the ledger entries of a month."}
	sheet := catalog.Contract{ID: "acme.append_row", Purpose: "Appends a row to the ledger spreadsheet."}
	skill := "Month close\nCloses the month.\n1. Read the ledger with get_ledger.\n2. File the totals in the ledger spreadsheet."
	if fs := checkWith(append(w.known, ledger), skill, w.byID["read_file"], ledger); !hasClass(fs, "service:ledger spreadsheet") {
		t.Errorf("a ledger tool: want service:ledger spreadsheet, got %s", describe(fs))
	}
	if fs := checkWith(append(w.known, ledger, sheet), skill, w.byID["read_file"], ledger, sheet); len(fs) > 0 {
		t.Errorf("a tool of the spreadsheet: want no finding, got %s", describe(fs))
	}
}

// checkWith checks text against a roster of the given tools.
func checkWith(known []catalog.Contract, text string, roster ...catalog.Contract) []fidelity.Finding {
	return fidelity.New(known).Check(text, fidelity.NewScope(roster))
}
