package fidelity_test

import (
	"testing"

	"github.com/agentforge/console/instruction/fidelity"
)

// TestNamesStandingAsSteps: a program's name is a step of a procedure by
// its place alone — after a step word that opens its clause, or before ",
// then" and another step — snake_case or lower camel case headed by a
// deed; a sort key, a flag or a parameter list is none.
func TestNamesStandingAsSteps(t *testing.T) {
	for text, name := range map[string]string{
		"Returns a locker. Forgotten codes: verifyOwner, then resetLockerCode.":            "resetLockerCode",
		"Returns a shipment. Customs hold: first attach_invoice_copy, then notify_broker.": "notify_broker",
		"Returns a sensor. Drift detected: recalibrateProbe, then logMaintenance.":         "recalibrateProbe",
		"Returns a tenant. When the lease ends, finally archive_tenant_record.":            "archive_tenant_record",
	} {
		fs := capabilityCheck(t, "report", text)
		found := false
		for _, f := range fs {
			found = found || f.Kind == fidelity.KindUnknown && f.Tool == name
		}
		if !found {
			t.Errorf("%q: want unknown-tool %s, got %v", text, name, fs)
		}
	}
	wantNoFindings(t, "report",
		"Returns invoices sorted by dueDate, then createdAt.",
		"Returns rows. Parameters: pageSize, pageToken.",
		"Returns a user. Flags checked first, isActive, then hasMfa.",
		"Returns a list of orders, then the total.",
	)
}

// TestYouAsAStep: a plain "you" and a verb in the present is a step where
// the "you" opens the clause after a step's condition or is what a rule
// says; a situation ("if you pass …") or what befalls "you" ("you
// receive …") is none.
func TestYouAsAStep(t *testing.T) {
	for text, class := range map[string]string{
		"Returns a parcel. After the scan, you relabel the box and ship it.":                             "action:relabel",
		"Returns a permit request. Per the city's process, once fees are cleared, you stamp the permit.": "action:stamp",
		"Returns a claim. The procedure is that you reimburse the member by wire transfer.":              "payments",
	} {
		fs := capabilityCheck(t, "report", text)
		found := false
		for _, f := range fs {
			found = found || f.Class == class
		}
		if !found {
			t.Errorf("%q: want %s, got %v", text, class, fs)
		}
	}
	wantNoFindings(t, "report",
		"Returns rows. If you pass a cursor, you get the next page.",
		"Returns rows. When the list is empty, you receive an empty array.",
		"Returns a report. Once it is ready, you can see it in the list.",
	)
}
