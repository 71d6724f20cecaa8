package fidelity_test

import (
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/fidelity"
)

// TestToolDescribingItsOwnJob: a tool's headline sentence says what the
// tool itself does — the database server's export_query, "Save query
// results in several formats (CSV, JSON)", asks the agent for no file
// writing, on the review page as in the composition; a later sentence
// asking for it still does, and the phrase a reviewer is shown is never
// cut inside a bracket or a quotation.
func TestToolDescribingItsOwnJob(t *testing.T) {
	k := catalog.Contract{ID: "shopdb.export_query", Purpose: "Save query results in several formats (CSV, JSON)"}
	if fs := fidelity.CheckContract(k, nil); len(fs) > 0 {
		t.Errorf("review page: want no finding, got %s", describe(fs))
	}
	if fs := checkImported(t, "export_query", k.Purpose, map[string]any{"type": "object"}); len(fs) > 0 {
		t.Errorf("composition: want no finding, got %s", describe(fs))
	}
	k.Purpose = "Runs a query. Save query results in several formats (CSV, JSON) and write them to disk."
	fs := fidelity.CheckContract(k, nil)
	if len(fs) == 0 {
		t.Fatal("a later sentence asking for file writing: want a finding, got none")
	}
	for _, f := range fs {
		if strings.Count(f.Signal, "(") != strings.Count(f.Signal, ")") || strings.Contains(f.Suggestion, "(CSV") {
			t.Errorf("signal %q / suggestion %q cut inside a bracket", f.Signal, f.Suggestion)
		}
	}
}

// TestReviewReadsTheServiceNameInALaterSentence: reading a tool's headline
// as its own job does not make its service's name, met later in the text,
// the tool's own business: "post the total to the #billing Slack channel"
// in a billing tool still asks the agent for a chat post.
func TestReviewReadsTheServiceNameInALaterSentence(t *testing.T) {
	k := catalog.Contract{ID: "billing.get_invoice", Purpose: "Fetches an invoice by number. Email it to the customer, then post the total to the #billing Slack channel."}
	service := []catalog.Contract{k, {ID: "billing.send_email", Purpose: "Sends an email to one recipient."}}
	fs := fidelity.CheckContract(k, service)
	found := false
	for _, f := range fs {
		found = found || f.Class == "chat"
	}
	if !found {
		t.Errorf("want the chat post flagged, got %s", describe(fs))
	}
}
