package args_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority/args"
)

// TestRecursiveSchemasJudgeAsTheImportedOne: a tree schema (a project
// holds projects; a box holds boxes or texts) imports with its recursion
// as a reference into the contract's own schema, and the rebuilt schema
// accepts and refuses exactly what the server's own schema does, at every
// depth: trees of three and four levels, valid and broken at the bottom.
// The same holds for the schema as a tool's output schema, which the
// gateway checks results against.
func TestRecursiveSchemasJudgeAsTheImportedOne(t *testing.T) {
	cases := []struct {
		name, schema string
		values       []string // argument documents; each case lists valid and invalid ones
		invalidAt    string   // the pointer the last value breaks at
	}{
		{"zod definitions (todoist)",
			`{"type":"object","properties":{"projects":{"type":"array","items":{"allOf":[{"$ref":"#/definitions/__schema0"}]}}},"required":["projects"],
			 "definitions":{"__schema0":{"type":"object","properties":{"name":{"type":"string","minLength":1},"children":{"type":"array","items":{"$ref":"#/definitions/__schema0"}}},"required":["name","children"],"additionalProperties":false}}}`,
			[]string{
				`{"projects":[]}`,
				`{"projects":[{"name":"a","children":[{"name":"b","children":[{"name":"c","children":[{"name":"d","children":[]}]}]}]}]}`,
				`{"projects":[{"name":"a","children":[{"name":"b","children":[{"name":"c","children":[{"name":"d","children":[],"colour":"red"}]}]}]}]}`,
				`{"projects":[{"name":"a","children":[{"name":"b","children":[{"name":"c","children":[{"children":[]}]}]}]}]}`,
				`{"projects":[{"name":"a","children":[{"name":"b","children":[{"name":"c","children":[{"name":"","children":[]}]}]}]}]}`,
			},
			"/projects/0/children/0/children/0/children/0/name"},
		{"a place being written (LINE's flex box)",
			`{"type":"object","properties":{"box":{"type":"object","properties":{"layout":{"type":"string","enum":["vertical","horizontal"]},"contents":{"type":"array","items":{"anyOf":[{"$ref":"#/properties/box"},{"type":"object","properties":{"text":{"type":"string"}},"required":["text"],"additionalProperties":false}]}}},"required":["layout"]}},"required":["box"]}`,
			[]string{
				`{"box":{"layout":"vertical","contents":[{"text":"a"},{"layout":"horizontal","contents":[{"layout":"vertical","contents":[{"text":"b"}]}]}]}}`,
				`{"box":{"layout":"vertical","contents":[{"layout":"horizontal","contents":[{"layout":"vertical","contents":[{"layout":"diagonal"}]}]}]}}`,
				`{"box":{"layout":"vertical","contents":[{"layout":"horizontal","contents":[{"layout":"vertical","contents":[{"text":1}]}]}]}}`,
			},
			"/box/contents/0/contents/0/contents/0"},
		{"below a pattern property (a pointer escaped in the fragment)",
			`{"type":"object","$defs":{"N":{"type":"object","properties":{"v":{"type":"integer"},"kids":{"type":"array","items":{"$ref":"#/$defs/N"}}},"required":["v"]}},
			  "properties":{"t":{"type":"object","patternProperties":{"^n_[a-z]+$":{"$ref":"#/$defs/N"}},"additionalProperties":false}}}`,
			[]string{
				`{"t":{"n_a":{"v":1,"kids":[{"v":2,"kids":[{"v":3,"kids":[{"v":4}]}]}]}}}`,
				`{"t":{"n_a":{"v":1,"kids":[{"v":2,"kids":[{"v":3,"kids":[{"v":"4"}]}]}]}}}`,
			},
			"/t/n_a/kids/0/kids/0/kids/0/v"},
		{"the whole arguments",
			`{"type":"object","properties":{"n":{"type":"integer","maximum":9},"sub":{"type":"array","items":{"$ref":"#"}}},"required":["n"]}`,
			[]string{
				`{"n":1,"sub":[{"n":2,"sub":[{"n":3,"sub":[{"n":4}]}]}]}`,
				`{"n":1,"sub":[{"n":2,"sub":[{"n":3,"sub":[{"n":40}]}]}]}`,
			},
			"/sub/0/sub/0/sub/0/n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := contract(t, tc.schema)
			if rebuilt, _ := json.Marshal(args.Schema(c)); !strings.Contains(string(rebuilt), `"$ref"`) {
				t.Fatalf("no reference in the rebuilt schema: %s", rebuilt)
			}
			orig := compileRaw(t, []byte(tc.schema))
			// as an output schema, checked the way the gateway checks a result
			doc := `{"tools":[{"name":"t","description":"Does a thing.","inputSchema":{"type":"object"},"outputSchema":` + tc.schema + `}]}`
			cs, ps := catalog.Parse(catalog.FormatMCP, []byte(doc), "svc")
			if len(ps) > 0 {
				t.Fatalf("output schema: %v", ps)
			}
			out := catalog.Contract{Input: cs[0].Output}
			valid := 0
			for i, v := range tc.values {
				inst, _ := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(v)))
				want := orig.Validate(inst) == nil
				if want {
					valid++
				}
				got := args.Check(catalog.Digest(c), &c, []byte(v))
				gotOut := args.Check(catalog.Digest(cs[0])+"#output", &out, []byte(v))
				if (got == nil) != want || (gotOut == nil) != want {
					rebuilt, _ := json.Marshal(args.Schema(c))
					t.Errorf("%s: server's schema says valid=%v; input check %v, output check %v (rebuilt %s)", v, want, got, gotOut, rebuilt)
				}
				if i == len(tc.values)-1 && !problemUnder(got, tc.invalidAt) {
					t.Errorf("%s: want a problem at %s, got %v", v, tc.invalidAt, got)
				}
			}
			if valid == 0 || valid == len(tc.values) {
				t.Fatalf("%d of %d values valid: the case must hold both", valid, len(tc.values))
			}
		})
	}
}

// problemUnder reports whether a problem names the pointer or a place
// below it.
func problemUnder(ps []args.Problem, at string) bool {
	for _, p := range ps {
		if p.Pointer == at || strings.HasPrefix(p.Pointer, at+"/") {
			return true
		}
	}
	return false
}
