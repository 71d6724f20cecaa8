package web

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/instruction/meter"
)

// referenceStep answers a step request the way the handler did before
// steps were cached: reconstruct, compose, count, check, and encode the
// whole runStepResponse with encoding/json as echo's JSON does.
func referenceStep(t *testing.T, h *harness, run string, body map[string]any) []byte {
	t.Helper()
	j, _ := json.Marshal(body)
	var req runStepRequest
	if err := json.Unmarshal(j, &req); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	b, err := h.app.runBaseFor(ctx, req.runTarget)
	if err != nil {
		t.Fatal(err)
	}
	sf, err := withPins(b, req.Pins)
	if err != nil {
		t.Fatal(err)
	}
	key, _ := h.app.receiptKey(ctx)
	act, err := deferred.Reconstruct(key, run, sf, req.Receipts, h.app.runCeilings())
	if err != nil {
		t.Fatal(err)
	}
	d := b.Draft
	if req.Tier != "" {
		d.Options.Tier = req.Tier
	}
	if req.CatalogForm != "" {
		d.Options.CatalogForm = req.CatalogForm
	}
	d.Options.Pins = sf.Pins()
	d.Activated = act.Activated
	enc := req.Encoding
	if enc == "" {
		enc = meter.O200k
	}
	p, _, err := sharedMeter.ProjectStep(enc, d, b.Snapshot.Fidelity())
	if err != nil {
		t.Fatal(err)
	}
	p.Agent, p.Profile, p.ProfileVersion = b.Agent, b.Profile, b.ProfileVersion
	res := runStepResponse{StepProjection: p, runStepTail: runStepTail{Run: run, Step: len(req.Receipts), Surface: sf.Key(), Reachable: sf.Reachable(),
		Rejected: nonNilRejections(act.Rejected), Receipts: act.Accepted}}
	if res.Receipts == nil {
		res.Receipts = []deferred.Accepted{}
	}
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(res); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestRunStepCacheAnswersByteForByte: a step answered from the step cache
// is byte-identical to one composed afresh, for requests that differ in
// exactly one part of the cache key each (tier, catalog form, encoding,
// pins, the activated names and their order, the subject, the run).
func TestRunStepCacheAnswersByteForByte(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	search := func(run, query string, step int) json.RawMessage {
		var out struct{ Receipt json.RawMessage }
		res, b := h.api(http.MethodPost, "/api/v1/runs/"+run+"/search", key, map[string]any{"agent": "analyst", "query": query, "step": step, "limit": 2})
		if res.StatusCode != http.StatusOK || json.Unmarshal(b, &out) != nil || string(out.Receipt) == "null" {
			t.Fatalf("search %q: %d %s", query, res.StatusCode, b)
		}
		return out.Receipt
	}
	chart, fetch := search("c1", "draw a chart", 0), search("c1", "write a file to the workspace", 0)
	code := search("c1", "run a python program", 1)
	other := search("c2", "draw a chart", 0)
	contractor := map[string]any{"id": "u1", "groups": []string{"contractors"}}
	cases := []struct {
		run  string
		body map[string]any
	}{
		{"c1", map[string]any{"receipts": []any{}}},
		{"c1", map[string]any{"receipts": []any{[]any{chart}}}},
		{"c1", map[string]any{"receipts": []any{[]any{chart, fetch}}}},
		{"c1", map[string]any{"receipts": []any{[]any{fetch, chart}}}},
		{"c1", map[string]any{"receipts": []any{[]any{chart}, []any{code}}}},
		{"c1", map[string]any{"receipts": []any{[]any{chart}}, "tier": "compact"}},
		{"c1", map[string]any{"receipts": []any{[]any{chart}}, "tier": "standard"}},
		{"c1", map[string]any{"receipts": []any{[]any{chart}}, "catalog_form": "full"}},
		{"c1", map[string]any{"receipts": []any{[]any{chart}}, "encoding": "cl100k_base"}},
		{"c1", map[string]any{"receipts": []any{[]any{chart}}, "pins": []string{"sql_query"}}},
		{"c1", map[string]any{"receipts": []any{[]any{chart}}, "pins": []string{}}},
		{"c1", map[string]any{"receipts": []any{[]any{chart}}, "subject": contractor}},
		{"c2", map[string]any{"receipts": []any{[]any{chart}}}},
		{"c2", map[string]any{"receipts": []any{[]any{other, "junk"}}}},
	}
	for i, tc := range cases {
		tc.body["agent"] = "analyst"
		want := referenceStep(t, h, tc.run, tc.body)
		for _, pass := range []string{"first", "again"} {
			res, got := h.api(http.MethodPost, "/api/v1/runs/"+tc.run+"/steps", key, tc.body)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("case %d: %d %s", i, res.StatusCode, got)
			}
			if ct := res.Header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("case %d: Content-Type %q", i, ct)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("case %d (%s): the answer differs from a fresh composition\n got %s\nwant %s", i, pass, clip(string(got), 600), clip(string(want), 600))
			}
		}
	}
	if n := len(h.app.steps.m); n < 11 {
		t.Fatalf("%d cached steps; the cases have at least 11 distinct keys", n)
	}
}
