package catalog_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestOpenAIResponsesFlatFormImports: the Responses API writes a function
// tool without the "function" wrapper; it imports as the wrapped form does.
func TestOpenAIResponsesFlatFormImports(t *testing.T) {
	params := `{"type":"object","properties":{"city":{"type":"string","description":"City name"}},"required":["city"],"additionalProperties":false}`
	wrapped, ps := catalog.Parse(catalog.FormatOpenAI, []byte(`[{"type":"function","function":{"name":"get_weather","description":"Current weather.","strict":true,"parameters":`+params+`}}]`), "weather")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	flat, ps := catalog.Parse(catalog.FormatOpenAI, []byte(`{"tools":[{"type":"function","name":"get_weather","description":"Current weather.","strict":true,"parameters":`+params+`}]}`), "weather")
	if len(ps) > 0 || catalog.Digest(flat[0]) != catalog.Digest(wrapped[0]) {
		t.Fatalf("flat form: %v", ps)
	}
	_, ps = catalog.Parse(catalog.FormatOpenAI, []byte(`[{"type":"web_search","name":"w","description":"d"}]`), "s")
	if !hasProblem(ps, "w", "type", "function") {
		t.Errorf("flat form problems: %v", ps)
	}
	// a member the format does not define is kept for the reviewer
	cs, ps, ws := catalog.ParseWithWarnings(catalog.FormatOpenAI, []byte(`[{"type":"function","name":"f","description":"d","colour":1}]`), "s")
	if len(ps) > 0 || cs[0].Members["colour"] != 1.0 || len(ws) != 1 || ws[0].Field != "colour" {
		t.Errorf("an unknown member: %v, %v, %v", cs, ps, ws)
	}
}

// TestUnknownToolMembersAreKeptForTheReviewer: mcp-server-linear sends a
// top-level "examples" member on a tool, and newer revisions of MCP add
// members and hints; each is kept verbatim in the contract's Members (so
// the digest, and the review, covers it), warned about by path, and never
// rendered to the model. It used to refuse the server.
func TestUnknownToolMembersAreKeptForTheReviewer(t *testing.T) {
	tool := mcpTool("linear_search_issues", obj(map[string]any{"query": str("Text to search.")}))
	tool["examples"] = []any{map[string]any{"query": "bug"}}
	tool["annotations"] = map[string]any{"readOnlyHint": true, "costHint": "low"}
	tool["execution"] = map[string]any{"taskSupport": "optional", "ttl": 5.0}
	c, ws := importOne(t, tool)
	want := map[string]any{"examples": []any{map[string]any{"query": "bug"}}, "annotations.costHint": "low", "execution.ttl": 5.0}
	if jsonv(c.Members) != jsonv(want) {
		t.Errorf("members %s, want %s", jsonv(c.Members), jsonv(want))
	}
	var fields []string
	for _, w := range ws {
		fields = append(fields, w.Field)
	}
	sort.Strings(fields)
	if strings.Join(fields, " ") != "annotations.costHint examples execution.ttl" {
		t.Errorf("warned on %q", fields)
	}
	plain := mcpTool("linear_search_issues", obj(map[string]any{"query": str("Text to search.")}))
	plain["annotations"] = map[string]any{"readOnlyHint": true}
	plain["execution"] = map[string]any{"taskSupport": "optional"}
	p, _ := importOne(t, plain)
	if catalog.Digest(p) == catalog.Digest(c) {
		t.Error("the members left no trace in the digest")
	}
	for _, text := range []string{catalog.RenderFull(c), catalog.RenderCompact(c)} {
		if text != map[bool]string{true: catalog.RenderFull(p), false: catalog.RenderCompact(p)}[strings.HasPrefix(text, "###")] {
			t.Errorf("members changed the rendering:\n%s", text)
		}
	}
}

// TestToolMembersHaveTheirTypes: a title, description or annotation of the
// wrong type is a problem naming it (a string "true" as readOnlyHint used
// to be ignored, silently changing the effects).
func TestToolMembersHaveTheirTypes(t *testing.T) {
	for _, bad := range []struct {
		tool  map[string]any
		field string
	}{
		{map[string]any{"name": "t", "title": 7.0, "description": "D.", "inputSchema": obj(map[string]any{})}, "title"},
		{map[string]any{"name": "t", "description": []any{"D."}, "inputSchema": obj(map[string]any{})}, "description"},
		{map[string]any{"name": "t", "description": "D.", "inputSchema": obj(map[string]any{}), "annotations": map[string]any{"readOnlyHint": "true"}}, "annotations.readOnlyHint"},
		{map[string]any{"name": "t", "description": "D.", "inputSchema": obj(map[string]any{}), "annotations": "read-only"}, "annotations"},
		{map[string]any{"name": "t", "description": "D.", "inputSchema": obj(map[string]any{}), "annotations": map[string]any{"title": true}}, "annotations.title"},
	} {
		if _, ps := catalog.Parse(catalog.FormatMCP, mcpDoc(t, bad.tool), "svc"); !hasProblem(ps, "t", bad.field, "must be") {
			t.Errorf("%v: want a problem on %s, got %v", bad.tool, bad.field, ps)
		}
	}
}
