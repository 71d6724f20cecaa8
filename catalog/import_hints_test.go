package catalog_test

import (
	"reflect"
	"testing"

	"github.com/agentforge/console/catalog"
)

// mcpHintDefaults are the values MCP's ToolAnnotations (2025-11-25 schema)
// give a hint the server leaves out.
var mcpHintDefaults = map[string]bool{"readOnlyHint": false, "destructiveHint": true, "idempotentHint": false, "openWorldHint": true}

// TestAnAbsentHintReadsAsTheSpecsDefault: a tool that leaves out a hint
// imports exactly as one that states the spec's default for it, for every
// combination of the four hints (absent, true, false) and for a tool with
// no annotations at all — so silence is never read as a milder claim than
// the spec gives it (an unannotated tool is destructive and open-world).
func TestAnAbsentHintReadsAsTheSpecsDefault(t *testing.T) {
	keys := []string{"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}
	states := []any{nil, true, false}
	n := 1
	for range keys {
		n *= len(states)
	}
	for i := 0; i < n; i++ {
		given, full := map[string]any{}, map[string]any{}
		for j, k := 0, i; j < len(keys); j, k = j+1, k/len(states) {
			v := states[k%len(states)]
			full[keys[j]] = mcpHintDefaults[keys[j]]
			if v != nil {
				given[keys[j]], full[keys[j]] = v, v
			}
		}
		got := importAnnotated(t, given)
		want := importAnnotated(t, full)
		// what the tool is read as is the same; only whether it rests on
		// a default is recorded (never rendered)
		ro, _ := given["readOnlyHint"].(bool)
		_, stated := given["destructiveHint"]
		if got.EffectsAssumed != (!ro && !stated) || want.EffectsAssumed {
			t.Errorf("annotations %v: effects assumed %v (stated in full: %v)", given, got.EffectsAssumed, want.EffectsAssumed)
		}
		got.EffectsAssumed = false
		if !reflect.DeepEqual(got, want) {
			t.Errorf("annotations %v import as\n%+v\nbut with the spec's defaults stated (%v) as\n%+v", given, got, full, want)
		}
		if len(given) == 0 {
			none := importAnnotated(t, nil)
			if !none.EffectsAssumed {
				t.Error("a tool without annotations: effects not marked assumed")
			}
			none.EffectsAssumed = false
			if !reflect.DeepEqual(none, want) {
				t.Errorf("no annotations import as\n%+v\nwant the spec's defaults\n%+v", none, want)
			}
		}
	}
}

// TestHintsMapToEffectsAsTheSpecReadsThem: destructiveHint matters only
// when readOnlyHint is false, and defaults to true.
func TestHintsMapToEffectsAsTheSpecReadsThem(t *testing.T) {
	for _, c := range []struct {
		ann  map[string]any
		want catalog.Effects
	}{
		{nil, catalog.EffectsDestructive},
		{map[string]any{}, catalog.EffectsDestructive},
		{map[string]any{"title": "T"}, catalog.EffectsDestructive},
		{map[string]any{"readOnlyHint": false}, catalog.EffectsDestructive},
		{map[string]any{"openWorldHint": false}, catalog.EffectsDestructive},
		{map[string]any{"destructiveHint": false}, catalog.EffectsExternalWrite},
		{map[string]any{"readOnlyHint": false, "destructiveHint": false}, catalog.EffectsExternalWrite},
		{map[string]any{"readOnlyHint": true}, catalog.EffectsReadOnly},
		{map[string]any{"readOnlyHint": true, "destructiveHint": true}, catalog.EffectsReadOnly},
	} {
		if got := importAnnotated(t, c.ann).Effects; got != c.want {
			t.Errorf("annotations %v: effects %s, want %s", c.ann, got, c.want)
		}
	}
}

// importAnnotated imports one MCP tool with the given annotations (none
// when ann is nil).
func importAnnotated(t *testing.T, ann map[string]any) catalog.Contract {
	t.Helper()
	tool := mcpTool("act", obj(map[string]any{"q": map[string]any{"type": "string", "description": "Q."}}))
	if ann != nil {
		tool["annotations"] = ann
	}
	c, _ := importOne(t, tool)
	return c
}

// TestAFunctionToolReadsAsAnUnannotatedMCPTool: an OpenAI function tool
// says nothing of its effects, so it gets what silence gets in MCP.
func TestAFunctionToolReadsAsAnUnannotatedMCPTool(t *testing.T) {
	doc := []byte(`{"tools": [{"type": "function", "function": {"name": "act", "description": "Does act.", "parameters": {"type": "object", "properties": {"q": {"type": "string", "description": "Q."}}}}}]}`)
	cs, ps := catalog.Parse(catalog.FormatOpenAI, doc, "svc")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	if got, want := cs[0].Effects, importAnnotated(t, nil).Effects; got != want || !cs[0].EffectsAssumed {
		t.Errorf("function tool effects %s (assumed %v), want %s, assumed, as an unannotated MCP tool", got, cs[0].EffectsAssumed, want)
	}
}
