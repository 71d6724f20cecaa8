package web

import (
	"context"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayTeachesOnlyWhatItServes: an agent that declares built-in
// tools (exec, read_file) beside a connection's tools is served only the
// connection's tools over MCP, so initialize's instructions (and the
// forge's MCP form, byte for byte) teach only those: never a built-in
// tool nor the code channel its client cannot call.
func TestGatewayTeachesOnlyWhatItServes(t *testing.T) {
	for _, deferred := range []bool{false, true} {
		h := sqliteOnly(t)
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, deferred)
		ctx := context.Background()
		known := map[string]bool{}
		tools, _ := h.store.Tools(ctx)
		var ids []string
		for _, tl := range tools {
			known[tl.ID] = true
			if strings.HasPrefix(tl.ID, "demo.") {
				ids = append(ids, tl.ID)
			}
		}
		builtins := []string{"exec", "read_file"}
		for _, id := range builtins {
			if !known[id] {
				t.Fatalf("the catalog has no %s", id)
			}
		}
		var pins []string
		if deferred {
			pins = []string{"read_file"}
		}
		all := append(slices.Clone(ids), builtins...)
		if _, err := h.store.CreateProfile(ctx, "admin", models.ProfileInput{Slug: "gwb", Name: "Builder", Content: models.ProfileContent{Tools: all, Pins: pins, Deferred: deferred, Tier: "standard", CatalogForm: "full"}}, known, models.TokenTotals{}); err != nil {
			t.Fatal(err)
		}
		if _, err := h.store.CreateAgent(ctx, "admin", models.AgentInput{Slug: "builder", Name: "Builder", Declared: all, Services: []string{"demo"}, DefaultProfile: "gwb"}, known); err != nil {
			t.Fatal(err)
		}
		cl := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "1"}, nil)
		hc := &http.Client{Transport: headerTransport{"Authorization": "Bearer " + f.key}}
		cs, err := cl.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: f.front.URL + "/mcp/builder", HTTPClient: hc, MaxRetries: -1, DisableStandaloneSSE: true}, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer cs.Close()
		listed := toolNames(t, cs)
		init := cs.InitializeResult().Instructions
		for _, id := range builtins {
			if slices.Contains(listed, id) {
				t.Fatalf("deferred=%v: tools/list serves the built-in %s: %v", deferred, id, listed)
			}
			if regexp.MustCompile(`\b` + id + `\b`).MatchString(init) {
				t.Errorf("deferred=%v: initialize teaches %s, which tools/list does not serve (%v):\n%s", deferred, id, listed, init)
			}
		}
		if !deferred {
			for _, id := range ids {
				if slices.Contains(listed, id) && !regexp.MustCompile(regexp.QuoteMeta(id)).MatchString(init) {
					t.Errorf("initialize does not teach the served %s:\n%s", id, init)
				}
			}
		}
		c := h.login("admin", adminPassword)
		res, _ := c.get("/forge/text?agent=builder&profile=gwb&host=mcp")
		body, _ := io.ReadAll(res.Body)
		if string(body) != init {
			t.Errorf("deferred=%v: the forge's MCP form is not initialize's instructions:\n--- forge\n%s\n--- initialize\n%s", deferred, body, init)
		}
	}
}
