package web

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// schemaChecker checks JSON values against the OpenAPI document's schemas
// as strictly as a runtime written from the document would read them:
// every property a value has must be declared (unless the schema allows
// more with additionalProperties), every required one present, types,
// enums, consts and bounds kept. It knows the subset of JSON Schema the
// document uses, and refuses any keyword it does not know, so the
// document cannot say something this check ignores.
type schemaChecker struct {
	schemas map[string]any
}

var knownKeywords = map[string]bool{
	"$ref": true, "allOf": true, "oneOf": true, "type": true, "properties": true, "required": true,
	"additionalProperties": true, "items": true, "enum": true, "const": true, "description": true,
	"minimum": true, "maximum": true, "minLength": true, "maxLength": true, "maxItems": true, "minItems": true,
	"pattern": true, "format": true, "default": true, "examples": true,
}

// check returns every way v departs from schema, each with its path.
func (sc schemaChecker) check(path string, schema map[string]any, v any) []string {
	var out []string
	for k := range schema {
		if !knownKeywords[k] {
			out = append(out, fmt.Sprintf("%s: the schema uses %q, which this check does not know", path, k))
		}
	}
	if ref, ok := schema["$ref"].(string); ok {
		name := strings.TrimPrefix(ref, "#/components/schemas/")
		target, ok := sc.schemas[name].(map[string]any)
		if !ok {
			return append(out, fmt.Sprintf("%s: $ref %s names no schema", path, ref))
		}
		return append(out, sc.check(path, target, v)...)
	}
	if alts := anySlice(schema["oneOf"]); len(alts) > 0 {
		matched := 0
		var why []string
		for _, a := range alts {
			if errs := sc.check(path, a.(map[string]any), v); len(errs) == 0 {
				matched++
			} else {
				why = append(why, errs...)
			}
		}
		if matched != 1 {
			out = append(out, fmt.Sprintf("%s: matches %d of oneOf's %d schemas (%s)", path, matched, len(alts), strings.Join(why, "; ")))
		}
		return out
	}
	if e, ok := schema["enum"]; ok && !slices.ContainsFunc(anySlice(e), func(x any) bool { return fmt.Sprint(x) == fmt.Sprint(v) }) {
		out = append(out, fmt.Sprintf("%s: %v is not one of %v", path, v, e))
	}
	if c, ok := schema["const"]; ok && fmt.Sprint(c) != fmt.Sprint(v) {
		out = append(out, fmt.Sprintf("%s: %v is not %v", path, v, c))
	}
	typ, _ := schema["type"].(string)
	props, required, extra := sc.objectParts(schema)
	if typ == "" && len(props) > 0 {
		typ = "object"
	}
	switch typ {
	case "":
		return out
	case "null":
		if v != nil {
			out = append(out, fmt.Sprintf("%s: %v is not null", path, v))
		}
	case "string":
		s, ok := v.(string)
		if !ok {
			return append(out, fmt.Sprintf("%s: %v is not a string", path, v))
		}
		if n, ok := schema["maxLength"].(float64); ok && len([]rune(s)) > int(n) {
			out = append(out, fmt.Sprintf("%s: %d characters, over maxLength %v", path, len([]rune(s)), n))
		}
		if n, ok := schema["minLength"].(float64); ok && len([]rune(s)) < int(n) {
			out = append(out, fmt.Sprintf("%s: %d characters, under minLength %v", path, len([]rune(s)), n))
		}
		if p, ok := schema["pattern"].(string); ok && !regexp.MustCompile(p).MatchString(s) {
			out = append(out, fmt.Sprintf("%s: %q does not match %s", path, s, p))
		}
	case "integer", "number":
		f, ok := v.(float64)
		if !ok || (typ == "integer" && f != float64(int64(f))) {
			return append(out, fmt.Sprintf("%s: %v is not an %s", path, v, typ))
		}
		if n, ok := schema["minimum"].(float64); ok && f < n {
			out = append(out, fmt.Sprintf("%s: %v is under minimum %v", path, f, n))
		}
		if n, ok := schema["maximum"].(float64); ok && f > n {
			out = append(out, fmt.Sprintf("%s: %v is over maximum %v", path, f, n))
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			out = append(out, fmt.Sprintf("%s: %v is not a boolean", path, v))
		}
	case "array":
		a, ok := v.([]any)
		if !ok {
			return append(out, fmt.Sprintf("%s: %v is not an array", path, v))
		}
		if n, ok := schema["maxItems"].(float64); ok && len(a) > int(n) {
			out = append(out, fmt.Sprintf("%s: %d items, over maxItems %v", path, len(a), n))
		}
		if n, ok := schema["minItems"].(float64); ok && len(a) < int(n) {
			out = append(out, fmt.Sprintf("%s: %d items, under minItems %v", path, len(a), n))
		}
		if items, ok := schema["items"].(map[string]any); ok {
			for i, x := range a {
				out = append(out, sc.check(fmt.Sprintf("%s[%d]", path, i), items, x)...)
			}
		}
	case "object":
		o, ok := v.(map[string]any)
		if !ok {
			return append(out, fmt.Sprintf("%s: %v is not an object", path, v))
		}
		for _, k := range required {
			if _, ok := o[k]; !ok {
				out = append(out, fmt.Sprintf("%s: required %q is missing", path, k))
			}
		}
		keys := make([]string, 0, len(o))
		for k := range o {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p, ok := props[k]
			switch {
			case ok:
				out = append(out, sc.check(path+"."+k, p, o[k])...)
			case extra == nil:
				out = append(out, fmt.Sprintf("%s: %q is not declared", path, k))
			default:
				out = append(out, sc.check(path+"."+k, extra, o[k])...)
			}
		}
	default:
		out = append(out, fmt.Sprintf("%s: unknown type %q", path, typ))
	}
	return out
}

// objectParts are an object schema's declared properties (over allOf and
// $ref), its required names, and what its additionalProperties allow (nil:
// nothing more; an empty schema: anything).
func (sc schemaChecker) objectParts(schema map[string]any) (map[string]map[string]any, []string, map[string]any) {
	props := map[string]map[string]any{}
	var required []string
	var extra map[string]any
	var walk func(s map[string]any)
	walk = func(s map[string]any) {
		if ref, ok := s["$ref"].(string); ok {
			if t, ok := sc.schemas[strings.TrimPrefix(ref, "#/components/schemas/")].(map[string]any); ok {
				walk(t)
			}
			return
		}
		for _, part := range anySlice(s["allOf"]) {
			walk(part.(map[string]any))
		}
		if ps, ok := s["properties"].(map[string]any); ok {
			for k, p := range ps {
				props[k] = p.(map[string]any)
			}
		}
		for _, k := range anySlice(s["required"]) {
			required = append(required, k.(string))
		}
		switch a := s["additionalProperties"].(type) {
		case bool:
			if a {
				extra = map[string]any{}
			}
		case map[string]any:
			extra = a
		}
	}
	walk(schema)
	return props, required, extra
}

// decodeJSON decodes b as a generic JSON value.
func decodeJSON(b []byte) (any, error) {
	var v any
	err := json.Unmarshal(b, &v)
	return v, err
}
