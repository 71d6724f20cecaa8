package catalog_test

import (
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

func TestValidationReportsEveryProblem(t *testing.T) {
	doc := `[
 {"id":"Bad-Id","title":"x","purpose":"p","class":"web","effects":"read-only","version":"1"},
 {"id":"dup","title":"x","purpose":"p","class":"web","effects":"read-only","version":"1"},
 {"id":"dup","title":"x","purpose":"p","class":"web","effects":"read-only","version":"1"},
 {"id":"empty_purpose","title":"x","purpose":"","class":"web","effects":"read-only","version":"1"},
 {"id":"bad_type","title":"x","purpose":"p","class":"web","effects":"read-only","version":"1","params":[{"name":"a","type":"strnig","description":"d"}]},
 {"id":"bad_class","title":"x","purpose":"p","class":"magic","effects":"read-only","version":"1"},
 {"id":"bad_effects","title":"x","purpose":"p","class":"web","effects":"maybe","version":"1"},
 {"id":"no_param_desc","title":"x","purpose":"p","class":"web","effects":"read-only","version":"1","params":[{"name":"a","type":"string"}]},
 {"id":"huge","title":"x","purpose":"` + strings.Repeat("a", catalog.MaxDescriptionBytes+1) + `","class":"web","effects":"read-only","version":"1"},
 {"id":"no_version","title":"x","purpose":"p","class":"web","effects":"read-only","version":""},
 {"id":"bad_example","title":"x","purpose":"p","class":"web","effects":"read-only","version":"1","examples":[{"description":"d","call":"not json"}]}
]`
	cs, ps := catalog.Parse(catalog.FormatNative, []byte(doc), "")
	if cs != nil {
		t.Fatal("contracts returned despite problems")
	}
	if len(ps) != 10 {
		t.Fatalf("got %d problems, want 10:\n%v", len(ps), ps)
	}
	want := []struct{ tool, field, msg string }{
		{"Bad-Id", "id", "must match"},
		{"dup", "id", "duplicate"},
		{"empty_purpose", "purpose", "empty"},
		{"bad_type", "params.a.type", "unknown JSON-schema type"},
		{"bad_class", "class", "not one of"},
		{"bad_effects", "effects", "not one of"},
		{"no_param_desc", "params.a.description", "empty"},
		{"huge", "purpose", "ceiling"},
		{"no_version", "version", "required"},
		{"bad_example", "examples[0].call", "JSON object"},
	}
	for _, w := range want {
		ok := false
		for _, p := range ps {
			if p.Tool == w.tool && p.Field == w.field && strings.Contains(p.Message, w.msg) {
				ok = true
			}
		}
		if !ok {
			t.Errorf("missing problem %s %s %q in:\n%v", w.tool, w.field, w.msg, ps)
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		name, format, doc, ns, field, msg string
	}{
		{"empty", catalog.FormatNative, "  ", "", "file", "empty"},
		{"not json", catalog.FormatNative, "{nope", "", "file", "neither"},
		{"unknown field", catalog.FormatNative, `[{"id":"a","title":"A","purpose":"p","class":"web","effects":"read-only","version":"1","colour":"red"}]`, "", "colour", "unknown field"},
		{"unknown param field", catalog.FormatNative, `[{"id":"a","title":"A","purpose":"p","class":"web","effects":"read-only","version":"1","params":[{"name":"x","type":"string","description":"d","size":3}]}]`, "", "params.x.size", "unknown field"},
		{"no tools", catalog.FormatNative, `{"tools":[]}`, "", "tools", "no tools"},
		{"mcp needs namespace", catalog.FormatMCP, `{"tools":[]}`, "", "namespace", "service name"},
		{"mcp bad name", catalog.FormatMCP, `{"tools":[{"name":"Create Issue","description":"d","inputSchema":{"type":"object"}}]}`, "gh", "name", "cannot be a console tool id"},
		{"mcp unknown keyword", catalog.FormatMCP, `{"tools":[{"name":"x","description":"d","inputSchema":{"type":"object","properties":{"a":{"type":"string","description":"d","minContains":1}}}}]}`, "gh", "inputSchema.a.minContains", "applies only to arrays"},
		{"mcp no schema", catalog.FormatMCP, `{"tools":[{"name":"x","description":"d"}]}`, "gh", "inputSchema", "required"},
		{"openai wrong type", catalog.FormatOpenAI, `[{"type":"fn","function":{"name":"x","description":"d"}}]`, "ai", "type", "must be"},
		{"bad format", "xml", `[]`, "", "format", "not one of"},
		{"wrong json type", catalog.FormatNative, `[{"id":"a","title":"A","purpose":"p","class":"web","effects":"read-only","version":"1","params":"x"}]`, "", "params", "wrong type"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, ps := catalog.Parse(tc.format, []byte(tc.doc), tc.ns)
			for _, p := range ps {
				if p.Field == tc.field && strings.Contains(p.Message, tc.msg) {
					return
				}
			}
			t.Errorf("want problem on %q containing %q, got %v", tc.field, tc.msg, ps)
		})
	}
}

func TestOpenAIAndYAMLImport(t *testing.T) {
	oa := `{"tools":[{"type":"function","function":{"name":"get_weather","description":"Current weather for a city.","parameters":{"type":"object","properties":{"city":{"type":"string","description":"City name"},"unit":{"type":"string","enum":["c","f"],"description":"Unit"}},"required":["city"]}}}]}`
	cs, ps := catalog.Parse(catalog.FormatOpenAI, []byte(oa), "weather")
	if len(ps) > 0 || len(cs) != 1 || cs[0].ID != "weather.get_weather" || !cs[0].Params[0].Required {
		t.Fatalf("openai: %v %+v", ps, cs)
	}
	y := "tools:\n  - id: hello\n    title: Hello\n    purpose: Says hello.\n    class: interaction\n    effects: read-only\n    version: \"1\"\n    params:\n      - name: who\n        type: integer\n        description: How many to greet.\n        default: 3\n"
	cs, ps = catalog.Parse(catalog.FormatNative, []byte(y), "")
	if len(ps) > 0 || len(cs) != 1 || cs[0].Params[0].Default != float64(3) {
		t.Fatalf("yaml: %v %+v", ps, cs)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(catalog.FormatNative, []byte(`[{"id":"a","title":"A","purpose":"p","class":"web","effects":"read-only","version":"1"}]`))
	f.Add(catalog.FormatMCP, []byte(`{"tools":[{"name":"x","description":"d","inputSchema":{"type":"object","properties":{"a":{"anyOf":[{"type":"string"},{"type":"null"}]}}}}]}`))
	f.Add(catalog.FormatOpenAI, []byte(`[{"type":"function","function":{"name":"x","description":"d","parameters":{"type":"object"}}}]`))
	f.Add(catalog.FormatNative, []byte("tools:\n  - id: x\n"))
	f.Add(catalog.FormatMCP, []byte(`{"tools":[{"name":"x","description":"a\n- b\n| c","inputSchema":{"type":"object","properties":{"a":{"description":"x (y); z","oneOf":[{"type":"string","title":"t"},{"type":"object","properties":{"b":{"type":"integer","description":"B","minimum":1}},"required":["b"],"additionalProperties":false}]}}}}]}`))
	f.Add(catalog.FormatMCP, []byte(`{"tools":[{"name":"x","description":"d","execution":{"taskSupport":"optional"},"inputSchema":{"$defs":{"E":{"type":"object","properties":{"n":{"type":"string"}}}},"type":"object","properties":{"e":{"$ref":"#/$defs/E","default":null},"m":{"type":"object","propertyNames":{"pattern":"^(?=a)"}}}},"outputSchema":{"type":"object","properties":{"r":{"$ref":"#/properties/s"},"s":{"type":"integer","exclusiveMinimum":true,"minimum":0}},"additionalProperties":false}}]}`))
	f.Add(catalog.FormatMCP, []byte(`{"tools":[{"name":"get-pair","description":"d","inputSchema":{"type":"object","properties":{"p":{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}],"items":false,"minItems":2},"q":{"type":"array","items":[{"type":"number"}],"additionalItems":{"type":"string"}}},"x-vendor":1}}]}`))
	f.Fuzz(func(t *testing.T, format string, data []byte) {
		cs, ps := catalog.Parse(format, data, "ns")
		if len(ps) == 0 {
			if _, err := catalog.New(cs); err != nil {
				t.Fatalf("Parse accepted what New refuses: %v", err)
			}
			for _, c := range cs {
				// whatever was accepted reads back unambiguously in both forms
				for form, text := range map[string]string{"full": catalog.RenderFull(c), "compact": catalog.RenderCompact(c)} {
					rc, err := readRendering(form, text)
					if err != nil {
						t.Fatalf("%s %s unreadable: %v\n%s", c.ID, form, err, text)
					}
					if rc.purpose != normText(c.Purpose) {
						t.Fatalf("%s %s: purpose reads back as %q", c.ID, form, rc.purpose)
					}
				}
			}
		}
	})
}
