package catalog_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// keywordCases are the JSON Schema keywords of drafts 07 and 2020-12
// that servers send, one schema each (the property "a" of an argument
// object), with the node and fact both forms must show for it. Shared
// with the argument checker's tests through KeywordSchemas.
var keywordCases = []struct {
	keyword, schema string
	node, fact      string // node path in the reader's terms and a fact on it ("" for a node alone)
}{
	{"contains", `{"type":"array","contains":{"const":"authorization_code"}}`, "a/contained item", `const "authorization_code"`},
	{"minContains", `{"type":"array","contains":{"type":"integer"},"minContains":2}`, "a", "min contains 2"},
	{"maxContains", `{"type":"array","contains":{"type":"integer"},"maxContains":3}`, "a", "max contains 3"},
	{"prefixItems", `{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}]}`, "a/item 2", "integer"},
	{"patternProperties", `{"type":"object","patternProperties":{"^x-":{"type":"string"}}}`, "a/pattern property 1", `names match "^x-"`},
	{"propertyNames", `{"type":"object","propertyNames":{"pattern":"^[a-z]+$"}}`, "a/property names", `pattern "^[a-z]+$"`},
	{"dependentRequired", `{"type":"object","properties":{"card":{"type":"string"},"cvc":{"type":"string"}},"dependentRequired":{"card":["cvc"]}}`, "a", `when "card" is present requires ["cvc"]`},
	{"dependentSchemas", `{"type":"object","properties":{"card":{"type":"string"}},"dependentSchemas":{"card":{"required":["cvc"],"properties":{"cvc":{"type":"string"}}}}}`, "a/dependent schema 1", `when "card" is present`},
	{"dependencies (draft 7, list)", `{"type":"object","properties":{"card":{"type":"string"},"cvc":{"type":"string"}},"dependencies":{"card":["cvc"]}}`, "a", `when "card" is present requires ["cvc"]`},
	{"dependencies (draft 7, schema)", `{"type":"object","properties":{"card":{"type":"string"}},"dependencies":{"card":{"properties":{"cvc":{"type":"string","minLength":3}}}}}`, "a/dependent schema 1/cvc", "min length 3"},
	{"if", `{"type":"object","properties":{"kind":{"type":"string"},"n":{"type":"integer"}},"if":{"properties":{"kind":{"const":"count"}}},"then":{"required":["n"]},"else":{"properties":{"n":{"maximum":0}}}}`, "a/if clause/kind", `const "count"`},
	{"then", `{"type":"object","properties":{"kind":{"type":"string"},"n":{"type":"integer"}},"if":{"properties":{"kind":{"const":"count"}}},"then":{"required":["n"]}}`, "a/then clause", `requires ["n"]`},
	{"else", `{"type":"integer","if":{"minimum":0},"then":{"multipleOf":2},"else":{"multipleOf":3}}`, "a/else clause", "multiple of 3"},
	{"not", `{"type":"string","not":{"const":"root"}}`, "a/must not match", `const "root"`},
	{"unevaluatedProperties false", `{"type":"object","allOf":[{"properties":{"x":{"type":"string"}}}],"unevaluatedProperties":false}`, "a", "no unevaluated properties"},
	{"unevaluatedProperties schema", `{"type":"object","unevaluatedProperties":{"type":"number"}}`, "a/unevaluated properties", "number"},
	{"unevaluatedItems", `{"type":"array","prefixItems":[{"type":"string"}],"unevaluatedItems":false}`, "a", "no unevaluated items"},
	{"$defs and $ref", `{"$ref":"#/$defs/Id"}`, "a", `pattern "^[0-9]+$"`},
	{"$ref beside rules", `{"$ref":"#/$defs/Id","maxLength":9}`, "a/part 1", `pattern "^[0-9]+$"`},
	{"examples", `{"type":"string","examples":["ENG-123"]}`, "a", `examples "ENG-123"`},
	{"deprecated", `{"type":"string","deprecated":true}`, "a", "deprecated"},
	{"readOnly", `{"type":"string","readOnly":true}`, "a", "read-only"},
	{"writeOnly", `{"type":"string","writeOnly":true}`, "a", "write-only"},
	{"const", `{"const":"v1"}`, "a", `const "v1"`},
	{"format", `{"type":"string","format":"date-time"}`, "a", `format "date-time"`},
	{"pattern (ECMAScript: lookahead, backreference)", `{"type":"string","pattern":"^(?!.*(?:^|,)(a|b),(?:.*,)?\\1(?:$|,))(a|b)(,(a|b))*$","default":"a,b"}`, "a", `pattern "^(?!.*(?:^|,)(a|b),(?:.*,)?\\1(?:$|,))(a|b)(,(a|b))*$"`},
	{"contentMediaType", `{"type":"string","contentMediaType":"image/png","contentEncoding":"base64"}`, "a", `content media type "image/png"`},
	{"contentEncoding", `{"type":"string","contentEncoding":"base64"}`, "a", `content encoding "base64"`},
	{"contentSchema", `{"type":"string","contentMediaType":"application/json","contentSchema":{"type":"object","required":["id"],"properties":{"id":{"type":"string"}}}}`, "a/content schema/id", "required"},
	{"$anchor", `{"type":"string","$anchor":"name"}`, "a", "string"},
	{"$comment", `{"type":"string","$comment":"for maintainers"}`, "a", "string"},
	{"non-standard optional", `{"type":"string","optional":true}`, "a", `non-standard "optional": true`},
	{"non-standard vendor member", `{"type":"string","x-linear-field":{"kind":"team"}}`, "a", `non-standard "x-linear-field": {"kind":"team"}`},
	{"non-standard nullable (OpenAPI)", `{"type":"string","nullable":true}`, "a", `non-standard "nullable": true`},
	{"boolean schema true (a property)", `{"type":"object","properties":{"x":true},"required":["x"]}`, "a/x", "required"},
	{"boolean schema false (a property)", `{"type":"object","properties":{"x":false}}`, "a/x/must not match", ""},
	{"boolean schemas among options", `{"type":"object","properties":{"x":{"type":"string"},"y":{"type":"string"}},"anyOf":[{"properties":{"x":true},"required":["x"]},{"properties":{"y":true},"required":["y"]}]}`, "a/option 2/y", "required"},
	{"const null", `{"anyOf":[{"const":null},{"type":"string"}]}`, "a/option 1", "const null"},
	{"const null beside a nullable type", `{"type":["string","null"],"const":null}`, "a", "const null"},
	{"a property name outside the bare set", `{"type":"object","properties":{"(default)":{"type":"string"},"first name":{"type":"string"}}}`, "a/\"(default)\"", "string"},
}

// keywordRoot is the argument object of a keyword case.
func keywordRoot(t *testing.T, schema string) map[string]any {
	t.Helper()
	return fromJSON(t, `{"type":"object","properties":{"a":`+schema+`},"$defs":{"Id":{"type":"string","pattern":"^[0-9]+$"}}}`)
}

// TestEveryStandardKeywordRendersInBothForms: each keyword imports, every
// keyword of its schema is in both renderings where the reference model
// (accounting_test.go) puts it, and the case's own fact is there by name.
// A keyword no draft defines is kept verbatim and warned about.
func TestEveryStandardKeywordRendersInBothForms(t *testing.T) {
	for _, kc := range keywordCases {
		t.Run(kc.keyword, func(t *testing.T) {
			root := keywordRoot(t, kc.schema)
			c, ws := importOne(t, mcpTool("x", root))
			checkAccounted(t, c, root)
			for form, rc := range readBoth(t, c) {
				n := rc.nodes[kc.node]
				if n == nil {
					t.Fatalf("%s: no node %q in\n%s", form, kc.node, render(c, form))
				}
				if kc.fact != "" && !contains(n.facts, kc.fact) {
					t.Errorf("%s: %q lacks %q (has %q)", form, kc.node, kc.fact, n.facts)
				}
			}
			nonStd := strings.HasPrefix(kc.keyword, "non-standard")
			warned := false
			for _, w := range ws {
				warned = warned || strings.Contains(w.Message, "non-standard")
			}
			if warned != nonStd {
				t.Errorf("non-standard warning %v, want %v: %v", warned, nonStd, ws)
			}
			// the console's own format reads the contract back unchanged
			raw, _ := json.Marshal(map[string]any{"tools": []catalog.Contract{c}})
			back, ps := catalog.Parse(catalog.FormatNative, raw, "")
			if len(ps) > 0 || catalog.Digest(back[0]) != catalog.Digest(c) {
				t.Errorf("native read-back: %v", ps)
			}
		})
	}
}

func render(c catalog.Contract, form string) string {
	if form == "compact" {
		return catalog.RenderCompact(c)
	}
	return catalog.RenderFull(c)
}

// TestKeywordContradictionsAreRefused: what the new keywords can get wrong
// in their own terms is a problem naming tool, path and keyword.
func TestKeywordContradictionsAreRefused(t *testing.T) {
	for _, bad := range []struct{ schema, field, msg string }{
		{`{"type":"string","contains":{"type":"string"}}`, "inputSchema.a.contains", "applies only to arrays"},
		{`{"type":"array","minContains":1}`, "inputSchema.a.minContains", "contains, which is missing"},
		{`{"type":"array","contains":{},"minContains":3,"maxContains":1}`, "inputSchema.a.minContains", "above maxContains"},
		{`{"type":"array","contains":{},"minContains":3,"maxItems":2}`, "inputSchema.a.minContains", "above maxItems"},
		{`{"type":"object","patternProperties":{"(":{"type":"string"}}}`, "inputSchema.a.patternProperties[0]", "not a regular expression"},
		{`{"type":"string","then":{"minLength":1}}`, "inputSchema.a.then", "beside if"},
		{`{"type":"object","unevaluatedProperties":"no"}`, "inputSchema.a.unevaluatedProperties", "schema object"},
		{`{"type":"string","contentSchema":{"type":"object"}}`, "inputSchema.a.contentSchema", "contentMediaType"},
		{`{"type":"object","dependentRequired":{"a":"b"}}`, "inputSchema.a.dependentRequired.a", "list of property names"},
		{`{"type":"string","readOnly":"yes"}`, "inputSchema.a.readOnly", "true or false"},
		{`{"$dynamicRef":"#node"}`, "inputSchema.a.$dynamicRef", "dynamic scope"},
		{`{"type":"string","pattern":"^(?!.*(a),(?:.*,)?\\1$)(a|b)(,(a|b))*$","default":"a,a"}`, "inputSchema.a.default", "does not match the pattern"},
		{`{"type":"string","pattern":"(?<"}`, "inputSchema.a.pattern", "not a regular expression"},
		{`{"type":"string","const":null}`, "inputSchema.a.const", "null is not of type string"},
		{`{"type":"object","properties":{"x":"yes"}}`, "inputSchema.a.x", "schema object or a boolean"},
		{`{"type":"object","properties":{"ab\u202ecd":{"type":"string"}}}`, "inputSchema.a.ab\u202ecd", "format"},
		{`{"type":"object","properties":{"a\nb":{"type":"string"}}}`, "inputSchema.a.a\nb", "control"},
		{`{"type":"object","properties":{"\u00e9":{"type":"integer"},"e\u0301":{"type":"string"}}}`, "inputSchema.a.\u00e9", "reads the same"},
		{`{"type":"object","properties":{"id":{"type":"integer"},"\uff49\uff44":{"type":"string"}}}`, "inputSchema.a.\uff49\uff44", "reads the same"},
		// cross-script look-alikes NFKC does not fold (UTS #39 skeletons)
		{`{"type":"object","properties":{"a":{"type":"integer"},"\u0430":{"type":"string"}}}`, "inputSchema.a.\u0430", "U+0430, Cyrillic"},
		{`{"type":"object","properties":{"path":{"type":"string"},"p\u0430th":{"type":"string"}}}`, "inputSchema.a.p\u0430th", `looks like "path"`},
		{`{"type":"object","properties":{"scope":{"type":"string"},"\u0455\u0441\u043e\u0440\u0435":{"type":"string"}}}`, "inputSchema.a.\u0455\u0441\u043e\u0440\u0435", `looks like "scope"`},
		{`{"type":"object","properties":{"\u03bfrder":{"type":"string"},"order":{"type":"string"}}}`, "inputSchema.a.\u03bfrder", "Greek"},
	} {
		_, ps := catalog.Parse(catalog.FormatMCP, mcpDoc(t, mcpTool("x", fromJSON(t, `{"type":"object","properties":{"a":`+bad.schema+`}}`))), "svc")
		if !hasProblem(ps, "x", bad.field, bad.msg) {
			t.Errorf("%s: want a problem on %s saying %q, got %v", bad.schema, bad.field, bad.msg, ps)
		}
	}
}

// TestLookAlikeSiblingNamesOnly: the look-alike rule refuses a name only
// beside a sibling it passes for; names of ASCII alone that a skeleton
// would fold together ("burn" and "bum", "clone" and "done", "item1" and
// "iteml") show their difference as typed and import, and so do names in
// another script with no look-alike sibling, at the top level and nested.
func TestLookAlikeSiblingNamesOnly(t *testing.T) {
	for _, props := range []string{
		`{"burn":{"type":"string"},"bum":{"type":"string"}}`,
		`{"clone":{"type":"boolean"},"done":{"type":"boolean"},"item1":{"type":"string"},"iteml":{"type":"string"}}`,
		`{"名前":{"type":"string"},"straße":{"type":"string"},"город":{"type":"string"},"city":{"type":"string"}}`,
		`{"a":{"type":"object","properties":{"a":{"type":"string"}}},"\u0430":{"type":"integer"}}`,
	} {
		cs, ps := catalog.Parse(catalog.FormatMCP, mcpDoc(t, mcpTool("x", fromJSON(t, `{"type":"object","properties":`+props+`}`))), "svc")
		wantRefused := strings.Contains(props, `"\u0430"`)
		if refused := len(ps) > 0; refused != wantRefused || (!wantRefused && len(cs) != 1) {
			t.Errorf("%s: problems %v, want refused %v", props, ps, wantRefused)
		}
	}
	// the same names as siblings one level down are refused there
	_, ps := catalog.Parse(catalog.FormatMCP, mcpDoc(t, mcpTool("x", fromJSON(t, `{"type":"object","properties":{"o":{"type":"object","properties":{"key":{"type":"string"},"k\u0435y":{"type":"string"}}}}}`))), "svc")
	if !hasProblem(ps, "x", "inputSchema.o.k\u0435y", `looks like "key"`) {
		t.Errorf("nested look-alike siblings: %v", ps)
	}
}
