package replicas

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// loops is a cluster whose agent "helper" is served by the connection
// "demo" (a test upstream: demo.echo, demo.remember), reviewed, listed
// on the first step; the group "writers" may call both, the group
// "approvers" may call demo.echo only with an approval, the group
// "readers" demo.echo.
type loops struct {
	*cluster
	up    *upstreamtest.Server
	pool  *upstream.Pool
	key   string // a runtime key
	front string // a front that sends each request to the other replica in turn
	// remembered counts the calls that reached demo.remember once the
	// test replaced it (replaceRemember)
	remembered atomic.Int64
}

// TestTheAuthorityLoopsHoldAcrossReplicas: the three loops the authority
// closes, checked end to end across two console processes on Postgres
// (and the command line as a third): a call's arguments are checked
// against the reviewed schema of the tool's exact digest on every path;
// an approval a reviewer grants reaches the waiting call on whichever
// replica it comes back to, a denied or expired one never does; a
// revoked or check-ended binding never revives.
func TestTheAuthorityLoopsHoldAcrossReplicas(t *testing.T) {
	l := startLoops(t)
	for _, ck := range []struct {
		name string
		run  func(t *testing.T, l *loops)
	}{
		{"arguments are checked against the schema of the exact digest reviewed, on every path and replica", checkArgumentsFollowTheReview},
		{"an approval reaches the waiting call on either replica; a denied or expired one never does", checkApprovalsReachTheCall},
		{"a revoked or check-ended binding never revives: not by sync, re-import, restart or restore", checkBindingsNeverRevive},
	} {
		if !t.Run(ck.name, func(t *testing.T) { ck.run(t, l) }) {
			t.Logf("FAILED: %s", ck.name)
		}
	}
}

func startLoops(t *testing.T) *loops {
	c := startClusterWith(t, "--api-rate", "10000")
	ctx := context.Background()
	l := &loops{cluster: c, up: upstreamtest.New(), pool: upstream.NewPool(nil)}
	t.Cleanup(func() { l.pool.Close(); l.up.Close() })
	if _, err := c.store.CreateConnection(ctx, "admin", models.ConnectionInput{Name: "demo", URL: l.up.URL}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.store.CreateUser(ctx, "test", models.NewUserInput{Username: "rev", Password: "rev-password-1234", Roles: []models.Role{models.RoleReviewer}}); err != nil {
		t.Fatal(err)
	}
	l.syncAndReview(t)
	ids := []string{"demo.echo", "demo.remember"}
	known := map[string]bool{}
	tools, _ := c.store.Tools(ctx)
	for _, tl := range tools {
		known[tl.ID] = true
	}
	if _, err := c.store.CreateProfile(ctx, "admin", models.ProfileInput{Slug: "gw", Name: "Gateway", Content: models.ProfileContent{Tools: ids, Tier: "standard", CatalogForm: "full"}}, known, models.TokenTotals{}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.store.CreateAgent(ctx, "admin", models.AgentInput{Slug: "helper", Name: "Helper", Declared: ids, Services: []string{"demo"}, DefaultProfile: "gw"}, known); err != nil {
		t.Fatal(err)
	}
	for _, g := range [][]string{
		{"writers", "--tools", "demo.echo,demo.remember"},
		{"approvers", "--tools", "demo.echo", "--requires-approval"},
		{"readers", "--tools", "demo.echo"},
	} {
		if out, err := c.cli(append([]string{"grant", "add"}, g...)...); err != nil {
			t.Fatalf("grant add %v: %v %s", g, err, out)
		}
	}
	k, _, err := c.store.CreateScopedAPIKey(ctx, "test", "loops", models.ScopeRuntime)
	if err != nil {
		t.Fatal(err)
	}
	l.key = k
	var turn atomic.Int64
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, _ := url.Parse(l.base[turn.Add(1)%2]) // read per request: a restart moves a replica
		httputil.NewSingleHostReverseProxy(u).ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	l.front = front.URL
	return l
}

// syncAndReview syncs the connection and makes every tool it brought
// available, as the reviewer rev (a third process's write).
func (l *loops) syncAndReview(t *testing.T) {
	t.Helper()
	res, err := runtime.SyncConnection(context.Background(), l.store, l.pool, "admin", "demo")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, k := range res.Plan.Added {
		ids = append(ids, k.ID)
	}
	l.review(t, ids...)
}

// sync syncs the connection without reviewing what changed.
func (l *loops) sync(t *testing.T) {
	t.Helper()
	if _, err := runtime.SyncConnection(context.Background(), l.store, l.pool, "admin", "demo"); err != nil {
		t.Fatal(err)
	}
}

// replaceRemember makes the upstream's remember take the schema given
// (its other fields as published), counting its calls in l.remembered.
func (l *loops) replaceRemember(schema map[string]any, description string) {
	var tool mcp.Tool
	for _, tl := range upstreamtest.Tools() {
		if tl.Name == "remember" {
			tool = *tl
		}
	}
	if schema != nil {
		tool.InputSchema = schema
	}
	if description != "" {
		tool.Description = description
	}
	l.up.MCP.AddTool(&tool, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		n := l.remembered.Add(1)
		out := map[string]any{"stored": n}
		b, _ := json.Marshal(out)
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(b)}}, StructuredContent: out}, nil
	})
}

// session opens an MCP session on the front as a subject of group.
func (l *loops) session(t *testing.T, group string) *mcp.ClientSession {
	t.Helper()
	return l.connect(t, l.front, group)
}

// sessionOn opens an MCP session on replica r alone.
func (l *loops) sessionOn(t *testing.T, r int, group string) *mcp.ClientSession {
	t.Helper()
	return l.connect(t, l.base[r], group)
}

func (l *loops) connect(t *testing.T, base, group string) *mcp.ClientSession {
	t.Helper()
	cl := mcp.NewClient(&mcp.Implementation{Name: "loops-client", Version: "1"}, nil)
	hc := &http.Client{Transport: subjectBearer{key: l.key, subject: "u-" + group, groups: group}}
	cs, err := cl.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: base + "/mcp/helper", HTTPClient: hc, MaxRetries: -1, DisableStandaloneSSE: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// gwCall calls tool through cs: the result's text and whether it is an
// error.
func gwCall(t *testing.T, cs *mcp.ClientSession, tool string, args, meta map[string]any) (string, bool) {
	t.Helper()
	r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args, Meta: meta})
	if err != nil {
		t.Fatalf("tools/call %s: %v", tool, err)
	}
	var b strings.Builder
	for _, c := range r.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), r.IsError
}

// gwError is a gateway refusal's error type and approval reference.
func gwError(text string) (typ, approval string) {
	var e struct {
		Error struct{ Type, Approval string }
	}
	_ = json.Unmarshal([]byte(text), &e)
	return e.Error.Type, e.Error.Approval
}

// rest posts body (a JSON object, to which the agent helper and a
// subject of group are added) to replica r's path; a failed request fails
// the test.
func (l *loops) rest(t *testing.T, r int, path, group string, body map[string]any) (int, map[string]any) {
	t.Helper()
	status, out, err := l.tryRest(r, path, group, body)
	if err != nil {
		t.Fatal(err)
	}
	return status, out
}

// tryRest is rest returning a failed request's error, for goroutines.
func (l *loops) tryRest(r int, path, group string, body map[string]any) (int, map[string]any, error) {
	body["agent"] = "helper"
	body["subject"] = map[string]any{"id": "u-" + group, "groups": []string{group}}
	b, _ := json.Marshal(body)
	return l.tryRuntimeCall(r, l.key, path, string(b))
}

type subjectBearer struct{ key, subject, groups string }

func (b subjectBearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.key)
	r.Header.Set("X-Subject-Id", b.subject)
	r.Header.Set("X-Subject-Groups", b.groups)
	return http.DefaultTransport.RoundTrip(r)
}

// problemsText is a refusal's problems, for a message.
func problemsText(d map[string]any) string {
	e, _ := d["error"].(map[string]any)
	return fmt.Sprint(e["problems"])
}
