package catalog_test

import (
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// These tests hold the MCP import to what real servers send (the shapes of
// modelcontextprotocol/servers' filesystem, memory and git servers): each
// was a refusal before, and each must now import with nothing cut.

// importOne imports one MCP tool and fails the test on any problem.
func importOne(t *testing.T, tool map[string]any) (catalog.Contract, catalog.Warnings) {
	t.Helper()
	cs, ps, ws := catalog.ParseWithWarnings(catalog.FormatMCP, mcpDoc(t, tool), "svc")
	if len(ps) > 0 {
		t.Fatalf("refused: %v", ps)
	}
	return cs[0], ws
}

// TestAPropertyWithoutDescriptionImportsWithAWarning: the filesystem
// server's `path` has no description. Nothing is cut by importing it (there
// is no text to render), so MCP and OpenAI imports accept it, and the admin
// is told which properties say nothing beyond their name and type.
func TestAPropertyWithoutDescriptionImportsWithAWarning(t *testing.T) {
	schema := obj(map[string]any{
		"path":  map[string]any{"type": "string"},
		"blank": map[string]any{"type": "string", "description": "  "},
		"tail":  map[string]any{"type": "number", "description": "When set, only the final N lines of the file come back"},
		"edits": map[string]any{"type": "array", "items": obj(map[string]any{"oldText": map[string]any{"type": "string"}})},
	}, "required", []any{"path"})
	c, ws := importOne(t, mcpTool("read_text_file", schema))
	want := []string{"inputSchema.blank", "inputSchema.edits", "inputSchema.edits[].oldText", "inputSchema.path"}
	var got []string
	for _, w := range ws {
		if w.Tool != "read_text_file" || !strings.Contains(w.Message, "no description") {
			t.Errorf("warning not located or unclear: %+v", w)
		}
		got = append(got, w.Field)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("warnings on %q, want %q", got, want)
	}
	for form, rc := range readBoth(t, c) {
		if f := factsOf(t, rc, form, "path"); strings.Join(f, ", ") != "string, required" {
			t.Errorf("%s: path facts %q", form, f)
		}
		if rc.nodes["path"].text != "" || rc.nodes["blank"].text != "" {
			t.Errorf("%s: an undescribed property reads back with text", form)
		}
		if rc.nodes["tail"].text == "" {
			t.Errorf("%s: a described property lost its text", form)
		}
	}
	checkAccounted(t, c, schema)

	// OpenAI function tools: the same rule
	doc := `[{"type":"function","function":{"name":"get_weather","description":"Gets the weather.","parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}}}]`
	cs, ps, ws := catalog.ParseWithWarnings(catalog.FormatOpenAI, []byte(doc), "weather")
	if len(ps) > 0 || len(cs) != 1 {
		t.Fatalf("OpenAI tool refused: %v", ps)
	}
	if len(ws) != 1 || ws[0].Tool != "get_weather" || ws[0].Field != "parameters.city" {
		t.Errorf("OpenAI warnings %v", ws)
	}

	// a service's tool without a description (MCP makes it optional;
	// shopify-mcp 1.0.8 ships 14) imports with a warning and renders its
	// name, title and parameters; the console's own tools
	// still need one
	noDesc := mcpTool("x", obj(map[string]any{"q": str("Query.")}))
	delete(noDesc, "description")
	cx, wx := importOne(t, noDesc)
	if len(wx) != 1 || wx[0].Tool != "svc.x" || wx[0].Field != "description" || !strings.Contains(wx[0].Message, "no description") {
		t.Errorf("no warning for a tool without a description: %v", wx)
	}
	for form, rc := range readBoth(t, cx) {
		if rc.purpose != "" || rc.nodes["q"] == nil {
			t.Errorf("%s: purpose %q, nodes %v", form, rc.purpose, rc.order)
		}
	}
	if strings.Contains(catalog.RenderCompact(cx), ": \n") {
		t.Errorf("compact form ends a line with a space:\n%s", catalog.RenderCompact(cx))
	}
	if _, ps := catalog.Parse(catalog.FormatNative, []byte(`[{"id":"a","title":"A","purpose":" ","class":"web","effects":"read-only","version":"1"}]`), ""); !hasProblem(ps, "a", "purpose", "empty") {
		t.Errorf("a native tool without a description imported: %v", ps)
	}
	// the console's own format keeps requiring parameter descriptions
	native := `[{"id":"a","title":"A","purpose":"p","class":"web","effects":"read-only","version":"1","params":[{"name":"q","type":"string"}]}]`
	if _, ps := catalog.Parse(catalog.FormatNative, []byte(native), ""); !hasProblem(ps, "a", "params.q.description", "empty") {
		t.Errorf("native parameter without description imported: %v", ps)
	}
	// a stored imported contract without parameter descriptions still builds a catalog
	if _, err := catalog.New([]catalog.Contract{c}); err != nil {
		t.Errorf("catalog.New refuses an imported contract: %v", err)
	}
}

func hasProblem(ps catalog.Problems, tool, field, msg string) bool {
	for _, p := range ps {
		if p.Tool == tool && p.Field == field && strings.Contains(p.Message, msg) {
			return true
		}
	}
	return false
}

// TestTheOutputSchemaRendersAsPartOfReturns: a structured output schema
// (the filesystem server's {"content": string}, the memory server's
// entities and relations) is the result's contract; both forms render all
// of it under Returns.
func TestTheOutputSchemaRendersAsPartOfReturns(t *testing.T) {
	out := map[string]any{
		"$schema":     "http://json-schema.org/draft-07/schema#",
		"type":        "object",
		"description": "The file's text.",
		"properties": map[string]any{
			"content": map[string]any{"type": "string"},
			"entities": map[string]any{"type": "array", "items": obj(map[string]any{
				"name":         map[string]any{"type": "string", "description": "The entity's name."},
				"observations": map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
			}, "required", []any{"name"}, "additionalProperties", false)},
		},
		"required":             []any{"content"},
		"additionalProperties": false,
	}
	tool := mcpTool("read_text_file", obj(map[string]any{"path": str("The file.")}, "required", []any{"path"}))
	tool["outputSchema"] = out
	c, ws := importOne(t, tool)
	if len(ws) != 0 {
		t.Errorf("an output field without description warned: %v", ws)
	}
	if c.Returns != "The file's text." {
		t.Errorf("returns %q", c.Returns)
	}
	checkOutputAccounted(t, c, out)
	for form, rc := range readBoth(t, c) {
		if f := factsOf(t, rc, form, "(returns)/content"); strings.Join(f, ", ") != "string, required" {
			t.Errorf("%s: content facts %q", form, f)
		}
		if f := factsOf(t, rc, form, "(returns)"); strings.Join(f, ", ") != "no other properties" {
			t.Errorf("%s: result facts %q", form, f)
		}
	}
	if _, err := catalog.New([]catalog.Contract{c}); err != nil {
		t.Errorf("catalog.New refuses the contract: %v", err)
	}

	// a structure with no description still renders its Returns section
	delete(out, "description")
	c, _ = importOne(t, tool)
	checkOutputAccounted(t, c, out)
	if !strings.Contains(catalog.RenderFull(c), "Returns (no other properties):\n- `content` (string, required)\n") {
		t.Errorf("full form:\n%s", catalog.RenderFull(c))
	}
	if !strings.Contains(catalog.RenderCompact(c), "  returns (no other properties):\n   content (string, required)\n") {
		t.Errorf("compact form:\n%s", catalog.RenderCompact(c))
	}

	// what cannot be rendered is refused, naming tool and field
	for _, bad := range []struct {
		schema map[string]any
		field  string
	}{
		{map[string]any{"type": "array", "items": map[string]any{"type": "string"}}, "outputSchema.type"},
		{map[string]any{"type": "object", "properties": map[string]any{"n": map[string]any{"type": "integer", "contains": map[string]any{}}}}, "outputSchema.n.contains"},
		{map[string]any{"type": "object", "required": []any{"ghost"}}, "outputSchema.required"},
		{map[string]any{"type": "object", "properties": map[string]any{"n": map[string]any{"type": "integer", "minimum": 5.0, "maximum": 1.0}}}, "outputSchema.n.minimum"},
	} {
		tool["outputSchema"] = bad.schema
		_, ps := catalog.Parse(catalog.FormatMCP, mcpDoc(t, tool), "svc")
		if !hasProblem(ps, "read_text_file", bad.field, "") {
			t.Errorf("output schema %v: want a problem at %s, got %v", bad.schema, bad.field, ps)
		}
	}
}

// TestExecutionRendersAsAConstraint: the 2025-11-25 revision's
// execution.taskSupport says how a call must be made.
func TestExecutionRendersAsAConstraint(t *testing.T) {
	base := mcpTool("research", obj(map[string]any{"topic": str("What to research.")}))
	plain, _ := importOne(t, base)
	for _, tc := range []struct {
		support string
		phrase  string // "" when the contract equals the one without execution
	}{
		{"forbidden", ""},
		{"optional", "may be called as a task"},
		{"required", "only as a task"},
	} {
		tool := mcpTool("research", obj(map[string]any{"topic": str("What to research.")}))
		tool["execution"] = map[string]any{"taskSupport": tc.support}
		c, _ := importOne(t, tool)
		if tc.phrase == "" {
			if catalog.Digest(c) != catalog.Digest(plain) {
				t.Errorf("%s: differs from no execution member (the spec's default): %v", tc.support, c.Constraints)
			}
			continue
		}
		for form, rc := range readBoth(t, c) {
			found := false
			for _, k := range rc.constraints {
				found = found || strings.Contains(k, tc.phrase)
			}
			if !found {
				t.Errorf("%s %s: no constraint saying %q in %q", tc.support, form, tc.phrase, rc.constraints)
			}
		}
	}
	for _, bad := range []struct {
		exec  any
		field string
	}{
		{map[string]any{"taskSupport": "sometimes"}, "execution.taskSupport"},
		{map[string]any{"taskSupport": true}, "execution.taskSupport"},
		{"required", "execution"},
	} {
		tool := mcpTool("research", obj(map[string]any{"topic": str("What to research.")}))
		tool["execution"] = bad.exec
		_, ps := catalog.Parse(catalog.FormatMCP, mcpDoc(t, tool), "svc")
		if !hasProblem(ps, "research", bad.field, "") {
			t.Errorf("execution %v: want a problem at %s, got %v", bad.exec, bad.field, ps)
		}
	}
}

// TestANullDefaultImports: pydantic writes "default": null for every
// optional field (the git server's `target`, `start_timestamp`, …).
func TestANullDefaultImports(t *testing.T) {
	schema := obj(map[string]any{
		"start_timestamp": map[string]any{"anyOf": []any{map[string]any{"type": "string"}, map[string]any{"type": "null"}}, "default": nil, "title": "Start Timestamp"},
		"note":            map[string]any{"type": []any{"string", "null"}, "default": nil, "description": "A note."},
	})
	c, _ := importOne(t, mcpTool("git_log", schema))
	checkAccounted(t, c, schema)
	for form, rc := range readBoth(t, c) {
		if f := factsOf(t, rc, form, "start_timestamp"); !contains(f, "default null") {
			t.Errorf("%s: facts %q lack the null default", form, f)
		}
	}
	if _, err := catalog.New([]catalog.Contract{c}); err != nil {
		t.Errorf("catalog.New refuses the contract: %v", err)
	}
	// null where the type allows no null is a contradiction
	bad := obj(map[string]any{"n": map[string]any{"type": "string", "default": nil, "description": "N."}})
	if _, ps := catalog.Parse(catalog.FormatMCP, mcpDoc(t, mcpTool("x", bad)), "svc"); !hasProblem(ps, "x", "inputSchema.n.default", "null") {
		t.Errorf("a null default on a string imported: %v", ps)
	}
}
