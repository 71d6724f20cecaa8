package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewaySaysWhyItServesNoTools:
// a session that is served no tool is told so in initialize's
// instructions (one fixed sentence, no reason: the model must not learn
// hidden tools), tools/list's _meta gives the host the reason token and
// its advice (on the SDK's path and on the direct path alike), the
// forge's MCP form is initialize's text and the forge page's notes give
// the details: a subject in no group (X-Subject-Groups empty),
// a subject whose groups hold no grant, a profile that selects none of
// the served tools, and an agent none of whose tools a connection
// serves. A session that is served tools carries no such note.
func TestGatewaySaysWhyItServesNoTools(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	builderAgent(t, h, "builtins", []string{"exec", "read_file"}, false)
	ctx := context.Background()
	c := h.login("admin", adminPassword)
	for _, k := range []struct {
		name, agent string
		headers     map[string]string
		forge       string // the forge's query for the same subject ("": not comparable)
		token       string // the reason token in _meta
		says        []string
	}{
		{"a subject in no group", "helper", map[string]string{"X-Subject-Id": "sam"}, "", noToolsNoGroups, []string{"X-Subject-Groups", "grant"}},
		{"groups without a grant", "helper", map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "nogrant"}, "agent=helper&profile=gw&host=mcp&sg=nogrant", noToolsNotGranted, []string{"nogrant", "grant add"}},
		{"nothing served", "builtins", nil, "agent=builtins&profile=builtins&host=mcp", noToolsNotServed, []string{"connection add", "connection sync"}},
	} {
		t.Run(k.name, func(t *testing.T) {
			cs := f.connectTo(t, k.agent, k.headers)
			init := cs.InitializeResult().Instructions
			if !strings.Contains(init, noToolsHeading+"\n\n"+noToolsSentence) {
				t.Errorf("initialize's instructions do not say it has no tools:\n%s", init)
			}
			for _, w := range k.says {
				if strings.Contains(init, w) {
					t.Errorf("initialize's instructions say %q, a detail for the host and the forge only:\n%s", w, init)
				}
			}
			for _, direct := range []bool{false, true} {
				h.app.gw.direct.Store(direct)
				res, err := cs.ListTools(ctx, nil)
				if err != nil {
					t.Fatal(err)
				}
				advice, _ := res.Meta[metaNoToolsAdvice].(string)
				if len(res.Tools) != 0 || res.Meta[metaNoTools] != k.token || advice != noToolsAdvice[k.token] || advice == "" {
					t.Errorf("direct=%v: tools/list gives %d tools and _meta %v, want none and the token %q with its advice", direct, len(res.Tools), res.Meta, k.token)
				}
			}
			h.app.gw.direct.Store(true)
			if k.forge == "" {
				return
			}
			res, _ := c.get("/forge/text?" + k.forge)
			body, _ := io.ReadAll(res.Body)
			if string(body) != init {
				t.Errorf("the forge's MCP form is not initialize's instructions:\n--- forge\n%s\n--- initialize\n%s", body, init)
			}
			_, d := c.get("/forge?" + k.forge)
			notes := d.Find(`[data-testid="forge-note"]`).Map(func(_ int, s *goquery.Selection) string { return s.Text() })
			if !strings.Contains(strings.Join(notes, "\n"), k.says[0]) || !strings.Contains(strings.Join(notes, "\n"), k.says[1]) {
				t.Errorf("the forge page's notes %q do not say why", notes)
			}
		})
	}
	cs, _ := f.connect(t, nil)
	if res, err := cs.ListTools(ctx, nil); err != nil || len(res.Tools) == 0 || res.Meta[metaNoTools] != nil {
		t.Errorf("a session served tools: %v %v", res, err)
	}
	if init := cs.InitializeResult().Instructions; strings.Contains(init, noToolsHeading) {
		t.Errorf("a session served tools is told it has none:\n%s", init)
	}
}

// TestGatewayNoToolsNamesNoHiddenTool: a subject whose
// groups hold no grant is served no tool, and nothing the model reads —
// initialize's instructions, console://instruction, tools/list (its
// _meta included) — names a tool the agent declares, the subject's
// groups or a grant command: the model never learns a hidden tool's
// name. The host still learns why from _meta's reason token.
func TestGatewayNoToolsNamesNoHiddenTool(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	ctx := context.Background()
	tools, err := h.store.Tools(ctx)
	if err != nil || len(tools) == 0 {
		t.Fatalf("no declared tools: %v", err)
	}
	cs := f.connectTo(t, "helper", map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "nogrant"})
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "console://instruction"})
	if err != nil || len(rr.Contents) == 0 {
		t.Fatalf("console://instruction: %v", err)
	}
	seen := map[string]string{"initialize": cs.InitializeResult().Instructions, "console://instruction": rr.Contents[0].Text}
	for _, direct := range []bool{false, true} {
		h.app.gw.direct.Store(direct)
		res, err := cs.ListTools(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Tools) != 0 || res.Meta[metaNoTools] != noToolsNotGranted {
			t.Errorf("direct=%v: tools/list gives %d tools and _meta %v, want none and %q", direct, len(res.Tools), res.Meta, noToolsNotGranted)
		}
		b, _ := json.Marshal(res)
		seen[fmt.Sprintf("tools/list direct=%v", direct)] = string(b)
	}
	h.app.gw.direct.Store(true)
	if !strings.Contains(seen["initialize"], noToolsSentence) {
		t.Errorf("initialize does not say it serves no tool:\n%s", seen["initialize"])
	}
	for where, text := range seen {
		for _, tl := range tools {
			if strings.Contains(text, tl.ID) {
				t.Errorf("%s names the hidden tool %s:\n%s", where, tl.ID, text)
			}
		}
		for _, w := range []string{"nogrant", "grant add", "X-Subject-Groups"} {
			if strings.Contains(text, w) {
				t.Errorf("%s says %q:\n%s", where, w, text)
			}
		}
	}
}
