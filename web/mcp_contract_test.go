package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// serverTools lists a server's tools as the server itself sends them,
// each with its schemas as plain JSON values, by name.
func serverTools(t *testing.T, tools []*mcp.Tool) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	for _, tl := range tools {
		b, err := json.Marshal(tl)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		out[tl.Name] = m
	}
	return out
}

// withoutDialect is a schema without its "$schema" member (the gateway
// serves draft 2020-12, a server may write draft 07; nothing else in
// these schemas differs between the two), each "required" list in order
// (a set: its order means nothing).
func withoutDialect(v any) any {
	switch x := v.(type) {
	case map[string]any:
		c := make(map[string]any, len(x))
		for k, y := range x {
			switch {
			case k == "$schema":
			case k == "required":
				l, _ := y.([]any)
				names := make([]string, len(l))
				for i, n := range l {
					names[i], _ = n.(string)
				}
				slices.Sort(names)
				c[k] = names
			default:
				c[k] = withoutDialect(y)
			}
		}
		return c
	case []any:
		c := make([]any, len(x))
		for i, y := range x {
			c[i] = withoutDialect(y)
		}
		return c
	}
	return v
}

// listedByGateway lists a session's tools as plain JSON values by name.
func listedByGateway(t *testing.T, cs *mcp.ClientSession) map[string]map[string]any {
	t.Helper()
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return serverTools(t, res.Tools)
}

// sameSchemas fails when the gateway's schema of a tool differs from the
// server's: every description, default, title, example and rule, nested
// or not, is the reviewed contract (DESIGN §2).
func sameSchemas(t *testing.T, tool, member string, server, gateway map[string]any) {
	t.Helper()
	want, got := withoutDialect(server[member]), withoutDialect(gateway[member])
	if !reflect.DeepEqual(want, got) {
		wb, _ := json.Marshal(want)
		gb, _ := json.Marshal(got)
		t.Errorf("%s %s:\n server  %s\n gateway %s", tool, member, wb, gb)
	}
}

// TestGatewayListsThePublishedSchemas: the published memory server's
// tools, listed through the gateway to the official Go SDK's client,
// carry the server's input and output schemas whole — each parameter's
// description, nested ones too (tools/list dropped them).
// Failing test first.
func TestGatewayListsThePublishedSchemas(t *testing.T) {
	entry := npmServer(t, "@modelcontextprotocol/server-memory/dist/index.js")
	h := sqliteOnly(t)
	graph := filepath.Join(t.TempDir(), "memory.jsonl")
	// the server's own list, read by the SDK's client over stdio
	cl := mcp.NewClient(&mcp.Implementation{Name: "direct", Version: "1"}, nil)
	cmd := exec.Command("node", entry)
	cmd.Env = append(cmd.Environ(), "MEMORY_FILE_PATH="+graph)
	direct, err := cl.Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := direct.ListTools(context.Background(), nil)
	direct.Close()
	if err != nil {
		t.Fatal(err)
	}
	published := serverTools(t, res.Tools)
	f := h.gatewayFixtureFor(models.ConnectionInput{Name: "memory", Command: []string{"node", entry}, Env: map[string]string{"MEMORY_FILE_PATH": graph}}, false)
	cs, _ := f.connect(t, nil)
	listed := listedByGateway(t, cs)
	if len(listed) != len(published) {
		t.Fatalf("the gateway lists %d tools, the server %d", len(listed), len(published))
	}
	for name, server := range published {
		gw, ok := listed["memory."+name]
		if !ok {
			t.Errorf("memory.%s is not listed", name)
			continue
		}
		sameSchemas(t, name, "inputSchema", server, gw)
		sameSchemas(t, name, "outputSchema", server, gw)
	}
	// a reviewer's rewording of a description is what the client reads,
	// in the list and in the instruction; the imported text is not
	ctx := context.Background()
	const id, reworded = "memory.create_entities", "Add people, places or things to the knowledge graph, each with its observations."
	seen, err := h.store.ToolDigests(ctx, []string{id})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.store.RewordTool(ctx, "rev", id, seen[id], reworded); err != nil {
		t.Fatal(err)
	}
	if d, _ := listedByGateway(t, cs)[id]["description"].(string); !strings.HasPrefix(d, reworded) || strings.Contains(d, "Create multiple new entities") {
		t.Errorf("listed description after a rewording: %q", d)
	}
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "console://instruction"})
	if err != nil || len(rr.Contents) != 1 {
		t.Fatalf("console://instruction: %v", err)
	}
	if text := rr.Contents[0].Text; !strings.Contains(text, reworded) || strings.Contains(text, "Create multiple new entities") {
		t.Errorf("the instruction after a rewording:\n%s", text)
	}
}

// annotatedTool is a tool whose schema holds every annotation a
// published schema may carry, at the top and nested: titles,
// descriptions, defaults (null too), examples, enums, deprecation,
// read-only and write-only marks, content encodings.
var annotatedTool = &mcp.Tool{Name: "annotated", Description: "Find records of a kind, newest first.",
	Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
	InputSchema: json.RawMessage(`{"type":"object","description":"What to find.","additionalProperties":false,"required":["kind"],"properties":{
		"kind":{"type":"string","title":"Kind","description":"The kind of record.","enum":["order","invoice"],"default":"order","examples":["invoice"]},
		"limit":{"type":"integer","description":"At most this many.","default":20,"minimum":1,"maximum":100},
		"cursor":{"type":["string","null"],"description":"Where the last page ended.","default":null},
		"legacy":{"type":"boolean","description":"Old switch.","deprecated":true,"default":false},
		"token":{"type":"string","description":"Write-only secret.","writeOnly":true},
		"blob":{"type":"string","description":"A file.","contentEncoding":"base64","contentMediaType":"image/png"},
		"filter":{"type":"object","title":"Filter","description":"Fields to match.","default":{"status":"open"},"properties":{
			"status":{"type":"string","description":"The status.","default":"open"},
			"tags":{"type":"array","description":"Tags, any of.","items":{"type":"string","description":"One tag.","examples":["vip"]}}}}}}`),
	OutputSchema: json.RawMessage(`{"type":"object","properties":{"records":{"type":"array","description":"The records found.","items":{"type":"object","properties":{"id":{"type":"string","description":"The record's id.","readOnly":true}}}}}}`),
}

// TestGatewayListsEveryAnnotation: every annotation of a schema reaches
// the client through the gateway as the server wrote it. Failing test
// first.
func TestGatewayListsEveryAnnotation(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	up.MCP.AddTool(annotatedTool, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "none"}}}, nil
	})
	f := h.gatewayFixture("shop", up.URL, false)
	cs, _ := f.connect(t, nil)
	listed := listedByGateway(t, cs)
	published := serverTools(t, []*mcp.Tool{annotatedTool})
	gw, ok := listed["shop.annotated"]
	if !ok {
		t.Fatalf("shop.annotated not listed: %v", listed)
	}
	sameSchemas(t, "annotated", "inputSchema", published["annotated"], gw)
	sameSchemas(t, "annotated", "outputSchema", published["annotated"], gw)
}

// at reads a nested member of a decoded JSON value ("" when absent).
func at(v any, path ...string) string {
	for _, k := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return ""
		}
		v = m[k]
	}
	s, _ := v.(string)
	return s
}

// TestGatewayServesReviewedParameterDescriptions: a reviewer who did not
// import a tool rewords a nested parameter's description on the tool's
// page; the official client then lists the reviewed text at that place
// of the input schema (the output schema, not reworded, keeps the
// server's), the instruction teaches it, and the page shows both texts.
// The importer, a pointer naming no parameter, hidden characters and a
// stale digest are refused with nothing written. Failing test first (no
// parameter rewording existed).
func TestGatewayServesReviewedParameterDescriptions(t *testing.T) {
	entry := npmServer(t, "@modelcontextprotocol/server-memory/dist/index.js")
	h := sqliteOnly(t)
	f := h.gatewayFixtureFor(models.ConnectionInput{Name: "memory", Command: []string{"node", entry}, Env: map[string]string{"MEMORY_FILE_PATH": filepath.Join(t.TempDir(), "m.jsonl")}}, false)
	cs, _ := f.connect(t, nil)
	const page, ptr = "/catalog/tools/memory.create_entities", "/properties/entities/items/properties/name"
	const reworded = "The entity's unique name, e.g. a person's full name."
	rev := h.login("rev", "rev-password")
	_, d := rev.get(page)
	if d.Find(`textarea[name="param:`+ptr+`"]`).Length() != 1 {
		t.Fatalf("no field for %s on the tool page", ptr)
	}
	row, _ := h.store.ToolByID(context.Background(), "memory.create_entities")
	admin := h.login("admin", adminPassword)
	if res, _ := admin.post(page+"/reword-params", url.Values{"digest": {row.Digest}, "param:" + ptr: {reworded}}); res.StatusCode != http.StatusForbidden {
		t.Errorf("the importer: %d, want 403", res.StatusCode)
	}
	for _, bad := range []struct {
		form url.Values
		code int
	}{
		{url.Values{"digest": {row.Digest}, "param:/properties/nope": {reworded}}, http.StatusUnprocessableEntity},
		{url.Values{"digest": {row.Digest}, "param:" + ptr: {"Name\u202e."}}, http.StatusUnprocessableEntity},
		{url.Values{"digest": {"stale"}, "param:" + ptr: {reworded}}, http.StatusConflict},
	} {
		if res, _ := rev.post(page+"/reword-params", bad.form); res.StatusCode != bad.code {
			t.Errorf("%v: %d, want %d", bad.form, res.StatusCode, bad.code)
		}
	}
	if after, _ := h.store.ToolByID(context.Background(), "memory.create_entities"); after.ReviewedParams != "" {
		t.Fatalf("a refused rewording was written: %q", after.ReviewedParams)
	}
	if res, _ := rev.post(page+"/reword-params", url.Values{"digest": {row.Digest}, "param:" + ptr: {reworded}, "param:/properties/entities": {""}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("rewording: %d", res.StatusCode)
	}
	tool := listedByGateway(t, cs)["memory.create_entities"]
	if got := at(tool, "inputSchema", "properties", "entities", "items", "properties", "name", "description"); got != reworded {
		t.Errorf("listed input description %q, want the rewording", got)
	}
	if got := at(tool, "outputSchema", "properties", "entities", "items", "properties", "name", "description"); got != "The name of the entity" {
		t.Errorf("listed output description %q, want the server's", got)
	}
	rr, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "console://instruction"})
	if err != nil || !strings.Contains(rr.Contents[0].Text, reworded) {
		t.Errorf("the instruction lacks the rewording: %v", err)
	}
	_, d = rev.get(page)
	if got := d.Find(`[data-testid="params-reworded"]`).Text(); !strings.Contains(got, "1 reworded parameter description") || !strings.Contains(got, "rev") {
		t.Errorf("page: %q", got)
	}
	if got := d.Find(`textarea[name="param:` + ptr + `"]`).Text(); got != reworded {
		t.Errorf("the form holds %q", got)
	}
	if !strings.Contains(d.Find(`[data-testid="full-form"]`).Text(), reworded) {
		t.Error("the form the model reads on the page is not the rewording")
	}
}
