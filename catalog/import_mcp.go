package catalog

import (
	"fmt"
	"sort"
	"strings"
)

var mcpToolKeys = []string{"name", "title", "description", "inputSchema", "outputSchema", "annotations", "icons", "_meta"}
var mcpAnnotationKeys = []string{"title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}

// schemaKeys are the JSON-schema keywords the importer understands. Purely
// descriptive keywords are accepted and dropped; anything else would carry
// a rule the renderings could not show, so it is reported.
var schemaKeys = map[string]bool{
	"type": true, "description": true, "enum": true, "default": true, "format": true,
	"minimum": true, "maximum": true, "minLength": true, "maxLength": true, "minItems": true,
	"maxItems": true, "pattern": true, "items": true, "properties": true, "required": true,
	"anyOf": true, "oneOf": true,
	"additionalProperties": true, "title": true, "$schema": true, "$id": true, "$comment": true,
	"examples": true, "deprecated": true,
}

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
			c.Params = schemaParams(ps, name, "inputSchema", schema)
		} else {
			ps.add(name, "inputSchema", "is required and must be an object")
		}
		if osch, ok := m["outputSchema"].(map[string]any); ok {
			c.Returns = str(osch, "description")
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

// schemaParams maps an object schema's properties to parameters, in name
// order (JSON objects carry no order).
func schemaParams(ps *Problems, tool, path string, s map[string]any) []Param {
	props, _ := s["properties"].(map[string]any)
	req := requiredSet(s)
	names := make([]string, 0, len(props))
	for k := range props {
		names = append(names, k)
	}
	sort.Strings(names)
	out := make([]Param, 0, len(names))
	for _, k := range names {
		sub, ok := props[k].(map[string]any)
		if !ok {
			ps.add(tool, path+"."+k, "must be a schema object")
			continue
		}
		out = append(out, schemaParam(ps, tool, path+"."+k, k, sub, req[k]))
	}
	return out
}

func requiredSet(s map[string]any) map[string]bool {
	req := map[string]bool{}
	if r, ok := s["required"].([]any); ok {
		for _, v := range r {
			if name, ok := v.(string); ok {
				req[name] = true
			}
		}
	}
	return req
}

func schemaParam(ps *Problems, tool, path, name string, s map[string]any, required bool) Param {
	var unknown []string
	for k := range s {
		if !schemaKeys[k] {
			unknown = append(unknown, k)
		}
	}
	sort.Strings(unknown)
	for _, k := range unknown {
		ps.add(tool, path+"."+k, "unsupported JSON-schema keyword")
	}
	p := Param{Name: name, Required: required, Description: str(s, "description"), Format: str(s, "format"), Pattern: str(s, "pattern")}
	p.Type = schemaType(ps, tool, path, s)
	if e, ok := s["enum"].([]any); ok {
		p.Enum = e
	}
	p.Default = s["default"]
	p.Minimum = floatPtr(s["minimum"])
	p.Maximum = floatPtr(s["maximum"])
	p.MinLength = intPtr(s["minLength"])
	p.MaxLength = intPtr(s["maxLength"])
	p.MinItems = intPtr(s["minItems"])
	p.MaxItems = intPtr(s["maxItems"])
	if it, ok := s["items"].(map[string]any); ok {
		item := schemaParam(ps, tool, path+"[]", "items", it, false)
		p.Items = &item
	}
	p.Properties = schemaParams(ps, tool, path, s)
	for _, alt := range alternatives(s) {
		p.Properties = mergeProps(p.Properties, schemaParams(ps, tool, path, alt), len(alternatives(s)))
		if p.MinLength == nil {
			p.MinLength = intPtr(alt["minLength"])
		}
	}
	return p
}

// schemaType reads "type" as a string or a list, or unions the types of
// anyOf/oneOf alternatives; a schema with none of these accepts any value.
func schemaType(ps *Problems, tool, path string, s map[string]any) string {
	switch t := s["type"].(type) {
	case string:
		return t
	case []any:
		var parts []string
		for _, v := range t {
			parts = append(parts, fmt.Sprint(v))
		}
		return strings.Join(parts, "|")
	case nil:
	default:
		ps.add(tool, path+".type", "must be a string or a list of strings")
		return "invalid"
	}
	var parts []string
	seen := map[string]bool{}
	for _, alt := range alternatives(s) {
		t := schemaType(ps, tool, path, alt)
		for _, x := range strings.Split(t, "|") {
			if !seen[x] {
				seen[x] = true
				parts = append(parts, x)
			}
		}
	}
	if len(parts) == 0 {
		return "any"
	}
	return strings.Join(parts, "|")
}

func alternatives(s map[string]any) []map[string]any {
	var out []map[string]any
	for _, k := range []string{"anyOf", "oneOf"} {
		if list, ok := s[k].([]any); ok {
			for _, a := range list {
				if m, ok := a.(map[string]any); ok {
					out = append(out, m)
				}
			}
		}
	}
	return out
}

// mergeProps unions the properties of alternative object shapes; a property
// stays required only if every alternative requires it.
func mergeProps(have, more []Param, alts int) []Param {
	idx := map[string]int{}
	count := map[string]int{}
	for i, p := range have {
		idx[p.Name] = i
	}
	for _, p := range more {
		count[p.Name]++
		if i, ok := idx[p.Name]; ok {
			have[i].Required = have[i].Required && p.Required
			continue
		}
		if alts > 1 {
			p.Required = false
		}
		idx[p.Name] = len(have)
		have = append(have, p)
	}
	return have
}

func floatPtr(v any) *float64 {
	if f, ok := v.(float64); ok {
		return &f
	}
	return nil
}

func intPtr(v any) *int {
	if f, ok := v.(float64); ok {
		i := int(f)
		return &i
	}
	return nil
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}
