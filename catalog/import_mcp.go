package catalog

import (
	"sort"
	"strings"
)

var mcpToolKeys = []string{"name", "title", "description", "inputSchema", "outputSchema", "annotations", "icons", "_meta"}
var mcpAnnotationKeys = []string{"title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}

func parseMCP(ps *Problems, doc any, ns string) []Contract {
	var out []Contract
	eachTool(ps, doc, func(i int, m map[string]any) {
		name := toolName(m, i)
		checkKeys(ps, name, "", m, mcpToolKeys...)
		ann, _ := m["annotations"].(map[string]any)
		if ann != nil {
			checkKeys(ps, name, "annotations", ann, mcpAnnotationKeys...)
		}
		c := Contract{
			ID:      ns + "." + str(m, "name"),
			Title:   firstNonEmpty(str(m, "title"), str(ann, "title"), str(m, "name")),
			Purpose: str(m, "description"),
			Class:   ClassService,
			Effects: mcpEffects(ann),
			Version: "1",
		}
		if str(m, "name") == "" {
			ps.add(name, "name", "is required")
		}
		if b, _ := ann["idempotentHint"].(bool); b && c.Effects != EffectsReadOnly {
			c.Constraints = append(c.Constraints, "Idempotent: repeating a call with the same arguments has no further effect.")
		}
		if b, _ := ann["openWorldHint"].(bool); b {
			c.Constraints = append(c.Constraints, "Open world: the tool reaches systems outside this service's own data.")
		}
		if schema, ok := m["inputSchema"].(map[string]any); ok {
			c.Params, c.Input = readSchema(ps, name, "inputSchema", schema)
		} else {
			ps.add(name, "inputSchema", "is required and must be an object")
		}
		if osch, ok := m["outputSchema"].(map[string]any); ok {
			c.Returns = readOutput(ps, name, osch)
		}
		out = append(out, c)
	})
	return out
}

func mcpEffects(ann map[string]any) Effects {
	if b, _ := ann["readOnlyHint"].(bool); b {
		return EffectsReadOnly
	}
	if b, _ := ann["destructiveHint"].(bool); b {
		return EffectsDestructive
	}
	return EffectsExternalWrite
}

// readSchema reads a tool's input schema and, when every keyword was
// accounted for, checks the result for contradictions in the schema's own
// vocabulary. Either way every problem names the tool, path and keyword.
func readSchema(ps *Problems, tool, path string, schema map[string]any) ([]Param, *Param) {
	r := &schemaReader{ps: ps, tool: tool}
	params, input := r.readInput(path, schema)
	if r.count > 0 {
		return params, input
	}
	ch := &checker{ps: ps, tool: tool, schema: true}
	ch.params(path, params, nil)
	if input != nil {
		ch.input(path, *input, params)
	}
	return params, input
}

// readOutput reads an output schema's description, the one part of it the
// contract carries (as Returns). Any other keyword would be a rule the
// renderings cannot show, so it is refused.
func readOutput(ps *Problems, tool string, s map[string]any) string {
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if _, isStr := s[k].(string); k != "description" || !isStr {
			ps.add(tool, "outputSchema."+k, "the output schema's structure is not rendered; only its description is accepted")
		}
	}
	return str(s, "description")
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}
