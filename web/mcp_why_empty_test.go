package web

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewaySaysWhyItServesNoTools (issue 24, newuser #20): a session
// that is served no tool is told why and what to do — in initialize's
// instructions and in tools/list's _meta (on the SDK's path and on the
// direct path alike), and the forge's MCP form for the same subject
// shows the same words: a subject in no group (X-Subject-Groups empty),
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
		says        []string
	}{
		{"a subject in no group", "helper", map[string]string{"X-Subject-Id": "sam"}, "", []string{"X-Subject-Groups", "grant"}},
		{"groups without a grant", "helper", map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "nogrant"}, "agent=helper&profile=gw&host=mcp&sg=nogrant", []string{"nogrant", "grant add"}},
		{"nothing served", "builtins", nil, "agent=builtins&profile=builtins&host=mcp", []string{"connection add", "connection sync"}},
	} {
		t.Run(k.name, func(t *testing.T) {
			cs := f.connectTo(t, k.agent, k.headers)
			init := cs.InitializeResult().Instructions
			for _, w := range k.says {
				if !strings.Contains(init, w) {
					t.Errorf("initialize's instructions do not say %q:\n%s", w, init)
				}
			}
			for _, direct := range []bool{false, true} {
				h.app.gw.direct.Store(direct)
				res, err := cs.ListTools(ctx, nil)
				if err != nil {
					t.Fatal(err)
				}
				why, _ := res.Meta[metaNoTools].(string)
				if len(res.Tools) != 0 || why == "" || !strings.Contains(init, why) {
					t.Errorf("direct=%v: tools/list gives %d tools and _meta %v, want none and the reason initialize gave", direct, len(res.Tools), res.Meta)
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
			if !strings.Contains(strings.Join(notes, "\n"), k.says[0]) {
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
