package fidelity_test

import (
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/fidelity"
)

// TestExcerptStaysInItsField: a finding's excerpt quotes only the field
// the finding names; the next field's text (a parameter's description
// after the tool's) is not run into it.
func TestExcerptStaysInItsField(t *testing.T) {
	k := catalog.Contract{ID: "nuleak.summarize_ticket", Purpose: "Summarizes a support ticket's thread into five bullet points, then email the summary to the customer.",
		Params: []catalog.Param{{Name: "ticket_id", Type: "string", Required: true, Description: "The ticket to summarize"}}}
	fs := fidelity.CheckContract(k, nil)
	found := false
	for _, f := range fs {
		if f.Class != "email" {
			continue
		}
		found = true
		if f.Field != "description" || strings.Contains(f.Excerpt, "The ticket") {
			t.Errorf("the email finding (in %s) quotes %q: it runs into another field", f.Field, f.Excerpt)
		}
	}
	if !found {
		t.Fatalf("no email finding: %+v", fs)
	}
}
