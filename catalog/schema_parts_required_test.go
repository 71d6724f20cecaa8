package catalog_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// partsRequiredCases are the shapes of the Runpod MCP server 4.0.0 (issue
// 24): a "required" inside an applicator (allOf, if, then, not) names a
// property another part of the same object defines, through references
// and nested allOfs. The parts apply to the same instance, so the name is
// defined.
var partsRequiredCases = []struct{ name, schema string }{
	{"create-template: allOf[1] requires what allOf[0]'s reference defines", `{"type":"object","properties":{"body":{"$ref":"#/$defs/Req"}},"required":["body"],
		"$defs":{
			"Base":{"type":"object","properties":{"image":{"type":"string","description":"Image."}}},
			"Container":{"allOf":[{"$ref":"#/$defs/Base"},{"type":"object","properties":{"registry":{"type":["string","null"],"description":"Registry."}}}]},
			"Req":{"allOf":[{"$ref":"#/$defs/Container"},{"type":"object","required":["name","image"],"properties":{"name":{"type":"string","description":"Name."}}}]}}}`},
	{"create-pod: if.not and then require what the parts define", `{"type":"object","properties":{"body":{"$ref":"#/$defs/Req"}},"required":["body"],
		"$defs":{
			"Base":{"type":"object","properties":{"image":{"type":"string","description":"Image."}}},
			"Req":{"allOf":[{"$ref":"#/$defs/Base"},{"type":"object","required":["name"],"properties":{"name":{"type":"string","description":"Name."},"templateId":{"type":"string","description":"Template."}}}],
				"unevaluatedProperties":false,"if":{"not":{"required":["templateId"]}},"then":{"required":["image"]}}}}`},
	{"create-endpoint: a conditional part, and a nested allOf", `{"type":"object","properties":{"body":{"$ref":"#/$defs/Req"}},"required":["body"],
		"$defs":{
			"Base":{"type":"object","properties":{"image":{"type":"string","description":"Image."}}},
			"Gpu":{"type":"object","properties":{"pools":{"type":"array","items":{"type":"string"},"description":"Pools."}}},
			"Req":{"allOf":[{"$ref":"#/$defs/Base"},
				{"if":{"not":{"required":["templateId"]}},"then":{"required":["image"]}},
				{"type":"object","required":["name"],"properties":{"name":{"type":"string","description":"Name."},"templateId":{"type":"string","description":"Template."},
					"gpu":{"allOf":[{"$ref":"#/$defs/Gpu"},{"type":"object","required":["pools"],"properties":{"minCuda":{"type":"string","description":"CUDA."}}}],"unevaluatedProperties":false,"description":"GPU."}}}],
				"unevaluatedProperties":false}}}`},
	{"anyOf and oneOf parts, else, dependentSchemas", `{"type":"object","properties":{"a":{"type":"string","description":"A."}},
		"anyOf":[{"properties":{"b":{"type":"string","description":"B."}}},{"required":["c"]}],
		"oneOf":[{"properties":{"c":{"type":"string","description":"C."}}},{"required":["d"]}],
		"if":{"required":["a"]},"then":{"properties":{"d":{"type":"string","description":"D."}}},"else":{"required":["b"]},
		"dependentSchemas":{"a":{"required":["e"]},"z":{"properties":{"e":{"type":"string","description":"E."}}}}}`},
	{"a name only a pattern of the object defines", `{"type":"object","patternProperties":{"^x-":{"type":"string","description":"An extension."}},"required":["x-id"],"allOf":[{"required":["x-b"]}]}`},
}

// TestRequiredInPartsNamesThePartsProperties: each shape imports, its
// "required" names become the part's requirement, and both renderings
// say which names a part requires.
func TestRequiredInPartsNamesThePartsProperties(t *testing.T) {
	for _, tc := range partsRequiredCases {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := importOne(t, mcpTool("t", fromJSON(t, tc.schema)))
			full, compact := catalog.RenderFull(c), catalog.RenderCompact(c)
			for form, text := range map[string]string{"full": full, "compact": compact} {
				if !strings.Contains(text, "requires [") {
					t.Errorf("%s rendering does not say what a part requires:\n%s", form, text)
				}
			}
		})
	}
}

// TestRequiredNamingNothingIsStillRefused: a name no part, property or
// pattern of the object defines is refused, wherever the "required" is.
func TestRequiredNamingNothingIsStillRefused(t *testing.T) {
	cases := []struct{ schema, field string }{
		{`{"type":"object","properties":{"a":{"type":"string"}},"allOf":[{"required":["image"]}]}`, "inputSchema.allOf[0].required"},
		{`{"type":"object","properties":{"a":{"type":"string"}},"if":{"not":{"required":["a"]}},"then":{"required":["imagee"]},"additionalProperties":false}`, "inputSchema.then.required"},
		{`{"type":"object","allOf":[{"properties":{"a":{"type":"string"}}},{"properties":{"b":{"type":"object","required":["a"]}}}]}`, "inputSchema.allOf[1].b.required"},
		{`{"type":"object","patternProperties":{"^x-":{"type":"string"}},"required":["y"]}`, "inputSchema.required"},
	}
	for _, tc := range cases {
		_, ps := catalog.Parse(catalog.FormatMCP, mcpDoc(t, mcpTool("t", fromJSON(t, tc.schema))), "svc")
		found := false
		for _, p := range ps {
			found = found || (p.Field == tc.field && strings.Contains(p.Message, "not a defined property"))
		}
		if !found {
			t.Errorf("%s: want %s refused as naming no defined property, got %v", tc.schema, tc.field, ps)
		}
	}
}

// TestRunpodCreateToolsImport: the three tools of the published Runpod
// server that were refused import, and render in both forms what each
// conditional part requires.
func TestRunpodCreateToolsImport(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(publishedDir, "runpod-mcp-server@4.0.0.tools.json"))
	if err != nil {
		t.Fatal(err)
	}
	o := catalog.ParseEach(catalog.FormatMCP, raw, "runpod", true)
	if len(o.Problems) > 0 || len(o.Rejected) > 0 {
		t.Fatalf("problems %v, rejected %v", o.Problems, o.Rejected)
	}
	want := map[string]string{"create-template": `requires ["image"]`, "create-pod": `requires ["image"]`, "create-endpoint": `requires ["pools"]`}
	for _, c := range o.Contracts {
		w, ok := want[c.Name()]
		if !ok {
			continue
		}
		delete(want, c.Name())
		for form, text := range map[string]string{"full": catalog.RenderFull(c), "compact": catalog.RenderCompact(c)} {
			if !strings.Contains(text, w) {
				t.Errorf("%s %s does not render %s", c.Name(), form, w)
			}
		}
	}
	if len(want) > 0 {
		t.Errorf("not imported: %v", want)
	}
}
