package web

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/runtime"
)

// TestReceiptInputsAreNormalized: the receipt inputs the compose API
// encodes once are the document models.NormalizeReceiptInputs makes of
// the request as sent (sets sorted without repeats, the subject's id
// replaced by its digest), for requests with and without each part.
func TestReceiptInputsAreNormalized(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		yes := true
		res := Result{Projection: meter.Projection{
			Header: meter.Header{Agent: "analyst", Profile: "p", ProfileVersion: 3, Encoding: meter.O200k, Tier: "standard", CatalogForm: "full",
				Pins: []string{"exec"}, Roster: []string{"read_file", "exec"}, Services: []string{}, Skills: []instruction.Skill{{Slug: "s", Name: "S <b>", Version: 2}}, Channels: 4},
			Totals: meter.Totals{Body: 10, Catalog: 20, Total: 30},
		}, Pinned: runtime.Pinned{Tools: []runtime.PinnedTool{{ID: "exec", Version: "1.0", Digest: "d"}}, Skills: []runtime.PinnedSkill{}}}
		for _, req := range []ComposeRequest{
			{Agent: "analyst"},
			{Tools: []string{"b", "a", "b"}, Without: []string{}, Services: []string{"z", "y", "z"}, Pins: []string{"b", "b"}, Tier: "compact", CatalogForm: "compact", Deferred: &yes, Encoding: meter.O200k},
			{Agent: "analyst", Profile: "p", Subject: &authority.Subject{ID: "alice@corp.example <SSN>", Groups: []string{"g2", "everyone", "g2"}}},
			{Agent: "analyst", Subject: &authority.Subject{ID: "bob"}},
			{Agent: "analyst", Subject: &authority.Subject{Groups: []string{}}},
		} {
			got, err := h.app.receiptInputsJSON(ctx, req, res)
			if err != nil {
				t.Fatal(err)
			}
			sent, err := json.Marshal(struct {
				Request ComposeRequest `json:"request"`
				meter.Header
				Pinned runtime.Pinned `json:"pinned"`
				Totals meter.Totals   `json:"totals"`
			}{req, res.Header, res.Pinned, res.Totals})
			if err != nil {
				t.Fatal(err)
			}
			want, err := h.store.NormalizeReceiptInputs(ctx, sent)
			if err != nil {
				t.Fatal(err)
			}
			var g, w any
			if err := json.Unmarshal([]byte(got), &g); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(want), &w); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(g, w) {
				t.Errorf("request %s:\nencoded once %s\nnormalized   %s", sent, got, want)
			}
		}
	})
}
