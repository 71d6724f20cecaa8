package catalog_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestRepetitionsThatMeetAreRefused: two repetitions of an enclosing
// schema that can apply to the same value make a check cost 2^depth (a
// validator re-checks the value once per repetition at every level), so
// such a schema is refused naming the field; repetitions that reach
// different parts of a value (a binary tree's left and right, a tuple's
// positions, an object's members and an array's items) import.
func TestRepetitionsThatMeetAreRefused(t *testing.T) {
	refused := []struct{ name, schema string }{
		{"two options repeating the same schema",
			`{"type":"object","properties":{"t":{"type":"array","items":{"oneOf":[{"$ref":"#/properties/t"},{"$ref":"#/properties/t"}]}}}}`},
		{"two parts of an allOf, each holding the tree",
			`{"type":"object","properties":{"t":{"type":"object","allOf":[{"properties":{"x":{"$ref":"#/properties/t"}}},{"properties":{"x":{"$ref":"#/properties/t"}}}]}}}`},
		{"a property and a pattern that matches it",
			`{"type":"object","properties":{"t":{"type":"object","properties":{"a":{"$ref":"#/properties/t"}},"patternProperties":{"^a":{"$ref":"#/properties/t"}}}}}`},
		{"items and contains",
			`{"type":"object","properties":{"t":{"type":"array","items":{"$ref":"#/properties/t"},"contains":{"$ref":"#/properties/t"}}}}`},
		{"two options that both reach an array's items",
			`{"type":"object","properties":{"t":{"anyOf":[{"type":"array","items":{"$ref":"#/properties/t"}},{"type":"array","contains":{"$ref":"#/properties/t"}}]}}}`},
		{"a property and the other properties",
			`{"type":"object","properties":{"t":{"type":"object","properties":{"a":{"$ref":"#/properties/t"}},"additionalProperties":{"$ref":"#/properties/t"}}}}`},
	}
	for _, tc := range refused {
		for _, key := range []string{"inputSchema", "outputSchema"} {
			o := parseOne(t, key, tc.schema)
			why := o.Problems.Error()
			for _, r := range o.Rejected {
				why += r.Problems.Error()
			}
			if len(o.Contracts) != 0 || !strings.Contains(why, "2^depth") || !strings.Contains(why, strings.TrimSuffix(key, "Schema")+"Schema.t") {
				t.Errorf("%s (%s): imported %d, problems %q; want refused for repetitions that meet, naming the field", tc.name, key, len(o.Contracts), why)
			}
		}
	}
	imported := []struct{ name, schema string }{
		{"a binary tree", `{"type":"object","properties":{"t":{"type":"object","properties":{"v":{"type":"integer"},"left":{"$ref":"#/properties/t"},"right":{"$ref":"#/properties/t"}}}}}`},
		{"a tuple of two trees", `{"type":"object","properties":{"t":{"type":"array","prefixItems":[{"$ref":"#/properties/t"},{"$ref":"#/properties/t"}]}}}`},
		{"members and items", `{"type":"object","properties":{"t":{"type":["object","array"],"additionalProperties":{"$ref":"#/properties/t"},"items":{"$ref":"#/properties/t"}}}}`},
		{"one option repeating, one not", `{"type":"object","properties":{"t":{"type":"array","items":{"anyOf":[{"$ref":"#/properties/t"},{"type":"string"}]}}}}`},
		{"a JSON value (zod's recursive any): an array option and an object option",
			`{"type":"object","properties":{"t":{"anyOf":[{"type":"string"},{"type":"null"},{"type":"array","items":{"$ref":"#/properties/t"}},{"type":"object","additionalProperties":{"$ref":"#/properties/t"}}]}}}`},
		{"options reaching an array's items and an object's members through parts",
			`{"type":"object","properties":{"t":{"oneOf":[{"allOf":[{"items":{"$ref":"#/properties/t"}}]},{"properties":{"k":{"$ref":"#/properties/t"}}}]}}}`},
		{"two trees side by side", `{"type":"object","properties":{"a":{"type":"object","properties":{"k":{"$ref":"#/properties/a"}}},"b":{"type":"object","properties":{"k":{"$ref":"#/properties/b"}}}}}`},
	}
	for _, tc := range imported {
		for _, key := range []string{"inputSchema", "outputSchema"} {
			if o := parseOne(t, key, tc.schema); len(o.Contracts) != 1 {
				t.Errorf("%s (%s): refused %v %v", tc.name, key, o.Problems, o.Rejected)
			}
		}
	}
}

// parseOne reads one MCP tool whose key (inputSchema or outputSchema) is
// schema, tool by tool as an import does.
func parseOne(t *testing.T, key, schema string) catalog.Outcome {
	t.Helper()
	tool := map[string]any{"name": "t", "description": "Walks a tree.", "inputSchema": json.RawMessage(`{"type":"object"}`)}
	tool[key] = json.RawMessage(schema)
	raw, err := json.Marshal(map[string]any{"tools": []any{tool}})
	if err != nil {
		t.Fatal(err)
	}
	return catalog.ParseEach(catalog.FormatMCP, raw, "svc", false)
}
