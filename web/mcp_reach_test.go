package web

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// builderAgent adds agent slug (default profile slug, deferred) that
// declares tools; ids are the demo connection's tools.
func builderAgent(t *testing.T, h *harness, slug string, tools []string, deferred bool) {
	t.Helper()
	ctx := context.Background()
	known := map[string]bool{}
	all, _ := h.store.Tools(ctx)
	for _, tl := range all {
		known[tl.ID] = true
	}
	if _, err := h.store.CreateProfile(ctx, "admin", models.ProfileInput{Slug: slug, Name: slug, Content: models.ProfileContent{Tools: tools, Deferred: deferred, Tier: "standard", CatalogForm: "full"}}, known, models.TokenTotals{}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.store.CreateAgent(ctx, "admin", models.AgentInput{Slug: slug, Name: slug, Declared: tools, Services: []string{"demo"}, DefaultProfile: slug}, known); err != nil {
		t.Fatal(err)
	}
}

// connectTo opens an SDK client session on agent's gateway endpoint.
func (f *gwFixture) connectTo(t *testing.T, agent string, headers map[string]string) *mcp.ClientSession {
	t.Helper()
	hd := headerTransport{"Authorization": "Bearer " + f.key}
	for k, v := range headers {
		hd[k] = v
	}
	cl := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "1"}, nil)
	cs, err := cl.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: f.front.URL + "/mcp/" + agent, HTTPClient: &http.Client{Transport: hd}, MaxRetries: -1, DisableStandaloneSSE: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// TestGatewaySearchReachesOnlyServedTools: a deferred agent
// that declares built-in tools (exec, read_file) beside a connection's
// is searched, over MCP, only among the tools a connection serves: a
// search that would rank exec first activates nothing the client cannot
// call, and calling exec is not answered SEARCH_REQUIRED (search could
// never load it). An agent whose only tools are built-ins lists no
// search_tools. The forge's MCP form counts only served tools in "N of
// M declared". The runtime API's search still reaches the built-ins.
func TestGatewaySearchReachesOnlyServedTools(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	demo := []string{"demo.echo", "demo.remember", "demo.slow"}
	builderAgent(t, h, "mixed", append(slices.Clone(demo), "exec", "read_file"), true)
	builderAgent(t, h, "onlybuiltin", []string{"exec", "read_file"}, true)

	cs := f.connectTo(t, "mixed", nil)
	text, isErr := call(t, cs, "search_tools", map[string]any{"query": "run a shell command exec", "limit": 5}, nil)
	if isErr {
		t.Fatalf("search: %s", text)
	}
	for _, id := range []string{"exec", "read_file"} {
		if strings.Contains(text, id+":") {
			t.Errorf("the search loaded the built-in %s, which the gateway does not serve:\n%s", id, text)
		}
	}
	for _, id := range toolNames(t, cs) {
		if id != "search_tools" && !slices.Contains(demo, id) {
			t.Errorf("after the search tools/list holds %s", id)
		}
	}
	if text, isErr := call(t, cs, "exec", map[string]any{"code": "print(1)"}, nil); !isErr || errType(text) != "capability_unavailable" {
		t.Errorf("calling exec over MCP: %s (isError %v), want capability_unavailable, never SEARCH_REQUIRED (search cannot load it)", text, isErr)
	}

	only := f.connectTo(t, "onlybuiltin", nil)
	if got := toolNames(t, only); slices.Contains(got, "search_tools") {
		t.Errorf("an agent with only built-ins lists %v: search_tools reaches nothing", got)
	}

	c := h.login("admin", adminPassword)
	_, d := c.get("/forge?agent=mixed&profile=mixed&host=mcp")
	want := "of " + strconv.Itoa(len(demo)) + " declared tools"
	if got := strings.Join(strings.Fields(d.Find(`[data-testid="roster-count"]`).Text()), " "); !strings.Contains(got, want) {
		t.Errorf("the forge's MCP form says %q, want %q (built-ins are not served)", got, want)
	}
	_, d = c.get("/forge?agent=mixed&profile=mixed")
	if got := d.Text(); !strings.Contains(strings.Join(strings.Fields(got), " "), "of 5 declared tools") {
		t.Error("the forge's text form no longer counts every declared tool")
	}
}
