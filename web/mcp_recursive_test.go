package web

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// treeSchema is a project tree as zod 4 writes it (todoist's get-overview):
// a project holds projects, through a definition that refers to itself.
const treeSchema = `{"type":"object","properties":{"projects":{"type":"array","items":{"allOf":[{"$ref":"#/definitions/__schema0"}]}}},"required":["projects"],
 "definitions":{"__schema0":{"type":"object","properties":{"name":{"type":"string","minLength":1},"children":{"type":"array","items":{"$ref":"#/definitions/__schema0"}}},"required":["name","children"],"additionalProperties":false}}}`

// TestGatewayServesARecursiveSchema: a real server's tool whose
// input and output schemas are trees imports through a connection; the
// gateway's tools/list gives an MCP client the reviewed schemas with the
// recursion as a reference into themselves, which the Go SDK's own JSON
// Schema library resolves and checks; a call with a valid four-level tree
// runs and its tree result passes the output check; arguments broken at
// the fourth level are refused naming the pointer and the server never
// runs; a result broken there is refused naming its pointer.
func TestGatewayServesARecursiveSchema(t *testing.T) {
	eachDialect(t, gatewayServesARecursiveSchema)
}

func gatewayServesARecursiveSchema(t *testing.T, h *harness) {
	up := upstreamtest.New()
	defer up.Close()
	var tree map[string]any
	if err := json.Unmarshal([]byte(treeSchema), &tree); err != nil {
		t.Fatal(err)
	}
	calls := 0
	up.MCP.AddTool(&mcp.Tool{Name: "plant", Description: "Plant a tree of projects and return it as planted.", InputSchema: tree, OutputSchema: tree,
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}},
		func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			calls++
			var in map[string]any
			_ = json.Unmarshal(req.Params.Arguments, &in)
			if strings.Contains(string(req.Params.Arguments), `"broken result"`) {
				_ = json.Unmarshal([]byte(strings.Replace(string(req.Params.Arguments), `"broken result"`, `""`, 1)), &in)
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "planted"}}, StructuredContent: in}, nil
		})
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, nil)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var plant *mcp.Tool
	for _, tl := range res.Tools {
		if tl.Name == "demo.plant" {
			plant = tl
		}
	}
	if plant == nil {
		t.Fatal("tools/list lacks demo.plant")
	}
	deep := func(leaf string) map[string]any {
		var v map[string]any
		_ = json.Unmarshal([]byte(`{"projects":[{"name":"a","children":[{"name":"b","children":[{"name":"c","children":[{"name":`+leaf+`,"children":[]}]}]}]}]}`), &v)
		return v
	}
	for what, s := range map[string]any{"input": plant.InputSchema, "output": plant.OutputSchema} {
		raw, _ := json.Marshal(s)
		if !strings.Contains(string(raw), `"$ref":"#/properties/projects/items/allOf/0"`) {
			t.Errorf("%s schema without the recursive reference: %s", what, raw)
		}
		var sch jsonschema.Schema
		if err := json.Unmarshal(raw, &sch); err != nil {
			t.Fatalf("%s schema: %v", what, err)
		}
		rs, err := sch.Resolve(nil)
		if err != nil {
			t.Fatalf("the SDK's JSON Schema library cannot resolve the %s schema: %v\n%s", what, err, raw)
		}
		if err := rs.Validate(deep(`"d"`)); err != nil {
			t.Errorf("%s schema refuses a valid tree: %v", what, err)
		}
		if err := rs.Validate(deep(`""`)); err == nil {
			t.Errorf("%s schema accepts a name too short at the fourth level", what)
		}
	}
	// the text a client reads is the checked structured content
	if text, isErr := call(t, cs, "demo.plant", deep(`"d"`), nil); isErr || !strings.Contains(text, `"name":"d"`) || calls != 1 {
		t.Fatalf("a valid tree: %s (error %v, calls %d)", text, isErr, calls)
	}
	text, isErr := call(t, cs, "demo.plant", deep(`""`), nil)
	if !isErr || calls != 1 || !strings.Contains(text, "/projects/0/children/0/children/0/children/0/name") {
		t.Fatalf("a tree broken at the fourth level: %s (error %v, calls %d)", text, isErr, calls)
	}
	// the server answers with a tree broken at the fourth level
	text, isErr = call(t, cs, "demo.plant", deep(`"broken result"`), nil)
	if !isErr || calls != 2 || errType(text) != typeResultMismatch || !strings.Contains(text, "/projects/0/children/0/children/0/children/0/name") {
		t.Fatalf("a result broken at the fourth level: %s (error %v, calls %d)", text, isErr, calls)
	}
}
