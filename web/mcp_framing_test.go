package web

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayAnswersJSONAndStreamsOnlySearches: a search answers on an
// event stream whose notifications/tools/list_changed comes before its
// result; a call, a list and a ping answer with their one response as
// plain JSON (no stream framing to build and parse on the hot path).
func TestGatewayAnswersJSONAndStreamsOnlySearches(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	cs, _ := f.connect(t, nil)
	post := func(body string) (string, string) {
		a := f.postMessage(t, cs.ID(), body, nil)
		if a.status != http.StatusOK {
			t.Fatalf("%s: %d %s", body, a.status, a.body)
		}
		return a.ctype, a.body
	}
	ct, body := post(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_tools","arguments":{"query":"echo a text back"}}}`)
	changed, result := strings.Index(body, "notifications/tools/list_changed"), strings.Index(body, `"result"`)
	if !strings.HasPrefix(ct, "text/event-stream") || changed < 0 || result < changed {
		t.Fatalf("search: %s\n%s", ct, body)
	}
	for _, req := range []string{
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"demo.echo","arguments":{"text":"hi"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":4,"method":"ping"}`,
	} {
		ct, body := post(req)
		if !strings.HasPrefix(ct, "application/json") || !strings.HasPrefix(body, `{"jsonrpc":"2.0"`) || !strings.Contains(body, `"result"`) {
			t.Fatalf("%s: %s\n%s", req, ct, body)
		}
	}
	if _, body := post(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"demo.echo","arguments":{"text":"hi"}}}`); !strings.Contains(body, `"text":"hi"`) {
		t.Fatalf("call: %s", body)
	}
}

// TestGatewayEvidenceOfSearchesAndCalls: on both databases a search's
// evidence is stored when the client has the answer (the gateway's
// writer commits asynchronously on Postgres, but before it answers); a
// read call's is written after its answer (TestGatewayEvidenceWaitsOnlyForEffects)
// and, once the writer has it stored, holds the call's status and size.
func TestGatewayEvidenceOfSearchesAndCalls(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, true)
		cs, _ := f.connect(t, nil)
		ctx := context.Background()
		if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "echo a text back"}, nil); isErr {
			t.Fatal(text)
		}
		runs, err := h.store.RecentRuns(ctx, 1)
		if err != nil || len(runs) != 1 || !strings.HasPrefix(runs[0].Run, "mcp-") {
			t.Fatalf("runs after a search: %+v %v", runs, err)
		}
		for i := 2; i <= 4; i++ {
			if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil); isErr {
				t.Fatal(text)
			}
			h.app.gw.evidence.flush()
			evs, err := h.store.RunEvents(ctx, runs[0].Run, 10)
			if err != nil || len(evs) != i {
				t.Fatalf("%d of %d events stored (%v)", len(evs), i, err)
			}
			if e := evs[i-1]; e.Kind != models.RunCall || e.Tool != "demo.echo" || e.CallStatus != "ok" || e.ResultBytes == 0 || e.Digest == "" {
				t.Fatalf("call evidence %+v", e)
			}
		}
	})
}

// TestGatewayRequestsAreNotLoggedOneByOne: a successful gateway request
// within a session writes no Info line (its run evidence records calls
// and searches; TestGatewayRequestsAreLogged: they are at debug level,
// and a session's start is at info); a refused one is logged.
func TestGatewayRequestsAreNotLoggedOneByOne(t *testing.T) {
	var logs lockedBuffer
	h := newHarnessWith(t, modelstest.Dialect{Name: models.DialectSQLite}, func(c *Config) {
		c.Logger = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
	})
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	cs, _ := f.connect(t, nil)
	if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "echo a text back"}, nil); isErr {
		t.Fatal(text)
	}
	if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil); isErr {
		t.Fatal(text)
	}
	for _, l := range strings.Split(logs.String(), "\n") {
		if strings.Contains(l, "path=/mcp/") && !strings.Contains(l, "rpc=initialize") {
			t.Fatalf("a gateway request within the session was logged at info:\n%s", logs.String())
		}
	}
	req, _ := http.NewRequest("POST", f.front.URL+"/mcp/helper", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	req.Header.Set("Authorization", "Bearer "+f.key)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if out := logs.String(); res.StatusCode != http.StatusBadRequest || !strings.Contains(out, "level=WARN") || !strings.Contains(out, "path=/mcp/helper status=400") {
		t.Fatalf("a refused request (%d) was not logged:\n%s", res.StatusCode, out)
	}
}

// TestGatewayTeachesTheActivatedSection: an MCP host keeps initialize's
// instructions, so the activated section of the next step reaches the
// model in the search's result, and console://instruction is the current
// step's whole instruction: initialize's before a search, with the
// activated section after one.
func TestGatewayTeachesTheActivatedSection(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	cs, _ := f.connect(t, nil)
	ctx := context.Background()
	read := func() string {
		res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "console://instruction"})
		if err != nil || len(res.Contents) != 1 {
			t.Fatalf("console://instruction: %v %+v", err, res)
		}
		return res.Contents[0].Text
	}
	init := cs.InitializeResult().Instructions
	if before := read(); before != init || strings.Contains(init, "# Activated tools") {
		t.Fatalf("before a search the instruction differs from initialize's or activates something:\n%s", before)
	}
	text, isErr := call(t, cs, "search_tools", map[string]any{"query": "echo a text back"}, nil)
	if isErr {
		t.Fatal(text)
	}
	_, section, ok := strings.Cut(text, "# Activated tools")
	if !ok || !strings.Contains(section, "demo.echo") {
		t.Fatalf("the search result does not teach the activated section:\n%s", text)
	}
	after := read()
	if !strings.Contains(after, "# Activated tools"+section) {
		t.Fatalf("console://instruction after the search lacks the section the search returned:\n%s", after)
	}
	list, err := cs.ListResources(ctx, nil)
	if err != nil || len(list.Resources) != 2 || list.Resources[1].URI != "console://instruction" {
		t.Fatalf("resources %+v %v", list, err)
	}
}
