package catalog_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// This file is the reference model of what a JSON-Schema keyword must look
// like in a rendering: for every keyword at every path of a source schema,
// the fact (or node, or text) both forms must show there. It is written
// independently of the renderer: the renderer's phrasing is the spec below.

// want is what one rendered node must hold.
type want struct {
	facts []string
	text  *string
}

func jsonv(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return strings.TrimSuffix(b.String(), "\n")
}

func joinJSON(vs []any) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = jsonv(v)
	}
	return strings.Join(s, " ")
}

// schemaOrBool reads a schema or a boolean schema: true as {}, false as
// {"not": {}}.
func schemaOrBool(v any) (map[string]any, bool) {
	switch x := v.(type) {
	case map[string]any:
		return x, true
	case bool:
		if x {
			return map[string]any{}, true
		}
		return map[string]any{"not": map[string]any{}}, true
	}
	return nil, false
}

// nameLabel is a property name as both forms write it: bare when it is
// letters, digits and _.$@-, else as a JSON string.
func nameLabel(name string) string {
	if regexp.MustCompile(`^[A-Za-z0-9_.$@-]+$`).MatchString(name) {
		return name
	}
	return jsonv(name)
}

func child(path, label string) string {
	if path == "" {
		return label
	}
	return path + "/" + label
}

// expectSchema records what every keyword of s at path must render as.
// Keywords it does not know make it report ok=false: such a schema must be
// refused by the importer.
func expectSchema(out map[string]*want, path string, s map[string]any, scope map[string]bool, root bool) (ok bool) {
	ok = true
	w := out[path]
	if w == nil {
		w = &want{}
		out[path] = w
	}
	props, _ := s["properties"].(map[string]any)
	inner := map[string]bool{}
	for k := range scope {
		inner[k] = true
	}
	for k := range props {
		inner[k] = true
	}
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	_, hasType := s["type"]
	combos := s["oneOf"] != nil || s["anyOf"] != nil || s["allOf"] != nil
	_, repeats := s[recursionMarker]
	if !hasType && !combos && !root && !repeats {
		w.facts = append(w.facts, "any")
	}
	for _, k := range keys {
		v := s[k]
		switch k {
		case "type":
			if root {
				ok = ok && v == "object"
				continue
			}
			switch t := v.(type) {
			case string:
				w.facts = append(w.facts, t)
			case []any:
				parts := make([]string, len(t))
				for i, x := range t {
					parts[i], _ = x.(string)
				}
				w.facts = append(w.facts, strings.Join(parts, "|"))
			default:
				ok = false
			}
		case recursionAnchor:
			// where the copy a marker repeats is, for the marker below
			out[fmt.Sprintf("%s%d", recursionAnchor, v)] = &want{facts: []string{path}}
		case recursionMarker:
			place := out[fmt.Sprintf("%s%d", recursionAnchor, v)]
			if place == nil {
				return false
			}
			w.facts = append(w.facts, recursionFact(place.facts[0]))
		case "$schema", "$id":
			ok = ok && root
		case "$comment":
			// for the schema's maintainers: never rendered
		case "description":
			t := normText(fmt.Sprint(v))
			w.text = &t
		case "title":
			w.facts = append(w.facts, "title "+jsonv(v))
		case "enum":
			l, _ := v.([]any)
			w.facts = append(w.facts, "one of "+joinJSON(l))
		case "examples":
			l, _ := v.([]any)
			w.facts = append(w.facts, "examples "+joinJSON(l))
		case "const", "default", "format", "pattern":
			w.facts = append(w.facts, k+" "+jsonv(v))
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
			label := map[string]string{"minimum": "min", "maximum": "max", "exclusiveMinimum": "above", "exclusiveMaximum": "below", "multipleOf": "multiple of"}[k]
			w.facts = append(w.facts, label+" "+jsonv(v))
		case "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties":
			label := map[string]string{"minLength": "min length", "maxLength": "max length", "minItems": "min items", "maxItems": "max items", "minProperties": "min properties", "maxProperties": "max properties"}[k]
			w.facts = append(w.facts, label+" "+jsonv(v))
		case "uniqueItems":
			w.facts = append(w.facts, map[bool]string{true: "unique items", false: "items may repeat"}[v == true])
		case "deprecated":
			w.facts = append(w.facts, map[bool]string{true: "deprecated", false: "not deprecated"}[v == true])
		case "properties":
			for name, sub := range props {
				m, isMap := schemaOrBool(sub)
				if !isMap {
					return false
				}
				ok = expectSchema(out, child(path, nameLabel(name)), m, nil, false) && ok
			}
		case "required":
			l, _ := v.([]any)
			var requires []any
			for _, r := range l {
				name, _ := r.(string)
				switch {
				case props[name] != nil:
					cw := out[child(path, nameLabel(name))]
					if cw == nil {
						cw = &want{}
						out[child(path, nameLabel(name))] = cw
					}
					cw.facts = append(cw.facts, "required")
				case scope[name] || namesEnumHas(s, name):
					requires = append(requires, name)
				default:
					ok = false // names no property
				}
			}
			if len(requires) > 0 {
				w.facts = append(w.facts, "requires "+jsonv(requires))
			}
		case "items", "prefixItems", "additionalItems":
			// a tuple: each listed item is "item N"; the schema after it
			// "each other item", false after it the fact "no other items"
			_, hasPrefix := s["prefixItems"].([]any)
			_, isList := s["items"].([]any)
			tuple := hasPrefix || isList
			switch x := v.(type) {
			case []any:
				if k == "additionalItems" || len(x) == 0 || (k == "items" && hasPrefix) {
					return false
				}
				for i, it := range x {
					m, isMap := it.(map[string]any)
					if !isMap {
						return false
					}
					ok = expectSchema(out, child(path, fmt.Sprintf("item %d", i+1)), m, nil, false) && ok
				}
			case map[string]any:
				if k == "prefixItems" || (k == "additionalItems" && !isList) || (k == "items" && isList) {
					return false
				}
				label := "each item"
				if tuple {
					label = "each other item"
				}
				ok = expectSchema(out, child(path, label), x, nil, false) && ok
			case bool:
				if k == "prefixItems" || !tuple || (k == "additionalItems" && !isList) || (k == "items" && !hasPrefix) {
					return false
				}
				if !x {
					w.facts = append(w.facts, "no other items")
				}
			default:
				return false
			}
		case "additionalProperties":
			switch x := v.(type) {
			case bool:
				if x {
					out[child(path, "other properties")] = &want{facts: []string{"any"}}
				} else {
					w.facts = append(w.facts, "no other properties")
				}
			case map[string]any:
				ok = expectSchema(out, child(path, "other properties"), x, nil, false) && ok
			default:
				ok = false
			}
		case "propertyNames":
			m, isMap := v.(map[string]any)
			if !isMap {
				return false
			}
			ok = expectSchema(out, child(path, "property names"), m, nil, false) && ok
		case "oneOf", "anyOf", "allOf":
			l, _ := v.([]any)
			noun := map[string]string{"oneOf": "variant", "anyOf": "option", "allOf": "part"}[k]
			lead := map[string]string{"oneOf": "exactly one of %d %s", "anyOf": "at least one of %d %s", "allOf": "all of %d %s"}[k]
			counted := noun
			if len(l) != 1 {
				counted += "s"
			}
			w.facts = append(w.facts, fmt.Sprintf(lead, len(l), counted))
			for i, alt := range l {
				m, isMap := schemaOrBool(alt)
				if !isMap {
					return false
				}
				ok = expectSchema(out, child(path, fmt.Sprintf("%s %d", noun, i+1)), m, inner, false) && ok
			}
		default:
			more, known := expectMore(out, path, k, v, s, inner)
			if !known {
				// a keyword no draft defines: verbatim, as the writer wrote it
				w.facts = append(w.facts, "non-standard "+jsonv(k)+": "+jsonv(v))
			}
			ok = more && ok
		}
	}
	return ok
}
