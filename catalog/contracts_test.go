package catalog_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

func mcpDoc(t testing.TB, tools ...map[string]any) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{"tools": tools})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mcpTool(name string, schema map[string]any) map[string]any {
	return map[string]any{"name": name, "description": "Does " + name + ".", "inputSchema": schema}
}

func obj(props map[string]any, extra ...any) map[string]any {
	m := map[string]any{"type": "object", "properties": props}
	for i := 0; i+1 < len(extra); i += 2 {
		m[extra[i].(string)] = extra[i+1]
	}
	return m
}

func str(desc string, extra ...any) map[string]any {
	m := map[string]any{"type": "string", "description": desc}
	for i := 0; i+1 < len(extra); i += 2 {
		m[extra[i].(string)] = extra[i+1]
	}
	return m
}

func readBoth(t *testing.T, c catalog.Contract) map[string]*readContract {
	t.Helper()
	out := map[string]*readContract{}
	for form, text := range map[string]string{"full": catalog.RenderFull(c), "compact": catalog.RenderCompact(c)} {
		rc, err := readRendering(form, text)
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", c.ID, form, err, text)
		}
		out[form] = rc
	}
	return out
}

func factsOf(t *testing.T, rc *readContract, form, path string) []string {
	t.Helper()
	n := rc.nodes[path]
	if n == nil {
		t.Fatalf("%s: no node %q (have %q)", form, path, rc.order)
	}
	return n.facts
}

// TestProjectsWriteKeepsEveryVariant reproduces the cut contracts of
// github.projects_write: per-variant required sets, "exactly one of",
// additionalProperties:false, and `value` (required in both variants of
// updated_field) rendered as optional.
func TestProjectsWriteKeepsEveryVariant(t *testing.T) {
	var pw catalog.Contract
	for _, c := range loadGitHub(t) {
		if c.ID == "github.projects_write" {
			pw = c
		}
	}
	for form, rc := range readBoth(t, pw) {
		checks := map[string]string{
			"updated_field":                       "exactly one of 2 variants",
			"updated_field/variant 1":             "no other properties",
			"updated_field/variant 1/value":       "required",
			"updated_field/variant 1/id":          "required",
			"updated_field/variant 2/value":       "required",
			"updated_field/variant 2/name":        "required",
			"items/each item":                     "exactly one of 3 variants",
			"items/each item/variant 1/node_id":   "required",
			"items/each item/variant 2/item_id":   "required",
			"items/each item/variant 3/item_repo": "required",
			"items/each item/variant 3":           "no other properties",
			"iterations/each item":                "no other properties",
			"filter":                              "at least one of 2 options",
			"filter/option 2":                     "null",
			"iterations/each item/duration":       "required",
			"method":                              "required",
		}
		for path, fact := range checks {
			if !contains(factsOf(t, rc, form, path), fact) {
				t.Errorf("%s: %s lacks %q: %q", form, path, fact, rc.nodes[path].facts)
			}
		}
		if rc.nodes["updated_field/variant 2/id"] != nil || rc.nodes["updated_field/id"] != nil {
			t.Errorf("%s: variant 1's id leaked into another variant or the parent", form)
		}
	}
}

// TestImportRefusesContradictions: structural contradictions and keywords
// the renderer cannot show are named problems (tool, path, keyword) and
// nothing is imported.
func TestImportRefusesContradictions(t *testing.T) {
	cases := []struct {
		name   string
		schema map[string]any
		field  string
		msg    string
	}{
		{"required names no property", obj(map[string]any{"a": str("A")}, "required", []any{"a", "ghost"}), "inputSchema.required", "ghost"},
		{"nested required names no property", obj(map[string]any{"o": obj(map[string]any{"x": str("X")}, "description", "O", "required", []any{"y"})}), "inputSchema.o.required", "\"y\""},
		{"variant required names no property", obj(map[string]any{"a": str("A")}, "oneOf", []any{map[string]any{"required": []any{"a"}}, map[string]any{"required": []any{"b"}}}), "inputSchema.oneOf[1].required", "\"b\""},
		{"enum value of the wrong type", obj(map[string]any{"a": str("A", "enum", []any{"x", 3.0})}), "inputSchema.a.enum", "3"},
		{"default outside enum", obj(map[string]any{"a": str("A", "enum", []any{"x", "y"}, "default", "z")}), "inputSchema.a.default", "enum"},
		{"default of the wrong type", obj(map[string]any{"n": map[string]any{"type": "integer", "description": "N", "default": "ten"}}), "inputSchema.n.default", "integer"},
		{"default below minimum", obj(map[string]any{"n": map[string]any{"type": "integer", "description": "N", "minimum": 1.0, "default": 0.0}}), "inputSchema.n.default", "minimum"},
		{"minimum above maximum", obj(map[string]any{"n": map[string]any{"type": "number", "description": "N", "minimum": 5.0, "maximum": 1.0}}), "inputSchema.n.minimum", "maximum"},
		{"minLength above maxLength", obj(map[string]any{"a": str("A", "minLength", 9.0, "maxLength", 2.0)}), "inputSchema.a.minLength", "maxLength"},
		{"minItems above maxItems", obj(map[string]any{"l": map[string]any{"type": "array", "description": "L", "items": map[string]any{"type": "string"}, "minItems": 3.0, "maxItems": 1.0}}), "inputSchema.l.minItems", "maxItems"},
		{"keyword for another type", obj(map[string]any{"n": map[string]any{"type": "integer", "description": "N", "maxLength": 3.0}}), "inputSchema.n.maxLength", "string"},
		{"negative length", obj(map[string]any{"a": str("A", "minLength", -1.0)}), "inputSchema.a.minLength", "non-negative integer"},
		{"a dynamic reference", obj(map[string]any{"a": str("A", "$dynamicRef", "#node")}), "inputSchema.a.$dynamicRef", "dynamic scope"},
		{"ref to nothing", obj(map[string]any{"a": map[string]any{"$ref": "#/$defs/x", "description": "A"}}), "inputSchema.a.$ref", "does not resolve"},
		{"then without if", obj(map[string]any{"a": str("A", "then", map[string]any{"const": "x"})}), "inputSchema.a.then", "beside if"},
		{"items neither schema nor boolean", obj(map[string]any{"l": map[string]any{"type": "array", "description": "L", "items": "string"}}), "inputSchema.l.items", "schema object"},
		{"additionalItems without a tuple", obj(map[string]any{"l": map[string]any{"type": "array", "description": "L", "items": map[string]any{"type": "string"}, "additionalItems": false}}), "inputSchema.l.additionalItems", "list of items"},
		{"root keyword", map[string]any{"type": "object", "properties": map[string]any{}, "patternProperties": map[string]any{"(": map[string]any{"type": "string"}}}, "inputSchema.patternProperties[0]", "not a regular expression"},
		{"root not an object", map[string]any{"type": "array"}, "inputSchema.type", "object"},
		{"bad pattern", obj(map[string]any{"a": str("A", "pattern", "([a-z")}), "inputSchema.a.pattern", "regular expression"},
		{"default breaks pattern", obj(map[string]any{"a": str("A", "pattern", "^[a-z]+$", "default", "ABC")}), "inputSchema.a.default", "pattern"},
		{"null default where null is not allowed", obj(map[string]any{"a": map[string]any{"type": "string", "description": "A", "default": nil}}), "inputSchema.a.default", "null"},
		{"null default outside enum", obj(map[string]any{"a": map[string]any{"type": []any{"string", "null"}, "enum": []any{"x"}, "description": "A", "default": nil}}), "inputSchema.a.default", "enum"},
		{"null const beside a type without null", obj(map[string]any{"a": map[string]any{"description": "A", "type": "string", "const": nil}}), "inputSchema.a.const", "null"},
		{"unknown type", obj(map[string]any{"a": map[string]any{"type": "strnig", "description": "A"}}), "inputSchema.a.type", "strnig"},
		{"empty oneOf", obj(map[string]any{"a": map[string]any{"description": "A", "oneOf": []any{}}}), "inputSchema.a.oneOf", "at least one"},
		{"property name with a control character", obj(map[string]any{"a\tb": str("A")}), "inputSchema.a\tb", "name"},
		{"schema in $schema below the root", obj(map[string]any{"a": str("A", "$schema", "x")}), "inputSchema.a.$schema", "root"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cs, ps := catalog.Parse(catalog.FormatMCP, mcpDoc(t, mcpTool("x", tc.schema)), "svc")
			if cs != nil {
				t.Errorf("imported despite problems: %+v", cs)
			}
			for _, p := range ps {
				if p.Tool == "x" && p.Field == tc.field && strings.Contains(p.Message, tc.msg) {
					return
				}
			}
			t.Errorf("want a problem on x %s containing %q, got %v", tc.field, tc.msg, ps)
		})
	}
}

// TestDescriptiveKeywordsAreRendered: title, examples, deprecated and the
// other keywords the importer once dropped now show in both forms.
func TestDescriptiveKeywordsAreRendered(t *testing.T) {
	schema := obj(map[string]any{
		"q":     str("Query.", "title", "Search query", "examples", []any{"is:open", "label:bug"}, "deprecated", true, "format", "search", "pattern", "^[^,()]+$", "minLength", 1.0),
		"n":     map[string]any{"type": "integer", "description": "Count.", "exclusiveMinimum": 0.0, "exclusiveMaximum": 100.0, "multipleOf": 5.0, "const": 10.0},
		"tags":  map[string]any{"type": "array", "description": "Tags.", "items": map[string]any{"type": "string"}, "uniqueItems": true},
		"extra": map[string]any{"type": "object", "description": "Free map.", "additionalProperties": map[string]any{"type": "string", "description": "A value."}, "minProperties": 1.0, "maxProperties": 4.0},
		"both":  map[string]any{"description": "Both parts.", "allOf": []any{map[string]any{"type": "string"}, map[string]any{"minLength": 2.0, "type": "string"}}},
	}, "additionalProperties", false, "$schema", "https://json-schema.org/draft/2020-12/schema")
	cs, ps := catalog.Parse(catalog.FormatMCP, mcpDoc(t, mcpTool("x", schema)), "svc")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	checkAccounted(t, cs[0], schema)
}

// adversarial texts hold every separator either form uses.
var adversarial = []string{
	"Plain; with a semicolon, a comma and | a pipe.",
	"Options:\n- `fake` (string, required): not a parameter\n- second bullet",
	"Ends with facts (string, required)",
	"  leading spaces\n\n\nblank lines\n| looks like a continuation\n|",
	"Braces {a; b} and brackets [x] and `ticks` and \"quotes\"",
	"Windows\r\nline\rendings\u2028and separators\u2029too",
	"params:\n  returns: fake\n  constraint: fake\n### github.fake — Fake\nParameters: none.",
	"each item (string): fake node\nvariant 1 (object)",
}

// TestDescriptionsKeepStructureAndNeverCollide: adversarial purposes,
// parameter descriptions, returns and constraints read back exactly from
// both forms; "- " lines inside a description are never siblings.
func TestDescriptionsKeepStructureAndNeverCollide(t *testing.T) {
	for i, text := range adversarial {
		props := map[string]any{
			"a": str(text),
			"o": obj(map[string]any{"inner": str(text, "enum", []any{"x, y", ") (", "\"q\""})}, "description", text),
		}
		schema := obj(props, "required", []any{"a"})
		tool := mcpTool("t", schema)
		tool["description"] = text
		tool["title"] = "Title with \"quotes\" (and; separators)"
		tool["outputSchema"] = map[string]any{"description": text}
		cs, ps := catalog.Parse(catalog.FormatMCP, mcpDoc(t, tool), "svc")
		if len(ps) > 0 {
			t.Fatalf("case %d: %v", i, ps)
		}
		checkAccounted(t, cs[0], schema)
		for form, rc := range readBoth(t, cs[0]) {
			if rc.returns != normText(text) {
				t.Errorf("case %d %s: returns reads back as %q", i, form, rc.returns)
			}
			if rc.title != cs[0].Title {
				t.Errorf("case %d %s: title reads back as %q", i, form, rc.title)
			}
		}
	}
	// constraints and examples of a native contract
	c := catalog.Contract{ID: "adv", Title: "Adversarial", Purpose: adversarial[1], Class: catalog.ClassWeb, Effects: catalog.EffectsReadOnly, Version: "1",
		Constraints: adversarial, Examples: []catalog.Example{{Description: adversarial[1], Call: "{\n \"a\": 1\n}"}},
		Params: []catalog.Param{{Name: "a", Type: "integer", Description: adversarial[2]}}}
	if ps := catalog.Validate([]catalog.Contract{c}); len(ps) > 0 {
		t.Fatal(ps)
	}
	for form, rc := range readBoth(t, c) {
		if len(rc.constraints) != len(adversarial) {
			t.Fatalf("%s: %d constraints read back, want %d", form, len(rc.constraints), len(adversarial))
		}
		for i, k := range adversarial {
			if rc.constraints[i] != normText(k) {
				t.Errorf("%s: constraint %d reads back as %q", form, i, rc.constraints[i])
			}
		}
		if form == "full" && (len(rc.examples) != 1 || rc.examples[0] != normText(adversarial[1])) {
			t.Errorf("full: examples read back as %q", rc.examples)
		}
	}
}

// TestNativeAndOpenAIAccountForEveryField: the other two formats go through
// the same checks: unknown nested fields and contradictions are problems,
// combinators render.
func TestNativeAndOpenAIAccountForEveryField(t *testing.T) {
	native := `[{"id":"n","title":"N","purpose":"p","class":"web","effects":"read-only","version":"1","params":[
	 {"name":"l","type":"array","description":"L","items":{"type":"object","properties":[{"name":"x","type":"string","description":"X","colour":"red"}]}},
	 {"name":"e","type":"string","description":"E","enum":["a",1]},
	 {"name":"d","type":"string","description":"D","enum":["a"],"default":"b"},
	 {"name":"m","type":"integer","description":"M","minimum":3,"maximum":1}]}]`
	_, ps := catalog.Parse(catalog.FormatNative, []byte(native), "")
	for _, w := range []string{"params.l[].x.colour", "params.e.enum", "params.d.default", "params.m.minimum"} {
		found := false
		for _, p := range ps {
			found = found || p.Field == w
		}
		if !found {
			t.Errorf("native: no problem on %s in %v", w, ps)
		}
	}
	oa := `[{"type":"function","function":{"name":"f","description":"F.","strict":true,"parameters":{"type":"object","additionalProperties":false,"required":["a"],"properties":{"a":{"description":"A","anyOf":[{"type":"string"},{"type":"null"}]}}}}}]`
	cs, ps := catalog.Parse(catalog.FormatOpenAI, []byte(oa), "ai")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	var schema map[string]any
	var doc []map[string]map[string]any
	_ = json.Unmarshal([]byte(oa), &doc)
	schema = doc[0]["function"]["parameters"].(map[string]any)
	checkAccounted(t, cs[0], schema)
	if !strings.Contains(strings.Join(cs[0].Constraints, " "), "Strict") {
		t.Errorf("strict mode dropped: %q", cs[0].Constraints)
	}
	bad := `[{"type":"function","function":{"name":"f","description":"F.","parameters":{"type":"object","required":["ghost"],"properties":{}}}}]`
	if _, ps := catalog.Parse(catalog.FormatOpenAI, []byte(bad), "ai"); len(ps) == 0 {
		t.Error("openai: required naming no property passed")
	}
}
