package web

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
)

type convStep struct {
	Text         string   `json:"text"`
	Digest       string   `json:"digest"`
	Active       []string `json:"active"`
	PrefixTokens int      `json:"prefix_tokens"`
	Warnings     []any    `json:"warnings"`
	Sections     []struct {
		ID   string `json:"id"`
		Text string `json:"text"`
	} `json:"sections"`
	Rejected []struct {
		Index  int    `json:"index"`
		Reason string `json:"reason"`
	} `json:"rejected"`
}

type convSearch struct {
	Hits []struct {
		Name string `json:"name"`
	} `json:"hits"`
	Receipt json.RawMessage `json:"receipt"`
}

type convCall struct {
	Status  string          `json:"status"`
	Message string          `json:"message"`
	Receipt json.RawMessage `json:"receipt"`
}

// prefix is the step's text before its activated section.
func (s convStep) prefix() string {
	var b strings.Builder
	for _, sec := range s.Sections {
		if sec.ID == "activated" {
			break
		}
		b.WriteString(sec.Text)
	}
	return b.String()
}

// TestDeferredConversationFromTheOpenAPIDocument: a runtime that follows
// only the OpenAPI document runs a deferred conversation — step, a
// known-but-inactive call repaired through search_required, search, step,
// call, a restart in the middle, a second search that replaces the first,
// the first tool's call repaired again — and every step's text teaches
// exactly that step's active tools (each active tool named, no other tool
// of the agent's roster named, no fidelity warning), after a prefix
// byte-identical across the run.
func TestDeferredConversationFromTheOpenAPIDocument(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		rt := newOpenAPIRuntime(t, h.srv.URL, h.runtimeKey())
		const run = "conversation-1"
		agent := map[string]any{"agent": "analyst"}
		with := func(kv ...any) map[string]any {
			m := map[string]any{"agent": "analyst"}
			for i := 0; i < len(kv); i += 2 {
				m[kv[i].(string)] = kv[i+1]
			}
			return m
		}
		// the agent's whole roster, from the documented compose operation
		var plain struct {
			Roster []string `json:"roster"`
		}
		res, b := h.api(http.MethodPost, "/api/v1/compose", rt.key, agent)
		if res.StatusCode != http.StatusOK || json.Unmarshal(b, &plain) != nil || len(plain.Roster) < 5 {
			t.Fatalf("compose: %d %s", res.StatusCode, b)
		}
		// code-only helpers are taught (in catalog.code) exactly when exec
		// is active, and are never active themselves: callable from code only
		snap, err := h.app.snapshot(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		codeOnly := map[string]bool{}
		for _, e := range snap.Available().Entries() {
			codeOnly[e.ID()] = e.Contract().CodeOnly
		}
		var steps []convStep
		step := func(receipts [][]json.RawMessage) convStep {
			t.Helper()
			var s convStep
			rt.call("/runs/{run}/steps", run, with("receipts", receipts), &s, "text", "active", "prefix_tokens", "warnings", "sections", "rejected", "digest")
			for _, id := range plain.Roster {
				named := regexp.MustCompile(`\b` + regexp.QuoteMeta(id) + `\b`).MatchString(s.Text)
				taught := slices.Contains(s.Active, id)
				if codeOnly[id] {
					taught = slices.Contains(s.Active, "exec")
				}
				if taught != named {
					t.Errorf("step %d: %s is taught %v (active %v) but named in the text %v", len(receipts), id, taught, s.Active, named)
				}
			}
			if len(s.Warnings) > 0 {
				t.Errorf("step %d: fidelity warnings %v", len(receipts), s.Warnings)
			}
			if len(steps) > 0 && (s.prefix() != steps[0].prefix() || s.PrefixTokens != steps[0].PrefixTokens) {
				t.Errorf("step %d: the prefix moved (%d tokens, first step %d)", len(receipts), s.PrefixTokens, steps[0].PrefixTokens)
			}
			t.Logf("step %d: active %v, %d prefix tokens, rejected %+v", len(receipts), s.Active, s.PrefixTokens, s.Rejected)
			steps = append(steps, s)
			return s
		}
		search := func(query string, n int) (convSearch, []string) {
			t.Helper()
			var s convSearch
			rt.call("/runs/{run}/search", run, with("query", query, "step", n, "limit", 3), &s, "hits", "receipt")
			if len(s.Hits) == 0 || string(s.Receipt) == "null" {
				t.Fatalf("search %q found nothing", query)
			}
			var names []string
			for _, h := range s.Hits {
				names = append(names, h.Name)
			}
			return s, names
		}
		callTool := func(tool string, receipts [][]json.RawMessage) convCall {
			t.Helper()
			var c convCall
			rt.call("/runs/{run}/calls", run, with("tool", tool, "receipts", receipts), &c, "status", "message", "receipt")
			return c
		}

		// step 0: only what is callable without a search
		first := step(nil)
		if slices.Contains(first.Active, "render_chart") || !strings.Contains(first.Text, "search_tools") {
			t.Fatalf("first step: active %v", first.Active)
		}
		// the model calls a known tool it has not loaded: repaired, not run
		blocked := callTool("render_chart", nil)
		if blocked.Status != "search_required" || len(blocked.Receipt) == 0 || !strings.Contains(blocked.Message, "search_tools") {
			t.Fatalf("inactive call: %+v", blocked)
		}
		conv := [][]json.RawMessage{{blocked.Receipt}}
		charts, chartNames := search("draw a chart of revenue by month", 0)
		if !slices.Contains(chartNames, "render_chart") {
			t.Fatalf("chart search: %v", chartNames)
		}
		conv[0] = append(conv[0], charts.Receipt)
		second := step(conv)
		if !slices.Contains(second.Active, "render_chart") || len(second.Rejected) != 1 || second.Rejected[0].Reason != "search_required" {
			t.Fatalf("second step: active %v, rejected %+v", second.Active, second.Rejected)
		}
		if c := callTool("render_chart", conv); c.Status != "active" {
			t.Fatalf("call after the search: %+v", c)
		}

		// a restart: a new console process on the same database
		h.app.Close()
		h.srv.Close()
		app := New(h.store, sharedMeter, Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		defer app.Close()
		srv := httptest.NewServer(app.Handler())
		defer srv.Close()
		rt.base = srv.URL
		if again := step(conv); again.Digest != second.Digest || !slices.Equal(again.Active, second.Active) {
			t.Fatalf("after the restart the same receipts gave another step: %v vs %v", again.Active, second.Active)
		}

		// a later search replaces the earlier selection
		tables, tableNames := search("run a sql query against the sales database", 1)
		if !slices.Contains(tableNames, "sql_query") {
			t.Fatalf("sql search: %v", tableNames)
		}
		conv = append(conv, []json.RawMessage{tables.Receipt})
		third := step(conv)
		for _, id := range tableNames {
			if !slices.Contains(third.Active, id) {
				t.Errorf("third step: %s found by the latest search is not active (%v)", id, third.Active)
			}
		}
		if !slices.Contains(tableNames, "render_chart") {
			if slices.Contains(third.Active, "render_chart") {
				t.Fatalf("third step still activates the first search's tool: %v", third.Active)
			}
			if c := callTool("render_chart", conv); c.Status != "search_required" {
				t.Fatalf("the replaced tool's call: %+v", c)
			}
		}
		if c := callTool("sql_query", conv); c.Status != "active" {
			t.Fatalf("sql_query after its search: %+v", c)
		}
		if len(steps) != 4 {
			t.Fatalf("%d steps taken", len(steps))
		}
	})
}
