package catalog_test

import (
	"fmt"
	"reflect"
	"strings"
)

// expandRefs is the reference model of a schema's references: every
// "$ref" to a JSON pointer inside the schema replaced by a copy of its
// target, with the annotations written beside it (a description beside it
// first, then the target's), and the definitions dropped. A reference to
// a schema being expanded (a tree) becomes a marker repeating it (with
// the annotations beside the reference), and that schema's copy is marked
// as the one repeated; expectSchema reads both. A reference it cannot
// expand stays, and expectSchema then refuses the schema.
func expandRefs(root map[string]any) map[string]any {
	type frame struct {
		src  map[string]any
		id   int
		used bool
	}
	var stack []*frame
	ids := 0
	push := func(src map[string]any) *frame {
		ids++
		f := &frame{src: src, id: ids}
		stack = append(stack, f)
		return f
	}
	pop := func(f *frame, out any) {
		stack = stack[:len(stack)-1]
		if m, isMap := out.(map[string]any); isMap && f.used {
			m[recursionAnchor] = f.id
		}
	}
	annotation := map[string]bool{"$ref": true, "description": true, "title": true, "default": true, "examples": true, "deprecated": true, "readOnly": true, "writeOnly": true, "$comment": true}
	var expand func(v any, depth int) any
	expand = func(v any, depth int) any {
		switch x := v.(type) {
		case []any:
			out := make([]any, len(x))
			for i, e := range x {
				out[i] = expand(e, depth)
			}
			return out
		case map[string]any:
			if ref, ok := x["$ref"].(string); ok && depth < 64 {
				var target any = root
				for _, tok := range strings.Split(strings.TrimPrefix(ref, "#"), "/")[1:] {
					tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
					m, _ := target.(map[string]any)
					target = m[tok]
				}
				tm, ok := target.(map[string]any)
				if !ok || !strings.HasPrefix(ref, "#") {
					return x
				}
				beside := false
				for k := range x {
					beside = beside || !annotation[k]
				}
				for i := len(stack) - 1; i >= 0; i-- {
					if reflect.ValueOf(stack[i].src).Pointer() != reflect.ValueOf(tm).Pointer() {
						continue
					}
					if beside {
						break // below: the rules apply beside a part that repeats
					}
					stack[i].used = true
					marker := map[string]any{recursionMarker: stack[i].id}
					for k, e := range x {
						if k != "$ref" {
							marker[k] = e
						}
					}
					return marker
				}
				merged := map[string]any{}
				for k, e := range tm {
					if k != "$defs" && k != "definitions" && k != "$schema" && k != "$id" {
						merged[k] = e
					}
				}
				if beside {
					// a rule of its own beside the reference: both
					// apply, the target as the first part of an allOf
					rest := map[string]any{}
					for k, e := range x {
						if k != "$ref" {
							rest[k] = e
						}
					}
					parts := []any{map[string]any{"$ref": ref}}
					if l, isList := x["allOf"].([]any); isList {
						parts = append(parts, l...)
					}
					rest["allOf"] = parts
					return expand(rest, depth)
				}
				for k, e := range x {
					switch {
					case k == "$ref":
					case k == "description" && tm["description"] != nil && tm["description"] != e:
						merged[k] = fmt.Sprint(e) + "\n\n" + fmt.Sprint(tm["description"])
					default:
						merged[k] = e
					}
				}
				f := push(tm)
				out := expand(merged, depth+1)
				pop(f, out)
				return out
			}
			f := push(x)
			out := map[string]any{}
			for k, e := range x {
				switch pm, isMap := e.(map[string]any); {
				case k == "$defs" || k == "definitions":
				case k == "const" || k == "default" || k == "enum" || k == "examples":
					out[k] = e // values, not schemas
				case k == "properties" && isMap:
					props := map[string]any{}
					for name, p := range pm {
						props[name] = expand(p, depth)
					}
					out[k] = props
				default:
					out[k] = expand(e, depth)
				}
			}
			pop(f, out)
			return out
		}
		return v
	}
	return expand(root, 0).(map[string]any)
}

// The members expandRefs marks a tree with: the copy a marker repeats,
// and the marker.
const (
	recursionAnchor = "\x00repeated"
	recursionMarker = "\x00repeats"
)

// dropPlaces removes the places expectSchema noted for markers, which are
// no nodes.
func dropPlaces(exp map[string]*want) {
	for k := range exp {
		if strings.HasPrefix(k, recursionAnchor) {
			delete(exp, k)
		}
	}
}

// recursionFact is the fact a marker repeating the schema at path (a
// reference-model path: "" for the arguments, returnsPath for the
// result) must render as.
func recursionFact(path string) string {
	chain := "arguments"
	switch rest, isResult := strings.CutPrefix(path, returnsPath); {
	case isResult:
		chain = "result" + strings.ReplaceAll(rest, "/", " > ")
	case path != "":
		chain += " > " + strings.ReplaceAll(path, "/", " > ")
	}
	return "recursive: same as " + jsonv(chain)
}
