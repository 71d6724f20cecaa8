package models_test

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// linearDoc is a server of two tools; bad is refused on its own (a
// contains count above what it counts), good imports.
func linearDoc(badSchema string) []byte {
	return []byte(`{"tools":[
	{"name":"good","description":"Lists issues.","inputSchema":{"type":"object","properties":{"q":{"type":"string","description":"Query."}}}},
	{"name":"bad","description":"Creates an issue.","inputSchema":{"type":"object","properties":{"grants":` + badSchema + `}}}]}`)
}

const brokenGrants = `{"type":"array","contains":{"const":"authorization_code"},"minContains":3,"maxContains":1}`

// TestARejectedToolIsALedgerEntryWithItsReasons: a tool an import refuses
// on its own enters the ledger as rejected, with its reasons and the
// descriptor as sent, and the server's other tools import.
// Importing the same broken tool again changes nothing; a fixed one is a
// candidate again with the reasons cleared; a tool made available before
// and broken by a new version is rejected, its classification cleared.
func TestARejectedToolIsALedgerEntryWithItsReasons(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		o := catalog.ParseEach(catalog.FormatMCP, linearDoc(brokenGrants), "linear", false)
		if len(o.Problems) > 0 || len(o.Contracts) != 1 || len(o.Rejected) != 1 {
			t.Fatalf("outcome: %+v", o)
		}
		plan, err := s.ApplyOutcome(ctx, "importer", models.SourceMCP, "linear", o, "")
		if err != nil {
			t.Fatal(err)
		}
		if len(plan.Added) != 1 || len(plan.Rejecting) != 1 {
			t.Fatalf("plan: %d added, %d rejecting", len(plan.Added), len(plan.Rejecting))
		}
		bad, err := s.ToolByID(ctx, "linear.bad")
		if err != nil {
			t.Fatal(err)
		}
		reasons, rejected := bad.RejectedAtImport()
		if !rejected || bad.Status != models.ToolRejected || bad.Validation != authority.StateRejected || len(reasons) != 1 ||
			reasons[0].Field != "inputSchema.grants.minContains" || !strings.Contains(bad.Descriptor, `"authorization_code"`) {
			t.Fatalf("stored: status %s, validation %s, reasons %v, descriptor %s", bad.Status, bad.Validation, reasons, bad.Descriptor)
		}
		if c, err := bad.Parsed(); err != nil || c.Purpose != "Creates an issue." || c.Title != "bad" {
			t.Errorf("placeholder contract: %+v %v", c, err)
		}
		if good, _ := s.ToolByID(ctx, "linear.good"); good.Status != models.ToolCandidate {
			t.Errorf("the good tool is %s", good.Status)
		}
		// the same document again: nothing to do
		again, err := s.PlanOutcome(ctx, models.SourceMCP, "linear", o)
		if err != nil || !again.Empty() || len(again.Rejected) != 1 {
			t.Errorf("re-import: empty %v, %d rejected, %v", again.Empty(), len(again.Rejected), err)
		}
		// fixed: a candidate awaiting review, no reasons left
		fixed := catalog.ParseEach(catalog.FormatMCP, linearDoc(`{"type":"array","contains":{"const":"authorization_code"}}`), "linear", false)
		if _, err := s.ApplyOutcome(ctx, "importer", models.SourceMCP, "linear", fixed, ""); err != nil {
			t.Fatal(err)
		}
		bad, _ = s.ToolByID(ctx, "linear.bad")
		if _, still := bad.RejectedAtImport(); still || bad.Status != models.ToolCandidate || bad.Descriptor != "" {
			t.Fatalf("fixed tool: %s, reasons %q", bad.Status, bad.Reasons)
		}
		seen, _ := s.ToolDigests(ctx, []string{"linear.bad"})
		if _, err := s.ReviewTools(ctx, "reviewer", seen, models.ToolAvailable); err != nil {
			t.Fatal(err)
		}
		// broken again: rejected; the classification of the approved
		// version is kept bound to that version's digest only (it
		// classifies nothing the rejected descriptor brings, and restores
		// the approved version if the server sends it again)
		if _, err := s.ApplyOutcome(ctx, "importer", models.SourceMCP, "linear", o, ""); err != nil {
			t.Fatal(err)
		}
		bad, _ = s.ToolByID(ctx, "linear.bad")
		if bad.Status != models.ToolRejected || bad.PrevDigest == "" || bad.ClassEffects != "" && bad.ClassifiedDigest != bad.PrevDigest || bad.ClassifiedDigest == bad.Digest {
			t.Errorf("broken again: %s, class %q of %q, prev %q", bad.Status, bad.ClassEffects, bad.ClassifiedDigest, bad.PrevDigest)
		}
		if _, err := catalog.New(mustAvailable(t, s)); err != nil {
			t.Errorf("stored catalog invalid: %v", err)
		}
	})
}

// TestStrictKeepsAllOrNothing: strict refuses the document for its one
// bad tool and nothing is stored.
func TestStrictKeepsAllOrNothing(t *testing.T) {
	o := catalog.ParseEach(catalog.FormatMCP, linearDoc(brokenGrants), "linear", true)
	if len(o.Contracts) != 0 || len(o.Rejected) != 0 || len(o.Problems) != 1 || o.Problems[0].Tool != "bad" {
		t.Fatalf("strict: %+v", o)
	}
}
