package args_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority/args"
)

// TestNewKeywordsJudgeAsTheImportedOne: for each keyword of drafts 07 and
// 2020-12 the import reads beyond the core ones, the schema rebuilt from
// the reviewed contract accepts and refuses exactly the values of "a" the
// server's own schema does. A non-standard keyword sets no rule in either.
func TestNewKeywordsJudgeAsTheImportedOne(t *testing.T) {
	cases := []struct {
		keyword, schema string
		values          []string
	}{
		{"contains", `{"type":"array","contains":{"const":"authorization_code"}}`, []string{`[]`, `["authorization_code"]`, `["refresh_token"]`, `["x","authorization_code"]`}},
		{"minContains/maxContains", `{"type":"array","contains":{"type":"integer"},"minContains":2,"maxContains":3}`, []string{`[1]`, `[1,2]`, `[1,2,3,4]`, `["a",1,2]`}},
		{"patternProperties", `{"type":"object","patternProperties":{"^n_":{"type":"integer"}},"additionalProperties":false}`, []string{`{}`, `{"n_a":1}`, `{"n_a":"x"}`, `{"b":1}`}},
		{"dependentRequired", `{"type":"object","dependentRequired":{"card":["cvc"]}}`, []string{`{}`, `{"card":"1"}`, `{"card":"1","cvc":"2"}`, `{"cvc":"2"}`}},
		{"dependentSchemas", `{"type":"object","properties":{"cvc":{"type":"string"}},"dependentSchemas":{"card":{"required":["cvc"]}}}`, []string{`{}`, `{"card":"1"}`, `{"card":"1","cvc":"2"}`}},
		{"dependencies", `{"type":"object","dependencies":{"card":["cvc"],"b":{"properties":{"c":{"type":"integer"}}}}}`, []string{`{}`, `{"card":1}`, `{"card":1,"cvc":1}`, `{"b":1,"c":"x"}`, `{"b":1,"c":2}`, `{"c":"x"}`}},
		{"if/then/else", `{"type":"integer","if":{"minimum":0},"then":{"multipleOf":2},"else":{"multipleOf":3}}`, []string{`2`, `3`, `-3`, `-2`}},
		{"not", `{"type":"string","not":{"const":"root"}}`, []string{`"root"`, `"user"`}},
		{"unevaluatedProperties", `{"type":"object","allOf":[{"properties":{"x":{"type":"string"}}}],"unevaluatedProperties":false}`, []string{`{}`, `{"x":"a"}`, `{"y":1}`}},
		{"unevaluatedProperties schema", `{"type":"object","properties":{"x":{"type":"string"}},"unevaluatedProperties":{"type":"integer"}}`, []string{`{"x":"a"}`, `{"y":1}`, `{"y":"b"}`}},
		{"unevaluatedItems", `{"type":"array","prefixItems":[{"type":"string"}],"unevaluatedItems":false}`, []string{`[]`, `["a"]`, `["a","b"]`}},
		{"$ref beside rules", `{"$ref":"#/$defs/Id","maxLength":3}`, []string{`"12"`, `"1234"`, `"ab"`}},
		{"non-standard optional", `{"type":"string","optional":true}`, []string{`"a"`, `1`}},
		{"boolean schema true", `{"type":"object","properties":{"x":true},"required":["x"]}`, []string{`{}`, `{"x":null}`, `{"x":[1]}`}},
		{"boolean schema false", `{"type":"object","properties":{"x":false,"y":{"type":"string"}}}`, []string{`{}`, `{"x":1}`, `{"y":"a"}`}},
		{"boolean schemas among options", `{"type":"object","anyOf":[{"properties":{"x":true},"required":["x"]},{"properties":{"y":true},"required":["y"]}]}`, []string{`{}`, `{"x":1}`, `{"y":"b"}`, `{"z":1}`}},
		{"const null", `{"anyOf":[{"const":null},{"type":"string"}]}`, []string{`null`, `"a"`, `1`, `false`}},
		{"const null beside a nullable type", `{"type":["string","null"],"const":null}`, []string{`null`, `"a"`}},
		{"a property name outside the bare set", `{"type":"object","properties":{"(default)":{"type":"string"}},"required":["(default)"]}`, []string{`{}`, `{"(default)":"a"}`, `{"(default)":1}`}},
	}
	for _, tc := range cases {
		t.Run(tc.keyword, func(t *testing.T) {
			root := `{"type":"object","properties":{"a":` + tc.schema + `},"$defs":{"Id":{"type":"string","pattern":"^[0-9]+$"}}}`
			c := contract(t, root)
			orig := compileRaw(t, []byte(root))
			for _, v := range tc.values {
				doc := []byte(`{"a":` + v + `}`)
				inst, _ := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
				want := orig.Validate(inst) == nil
				got := args.Check(catalog.Digest(c), &c, doc) == nil
				if got != want {
					rebuilt, _ := json.Marshal(args.Schema(c))
					t.Errorf("%s: reviewed schema says valid=%v, the server's says %v (rebuilt %s)", doc, got, want, rebuilt)
				}
			}
		})
	}
}
