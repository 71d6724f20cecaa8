package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
)

// gwFixture is a console with one connection (named ns) reviewed and an
// agent "helper" whose deferred profile "gw" holds every tool the
// connection serves; key is a runtime key.
type gwFixture struct {
	h     *harness
	key   string
	front *httptest.Server
	// app is the console the front forwards to (swap it to restart)
	app atomic.Pointer[http.Handler]
}

// gatewayFixture connects the upstream at url as namespace ns and sets
// the agent up.
func (h *harness) gatewayFixture(ns, url string, deferred bool) *gwFixture {
	h.t.Helper()
	return h.gatewayFixtureFor(models.ConnectionInput{Name: ns, URL: url}, deferred)
}

// gatewayFixtureFor is gatewayFixture for any connection.
func (h *harness) gatewayFixtureFor(in models.ConnectionInput, deferred bool) *gwFixture {
	h.t.Helper()
	ctx := context.Background()
	ns := in.Name
	h.store.SetSealKey([]byte("a-test-key-of-at-least-thirty-two-bytes"))
	if _, err := h.store.CreateConnection(ctx, "admin", in); err != nil {
		h.t.Fatal(err)
	}
	res, err := runtime.SyncConnection(ctx, h.store, h.app.gw.pool, "admin", ns)
	if err != nil {
		h.t.Fatal(err)
	}
	h.addUser("rev", models.RoleReviewer)
	var ids []string
	seen := map[string]string{}
	for _, c := range res.Plan.Added {
		ids = append(ids, c.ID)
	}
	seen, _ = h.store.ToolDigests(ctx, ids)
	if _, err := h.store.ReviewTools(ctx, "rev", seen, models.ToolAvailable); err != nil {
		h.t.Fatal(err)
	}
	known := map[string]bool{}
	tools, _ := h.store.Tools(ctx)
	for _, t := range tools {
		known[t.ID] = true
	}
	if _, err := h.store.CreateProfile(ctx, "admin", models.ProfileInput{Slug: "gw", Name: "Gateway", Content: models.ProfileContent{Tools: ids, Deferred: deferred, Tier: "standard", CatalogForm: "full"}}, known, models.TokenTotals{}); err != nil {
		h.t.Fatal(err)
	}
	if _, err := h.store.CreateAgent(ctx, "admin", models.AgentInput{Slug: "helper", Name: "Helper", Declared: ids, Services: []string{ns}, DefaultProfile: "gw"}, known); err != nil {
		h.t.Fatal(err)
	}
	f := &gwFixture{h: h, key: h.runtimeKey()}
	var app http.Handler = h.app.Handler()
	f.app.Store(&app)
	f.front = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { (*f.app.Load()).ServeHTTP(w, r) }))
	h.t.Cleanup(f.front.Close)
	return f
}

// headerTransport adds headers to every request.
type headerTransport map[string]string

func (t headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range t {
		r.Header.Set(k, v)
	}
	return testTransport.RoundTrip(r)
}

// testTransport keeps idle connections for concurrent sessions.
var testTransport = func() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns, t.MaxIdleConnsPerHost = 256, 64
	return t
}()

// connect opens an MCP session with the SDK's client; changed receives a
// value per notifications/tools/list_changed.
func (f *gwFixture) connect(t testing.TB, headers map[string]string) (*mcp.ClientSession, chan struct{}) {
	t.Helper()
	changed := make(chan struct{}, 16)
	cl := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "1"}, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) { changed <- struct{}{} },
	})
	h := headerTransport{"Authorization": "Bearer " + f.key}
	for k, v := range headers {
		h[k] = v
	}
	cs, err := cl.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: f.front.URL + "/mcp/helper", HTTPClient: &http.Client{Transport: h}, MaxRetries: -1, DisableStandaloneSSE: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, changed
}

// toolNames lists a session's tools.
func toolNames(t testing.TB, cs *mcp.ClientSession) []string {
	t.Helper()
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, tl := range res.Tools {
		out = append(out, tl.Name)
	}
	return out
}

// call calls a tool and returns the result's text and whether it is an
// error; a protocol error fails the test.
func call(t testing.TB, cs *mcp.ClientSession, name string, args any, meta map[string]any) (string, bool) {
	t.Helper()
	text, isErr, err := tryCall(cs, name, args, meta)
	if err != nil {
		t.Fatal(err)
	}
	return text, isErr
}

// tryCall is call returning a protocol error, for goroutines (which must
// not end the test).
func tryCall(cs *mcp.ClientSession, name string, args any, meta map[string]any) (string, bool, error) {
	p := &mcp.CallToolParams{Name: name, Arguments: args}
	if meta != nil {
		p.Meta = meta
	}
	res, err := cs.CallTool(context.Background(), p)
	if err != nil {
		return "", false, fmt.Errorf("%s: protocol error %v (refusals must be tool results)", name, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res.IsError, nil
}

// errType reads the type of a gateway error result's text.
func errType(text string) string {
	var e struct {
		Error struct {
			Type     string `json:"type"`
			Problems []struct {
				Pointer string `json:"pointer"`
			} `json:"problems"`
		} `json:"error"`
	}
	_ = json.Unmarshal([]byte(text), &e)
	return e.Error.Type
}
