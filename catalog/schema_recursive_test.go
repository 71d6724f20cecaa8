package catalog_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestRecursiveSchemasImport: a tree (zod's "#/definitions/__schema0", a
// pydantic model holding itself, zod-to-json-schema's reference to a place
// it is writing, a schema holding the whole arguments) imports: each
// reference is expanded once, and where it recurs the node repeats the
// enclosing schema by its place in the contract's own JSON Schema. Both
// forms render that place by its labels, and the digest is stable.
func TestRecursiveSchemasImport(t *testing.T) {
	cases := []struct {
		name, schema string
		at           func(c catalog.Contract) catalog.Param // the repetition
		ref, chain   string
	}{
		{"zod definitions, through allOf (todoist)",
			`{"type":"object","properties":{"projects":{"type":"array","items":{"allOf":[{"$ref":"#/definitions/__schema0"}],"description":"A project."}}},"required":["projects"],
			 "definitions":{"__schema0":{"type":"object","properties":{"name":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/definitions/__schema0"}}},"required":["name","children"]}}}`,
			func(c catalog.Contract) catalog.Param {
				return *param(c.Params, "projects").Items.AllOf[0].Properties[0].Items
			},
			"#/properties/projects/items/allOf/0", "arguments > projects > each item > part 1"},
		{"a place being written (LINE's flex box)",
			`{"type":"object","properties":{"box":{"type":"object","properties":{"layout":{"type":"string"},"contents":{"type":"array","items":{"anyOf":[{"$ref":"#/properties/box"},{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}]}}}}}}`,
			func(c catalog.Contract) catalog.Param { return param(c.Params, "box").Properties[0].Items.AnyOf[0] },
			"#/properties/box", "arguments > box"},
		{"pydantic $defs, the reference described",
			`{"type":"object","$defs":{"Node":{"type":"object","properties":{"value":{"type":"integer"},"next":{"$ref":"#/$defs/Node","description":"The next node."}}}},"properties":{"head":{"$ref":"#/$defs/Node"}}}`,
			func(c catalog.Contract) catalog.Param { return *param(param(c.Params, "head").Properties, "next") },
			"#/properties/head", "arguments > head"},
		{"the whole arguments",
			`{"type":"object","properties":{"name":{"type":"string"},"sub":{"type":"array","items":{"$ref":"#"}}},"required":["name"]}`,
			func(c catalog.Contract) catalog.Param { return *param(c.Params, "sub").Items },
			"#", "arguments"},
		{"a reference with rules beside it",
			`{"type":"object","$defs":{"T":{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#/$defs/T","maxProperties":3}}}}},"properties":{"t":{"$ref":"#/$defs/T"}}}`,
			func(c catalog.Contract) catalog.Param { return param(c.Params, "t").Properties[0].Items.AllOf[0] },
			"#/properties/t", "arguments > t"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := importOne(t, mcpTool("t", fromJSON(t, tc.schema)))
			if got := tc.at(c); got.Ref != tc.ref {
				t.Fatalf("repetition %+v, want ref %q\n%s", got, tc.ref, catalog.CanonicalJSON(c))
			}
			fact := `recursive: same as "` + tc.chain + `"`
			for _, text := range []string{catalog.RenderFull(c), catalog.RenderCompact(c)} {
				if !strings.Contains(text, fact) {
					t.Errorf("no %q in\n%s", fact, text)
				}
			}
			for range 10 { // Go's map order differs from one decode to the next
				again, _ := importOne(t, mcpTool("t", fromJSON(t, tc.schema)))
				if catalog.Digest(again) != catalog.Digest(c) || catalog.RenderFull(again) != catalog.RenderFull(c) || catalog.RenderCompact(again) != catalog.RenderCompact(c) {
					t.Fatalf("another import of the same schema differs:\n%s\n%s", catalog.CanonicalJSON(again), catalog.CanonicalJSON(c))
				}
			}
			if ps := catalog.Validate([]catalog.Contract{c}); len(ps) > 0 {
				t.Errorf("the imported contract does not validate: %v", ps)
			}
			checkAccounted(t, c, fromJSON(t, tc.schema))
			// the same schema as a result
			tool := mcpTool("t", obj(map[string]any{}))
			tool["outputSchema"] = fromJSON(t, tc.schema)
			out, _ := importOne(t, tool)
			checkOutputAccounted(t, out, fromJSON(t, tc.schema))
			// the console's own format reads both back as they are
			renamed := out
			renamed.ID = "svc.t_result"
			b, _ := json.Marshal(map[string]any{"tools": []catalog.Contract{c, renamed}})
			back, ps := catalog.Parse(catalog.FormatNative, b, "")
			if len(ps) > 0 || len(back) != 2 || catalog.Digest(back[0]) != catalog.Digest(c) || catalog.Digest(back[1]) != catalog.Digest(renamed) {
				t.Errorf("the console's own format does not read the contracts back: %v", ps)
			}
			for _, text := range []string{catalog.RenderFull(out), catalog.RenderCompact(out)} {
				if want := `recursive: same as "result` + strings.TrimPrefix(tc.chain, "arguments") + `"`; !strings.Contains(text, want) {
					t.Errorf("no %q in\n%s", want, text)
				}
			}
		})
	}
}

// param finds a property by name.
func param(ps []catalog.Param, name string) *catalog.Param {
	for i := range ps {
		if ps[i].Name == name {
			return &ps[i]
		}
	}
	return &catalog.Param{}
}

// TestRecursiveRefsAreChecked: a contract in the console's own format may
// hold a repetition only of a schema that contains it, with a property or
// an item between the two, and no rules beside it; each problem names the
// field.
func TestRecursiveRefsAreChecked(t *testing.T) {
	tree := func(ref string, extra func(p *catalog.Param)) catalog.Contract {
		kid := catalog.Param{Name: "children", Type: "array", Description: "Sub-trees.", Items: &catalog.Param{Ref: ref}}
		if extra != nil {
			extra(kid.Items)
		}
		return catalog.Contract{ID: "plant", Title: "Plant", Purpose: "Plants a tree.", Class: catalog.ClassComputation, Effects: catalog.EffectsReadOnly, Version: "1",
			Params: []catalog.Param{{Name: "tree", Type: "object", Description: "The tree.", Properties: []catalog.Param{kid}}}}
	}
	if ps := catalog.Validate([]catalog.Contract{tree("#/properties/tree", nil)}); len(ps) > 0 {
		t.Fatalf("a tree: %v", ps)
	}
	cases := []struct {
		name  string
		c     catalog.Contract
		field string
		msg   string
	}{
		{"not an ancestor", tree("#/properties/other", nil), "params.tree.children[].ref", "is not the place of a schema that contains"},
		{"itself", tree("#/properties/tree/properties/children/items", nil), "params.tree.children[].ref", "never end"},
		{"rules beside it", tree("#/properties/tree", func(p *catalog.Param) { p.Type = "object" }), "params.tree.children[].ref", "no rules of its own"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if ps := catalog.Validate([]catalog.Contract{tc.c}); !hasProblem(ps, "plant", tc.field, tc.msg) {
				t.Errorf("want %s: %q, got %v", tc.field, tc.msg, ps)
			}
		})
	}
}

// TestTodoistOverviewImportsItsProjectTree: @doist/todoist-mcp 11.0.0's
// get-overview (its tools/list verbatim) returns projects holding
// projects; the tool imports, its result renders every keyword of the
// output schema as the reference model says, the tree included, and the
// contract repeats the project schema rather than cutting it.
func TestTodoistOverviewImportsItsProjectTree(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(publishedDir, "doist-todoist-mcp@11.0.0.tools.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Tools []map[string]any `json:"tools"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	for _, tool := range doc.Tools {
		if tool["name"] != "get-overview" {
			continue
		}
		c, _ := importOne(t, tool)
		checkOutputAccounted(t, c, tool["outputSchema"].(map[string]any))
		refs := 0
		var walk func(p catalog.Param)
		walk = func(p catalog.Param) {
			if p.Ref != "" {
				refs++
			}
			for _, q := range append(append(append(p.Properties, p.AllOf...), p.AnyOf...), p.OneOf...) {
				walk(q)
			}
			if p.Items != nil {
				walk(*p.Items)
			}
		}
		walk(*c.Output)
		if refs == 0 {
			t.Errorf("no repetition in the result:\n%s", catalog.RenderFull(c))
		}
		return
	}
	t.Fatal("no get-overview in the tool list")
}
