package models_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// paramDescription is the description of the parameter name of c.
func paramDescription(c catalog.Contract, name string) string {
	for _, p := range c.Params {
		if p.Name == name {
			return p.Description
		}
	}
	return "(no such parameter)"
}

// TestRewordParams: a reviewer who did not import a tool rewords a
// parameter's description; the model's contract (Effective,
// AvailableContracts) carries it, the stored contract and digest stay
// the imported ones, the audit keeps both texts, and an empty text gives
// the imported description back. A pointer naming no parameter or a
// hidden-charactered text is refused naming param:POINTER and nothing is
// written; the importer, a stale digest and a rejected tool are refused.
// Failing test first (no rewording of a parameter existed).
func TestRewordParams(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		if _, err := s.ApplyImport(ctx, "alice", models.SourceMCP, "github", githubContracts(t), ""); err != nil {
			t.Fatal(err)
		}
		const id = "github.create_issue"
		seen, _ := s.ToolDigests(ctx, []string{id})
		before, _ := s.ToolByID(ctx, id)
		for texts, field := range map[[2]string]string{
			{"/properties/nope", "A thing."}:           "param:/properties/nope",
			{"/properties/title", "Title\u202e here."}: "param:/properties/title",
			{"/properties/title/items", "x"}:           "param:/properties/title/items",
		} {
			err := s.RewordParams(ctx, "rita", id, seen[id], map[string]string{texts[0]: texts[1]})
			var ve *models.ValidationError
			if !errors.As(err, &ve) || ve.Fields[field] == "" {
				t.Errorf("%v: got %v, want a refusal naming %s", texts, err, field)
			}
		}
		if err := s.RewordParams(ctx, "alice", id, seen[id], map[string]string{"/properties/title": "x"}); !errors.Is(err, models.ErrSelfReview) {
			t.Errorf("the importer: %v", err)
		}
		if err := s.RewordParams(ctx, "rita", id, "stale", map[string]string{"/properties/title": "x"}); !errors.Is(err, models.ErrConflict) {
			t.Errorf("a stale digest: %v", err)
		}
		if after, _ := s.ToolByID(ctx, id); after.ReviewedParams != "" {
			t.Fatalf("a refused rewording wrote %q", after.ReviewedParams)
		}
		const reworded = "The issue's one-line title, as the user wrote it."
		if err := s.RewordParams(ctx, "rita", id, seen[id], map[string]string{"/properties/title": reworded}); err != nil {
			t.Fatal(err)
		}
		after, _ := s.ToolByID(ctx, id)
		orig, _ := after.Parsed()
		eff, _ := after.Effective()
		if after.Contract != before.Contract || after.Digest != before.Digest || after.ReviewedParamsBy != "rita" {
			t.Errorf("stored: contract kept %v, digest kept %v, by %q", after.Contract == before.Contract, after.Digest == before.Digest, after.ReviewedParamsBy)
		}
		if paramDescription(eff, "title") != reworded || paramDescription(orig, "title") != "Issue title" || paramDescription(eff, "body") != paramDescription(orig, "body") {
			t.Errorf("effective title %q (imported %q), body %q", paramDescription(eff, "title"), paramDescription(orig, "title"), paramDescription(eff, "body"))
		}
		if !strings.Contains(catalog.RenderFull(eff), reworded) {
			t.Error("the rendered contract does not carry the rewording")
		}
		evs, _, err := s.AuditEvents(ctx, models.AuditFilter{Action: "tool.reworded"})
		if err != nil || len(evs) != 1 || !strings.Contains(evs[0].Detail, reworded) || !strings.Contains(evs[0].Detail, "Issue title") {
			t.Errorf("audit: %v %+v", err, evs)
		}
		// a textarea's CRLF is stored as the model reads it
		if err := s.RewordParams(ctx, "rita", id, seen[id], map[string]string{"/properties/body": "Line one.\r\nLine two."}); err != nil {
			t.Fatal(err)
		}
		after, _ = s.ToolByID(ctx, id)
		if eff, _ := after.Effective(); paramDescription(eff, "body") != "Line one.\nLine two." || paramDescription(eff, "title") != reworded {
			t.Errorf("after a second rewording: body %q, title %q", paramDescription(eff, "body"), paramDescription(eff, "title"))
		}
		// an empty text gives the imported description back
		if err := s.RewordParams(ctx, "rita", id, seen[id], map[string]string{"/properties/title": ""}); err != nil {
			t.Fatal(err)
		}
		after, _ = s.ToolByID(ctx, id)
		if eff, _ := after.Effective(); paramDescription(eff, "title") != "Issue title" || strings.Contains(after.ReviewedParams, "title") || !after.ParamsReworded() {
			t.Errorf("after dropping the rewording: %q, %q", paramDescription(eff, "title"), after.ReviewedParams)
		}
	})
}

// TestParamNodesNameEveryNestedParameter: nested properties and items
// get pointers that RewordParams accepts.
func TestParamNodesNameEveryNestedParameter(t *testing.T) {
	doc := `{"tools":[{"name":"create_entities","description":"Create entities.","inputSchema":{"type":"object","properties":{"entities":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string","description":"The name of the entity"}}}}}}}]}`
	cs, ps := catalog.Parse(catalog.FormatMCP, []byte(doc), "memory")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	got := map[string]string{}
	for _, n := range models.ParamNodes(cs[0]) {
		got[n.Pointer] = n.Name + "=" + n.Description
	}
	for ptr, want := range map[string]string{
		"/properties/entities":                       "entities=",
		"/properties/entities/items":                 "entities[]=",
		"/properties/entities/items/properties/name": "entities[].name=The name of the entity",
	} {
		if got[ptr] != want {
			t.Errorf("%s: %q, want %q (all: %v)", ptr, got[ptr], want, got)
		}
	}
}
