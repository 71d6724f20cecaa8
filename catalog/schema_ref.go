package catalog

import (
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// References. Real servers' schemas point at parts of themselves: pydantic
// puts nested models in "$defs" and refers to them ("#/$defs/Entity"),
// zod-to-json-schema refers to a schema it already wrote
// ("#/properties/a", "#/definitions/x"). The reader expands each reference
// in place, so the contract, and both renderings, hold the whole schema
// at every place it applies. What cannot be expanded whole is refused:
// a reference outside the document, one that resolves to nothing, one
// that refers back to itself (a recursive schema has no finite
// rendering), and a schema whose expansion outgrows MaxSchemaNodes.

// MaxSchemaNodes bounds the schema nodes one tool's schema may expand to;
// a contract within MaxContractBytes holds far fewer, and the bound stops
// a document whose references multiply before any ceiling is measured.
const MaxSchemaNodes = 4096

// refAnnotations are the keywords accepted beside "$ref": they describe
// the place the reference is used and never change what it accepts.
var refAnnotations = map[string]bool{"description": true, "title": true, "default": true, "examples": true, "deprecated": true, "readOnly": true, "writeOnly": true, "$comment": true}

// besideRef is a schema whose "$ref" sits beside rules of its own (a
// type, bounds, properties): since draft 2019-09 the reference applies
// alongside them, so the schema reads as its own keywords with the
// target as the first part of an allOf (renders "part 1"), before any
// parts the schema lists itself.
func besideRef(s, target map[string]any) map[string]any {
	out := make(map[string]any, len(s))
	for k, v := range s {
		if k != "$ref" {
			out[k] = v
		}
	}
	parts := []any{target}
	switch l, ok := s["allOf"].([]any); {
	case ok:
		out["allOf"] = append(parts, l...)
	case s["allOf"] == nil:
		out["allOf"] = parts
	} // an allOf that is no list stays, and is refused as one
	return out
}

// rootOnly are keywords the reader accepts at the root of a schema only:
// the dialect, the schema's own URI and the definitions references point
// into (never rendered themselves: a definition no reference uses
// constrains nothing, and references resolve inside the document only).
var rootOnly = map[string]bool{"$schema": true, "$id": true, "$defs": true, "definitions": true}

// deref resolves the reference of s and returns the schema to read in its
// place: the target with the annotations written beside "$ref" (a
// description beside it comes first and keeps the target's after it; the
// others replace the target's). ok is false when a problem was reported.
func (r *schemaReader) deref(path string, s map[string]any, root bool) (map[string]any, string, bool) {
	ref, isStr := s["$ref"].(string)
	switch {
	case !isStr:
		r.add(path, "$ref", "must be a string")
		return nil, "", false
	case !strings.HasPrefix(ref, "#"):
		r.add(path, "$ref", "%q points outside this schema; only references inside it (\"#/...\") are supported", ref)
		return nil, "", false
	}
	for _, seen := range r.refs {
		if seen == ref {
			r.add(path, "$ref", "%q refers back to a schema that contains it; a recursive schema cannot be rendered in full", ref)
			return nil, "", false
		}
	}
	target, ok := r.pointer(ref)
	if !ok {
		r.add(path, "$ref", "%q does not resolve to a schema object in this document", ref)
		return nil, "", false
	}
	merged := make(map[string]any, len(target)+len(s))
	for k, v := range target {
		if !rootOnly[k] { // a definition's own $schema or $defs stay with it
			merged[k] = v
		}
	}
	for k := range s {
		if k != "$ref" && !refAnnotations[k] && !(rootOnly[k] && root) {
			return besideRef(s, merged), ref, true
		}
	}
	for k, v := range s {
		switch {
		case k == "$ref":
		case rootOnly[k] && root:
			merged[k] = v
		case k == "description":
			d, isStr := v.(string)
			td, _ := target["description"].(string)
			switch {
			case !isStr || strings.TrimSpace(td) == "" || td == d:
			case strings.TrimSpace(d) == "":
				v = td
			default:
				v = d + "\n\n" + td
			}
			merged[k] = v
		default:
			merged[k] = v
		}
	}
	return merged, ref, true
}

// pointer resolves a JSON Pointer fragment ("#", "#/$defs/A", with ~0,
// ~1 and percent escapes) against the schema's root.
func (r *schemaReader) pointer(ref string) (map[string]any, bool) {
	frag, err := url.PathUnescape(strings.TrimPrefix(ref, "#"))
	if err != nil || (frag != "" && !strings.HasPrefix(frag, "/")) {
		return nil, false
	}
	var cur any = r.root
	if frag != "" {
		for _, tok := range strings.Split(frag[1:], "/") {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			switch x := cur.(type) {
			case map[string]any:
				cur = x[tok]
			case []any:
				i, err := strconv.Atoi(tok)
				if err != nil || i < 0 || i >= len(x) {
					return nil, false
				}
				cur = x[i]
			default:
				return nil, false
			}
		}
	}
	m, ok := cur.(map[string]any)
	return m, ok
}

// definitions checks "$defs" or "definitions": an object of schema
// objects. They are read where a reference uses them.
func (r *schemaReader) definitions(path, k string, v any) {
	defs, ok := v.(map[string]any)
	if !ok {
		r.add(path, k, "must be an object of schemas")
		return
	}
	names := make([]string, 0, len(defs))
	for name := range defs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if _, ok := defs[name].(map[string]any); !ok {
			r.add(path+"."+k+"."+name, "", "must be a schema object")
		}
	}
}
