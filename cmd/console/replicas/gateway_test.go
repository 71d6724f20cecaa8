package replicas

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestTwoReplicasServeOneGatewaySession: behind a front that sends each
// request to the other replica in turn (no stickiness), one MCP session
// initializes on one replica, searches on one and lists the activated
// tools on the other, calls through both, and an idempotent retry on the
// other replica is answered from the record, never run twice.
func TestTwoReplicasServeOneGatewaySession(t *testing.T) {
	c := startClusterWith(t, "--api-rate", "10000")
	ctx := context.Background()
	up := upstreamtest.New()
	defer up.Close()
	if _, err := c.store.CreateConnection(ctx, "admin", models.ConnectionInput{Name: "demo", URL: up.URL}); err != nil {
		t.Fatal(err)
	}
	pool := upstream.NewPool(nil)
	defer pool.Close()
	res, err := runtime.SyncConnection(ctx, c.store, pool, "admin", "demo")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.store.CreateUser(ctx, "test", models.NewUserInput{Username: "rev", Password: "rev-password-1234", Roles: []models.Role{models.RoleReviewer}}); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, k := range res.Plan.Added {
		ids = append(ids, k.ID)
	}
	seen, _ := c.store.ToolDigests(ctx, ids)
	if _, err := c.store.ReviewTools(ctx, "rev", seen, models.ToolAvailable); err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	tools, _ := c.store.Tools(ctx)
	for _, tl := range tools {
		known[tl.ID] = true
	}
	if _, err := c.store.CreateProfile(ctx, "admin", models.ProfileInput{Slug: "gw", Name: "Gateway", Content: models.ProfileContent{Tools: ids, Deferred: true, Tier: "standard", CatalogForm: "full"}}, known, models.TokenTotals{}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.store.CreateAgent(ctx, "admin", models.AgentInput{Slug: "helper", Name: "Helper", Declared: ids, Services: []string{"demo"}, DefaultProfile: "gw"}, known); err != nil {
		t.Fatal(err)
	}
	key, _, err := c.store.CreateScopedAPIKey(ctx, "test", "gateway", models.ScopeRuntime)
	if err != nil {
		t.Fatal(err)
	}
	var served [2]atomic.Int64
	var turn atomic.Int64
	proxies := [2]*httputil.ReverseProxy{}
	for i := range proxies {
		u, _ := url.Parse(c.base[i])
		proxies[i] = httputil.NewSingleHostReverseProxy(u)
	}
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := turn.Add(1) % 2
		served[i].Add(1)
		proxies[i].ServeHTTP(w, r)
	}))
	defer front.Close()
	changed := make(chan struct{}, 8)
	cl := mcp.NewClient(&mcp.Implementation{Name: "replica-client", Version: "1"}, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) { changed <- struct{}{} },
	})
	hc := &http.Client{Transport: bearer{key}}
	cs, err := cl.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: front.URL + "/mcp/helper", HTTPClient: hc, MaxRetries: -1, DisableStandaloneSSE: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	names := func() []string {
		res, err := cs.ListTools(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, tl := range res.Tools {
			out = append(out, tl.Name)
		}
		return out
	}
	text := func(r *mcp.CallToolResult) string {
		var b strings.Builder
		for _, c := range r.Content {
			if tc, ok := c.(*mcp.TextContent); ok {
				b.WriteString(tc.Text)
			}
		}
		return b.String()
	}
	if got := names(); !slices.Equal(got, []string{"search_tools"}) {
		t.Fatalf("first list %v", got)
	}
	sr, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "search_tools", Arguments: map[string]any{"query": "store a fact"}})
	if err != nil || !strings.Contains(text(sr), "demo.remember") {
		t.Fatalf("search: %v %s", err, text(sr))
	}
	<-changed
	for range 3 { // both replicas answer the activated set
		if got := names(); !slices.Contains(got, "demo.remember") {
			t.Fatalf("a replica lists %v after the search", got)
		}
	}
	var answers []string
	for range 4 { // two on each replica
		r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "demo.remember", Arguments: map[string]any{"key": "k", "fact": "f"}, Meta: map[string]any{"idempotency_key": "once"}})
		if err != nil || r.IsError {
			t.Fatalf("call: %v %s", err, text(r))
		}
		answers = append(answers, text(r))
	}
	if up.Calls("remember") != 1 {
		t.Errorf("an idempotent call ran %d times across the replicas", up.Calls("remember"))
	}
	for _, a := range answers[1:] {
		if a != answers[0] {
			t.Errorf("retries answered differently: %q", answers)
		}
	}
	if served[0].Load() < 3 || served[1].Load() < 3 {
		t.Errorf("requests per replica %d / %d: both must serve the session", served[0].Load(), served[1].Load())
	}
}

type bearer struct{ key string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.key)
	return http.DefaultTransport.RoundTrip(r)
}
