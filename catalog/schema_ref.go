package catalog

import (
	"net/url"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// References. Real servers' schemas point at parts of themselves: pydantic
// puts nested models in "$defs" and refers to them ("#/$defs/Entity"),
// zod-to-json-schema refers to a schema it already wrote
// ("#/properties/a", "#/definitions/x"). The reader expands each reference
// in place, so the contract, and both renderings, hold the whole schema
// at every place it applies. A reference back to a schema being read (a
// tree) is expanded once, and where it recurs becomes a node repeating
// that schema's place (schema_recursive.go). What cannot be expanded is
// refused: a reference outside the document, one that resolves to
// nothing, and a schema whose expansion outgrows MaxSchemaNodes.

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

// frame is one schema object being read: the object (by identity), the
// number its expansion is known by, and whether a repetition refers to it.
type frame struct {
	src  uintptr
	id   int
	used bool
}

// loopNode is a repetition written while reading: the frame it repeats,
// where it was read and the reference it was read from.
type loopNode struct {
	frame     int
	path, ref string
}

func identity(m map[string]any) uintptr { return reflect.ValueOf(m).Pointer() }

// enter starts reading the schema object s.
func (r *schemaReader) enter(s map[string]any) int {
	r.ids++
	r.frames = append(r.frames, frame{src: identity(s), id: r.ids})
	return len(r.frames) - 1
}

// leave ends reading the frame at depth i, whose expansion is p; a
// repetition of it will point at p's place.
func (r *schemaReader) leave(i int, p *Param) {
	f := r.frames[i]
	r.frames = r.frames[:i]
	if !f.used || p == nil {
		return
	}
	if p.anchor == 0 {
		p.anchor = f.id
		return
	}
	if r.alias == nil {
		r.alias = map[int]int{}
	}
	r.alias[f.id] = p.anchor
}

// reference reads a schema holding "$ref": the target expanded in place
// (expandRef), or, when the target is a schema being read (a tree), a node
// repeating it.
func (r *schemaReader) reference(path, name string, s map[string]any, scope map[string]bool, root bool) Param {
	ref, target, ok := r.resolve(path, s)
	if !ok {
		return Param{Name: name, Type: "any"}
	}
	for i := len(r.frames) - 1; i >= 0; i-- {
		if r.frames[i].src == identity(target) {
			return r.repeat(path, name, s, scope, root, ref, i)
		}
	}
	merged, beside := expandRef(s, target, root)
	f := r.enter(target)
	p := r.read(path, name, merged, scope, root)
	switch {
	case beside && len(p.AllOf) > 0:
		r.leave(f, &p.AllOf[0]) // the target is the first part
	case beside:
		r.leave(f, nil)
	default:
		r.leave(f, &p)
	}
	return p
}

// repeat writes the node repeating the schema read at frames[i]: its own
// name and annotations, and the ancestor's place once known
// (resolveLoops). Rules written beside the reference apply alongside it,
// as with any reference (besideRef).
func (r *schemaReader) repeat(path, name string, s map[string]any, scope map[string]bool, root bool, ref string, i int) Param {
	for k := range s {
		if k != "$ref" && !refAnnotations[k] {
			return r.read(path, name, besideRef(s, map[string]any{"$ref": ref}), scope, root)
		}
	}
	r.frames[i].used = true
	r.loops = append(r.loops, loopNode{frame: r.frames[i].id, path: path, ref: ref})
	ann := make(map[string]any, len(s))
	for k, v := range s {
		if k != "$ref" {
			ann[k] = v
		}
	}
	p := r.keywords(path, name, ann, nil, false)
	p.Type = ""
	p.loop = len(r.loops)
	return p
}

// resolveLoops gives each repetition below root the place of the schema
// it repeats, and clears what reading kept.
func (r *schemaReader) resolveLoops(root *Param) {
	if len(r.loops) == 0 {
		return
	}
	places := map[int]string{}
	walkSchema(root, func(p *Param, v *schemaVisit) {
		if p.anchor != 0 {
			places[p.anchor] = v.pointers[len(v.pointers)-1]
		}
		if p.loop == 0 {
			return
		}
		l := r.loops[p.loop-1]
		id := l.frame
		for r.alias[id] != 0 {
			id = r.alias[id]
		}
		if place, ok := places[id]; ok {
			if i, _ := v.ancestor(place); i >= 0 {
				p.Ref = place
			}
		}
		if p.Ref == "" && r.count == 0 {
			r.add(l.path, "$ref", "%q refers back to a schema that contains it, and that schema has no place of its own in the contract to repeat", l.ref)
		}
	})
	walkSchema(root, func(p *Param, _ *schemaVisit) { p.anchor, p.loop = 0, 0 })
	r.loops, r.alias = nil, nil
}

// resolve finds the schema object s's reference points at.
func (r *schemaReader) resolve(path string, s map[string]any) (string, map[string]any, bool) {
	ref, isStr := s["$ref"].(string)
	switch {
	case !isStr:
		r.add(path, "$ref", "must be a string")
		return "", nil, false
	case !strings.HasPrefix(ref, "#"):
		r.add(path, "$ref", "%q points outside this schema; only references inside it (\"#/...\") are supported", ref)
		return "", nil, false
	}
	target, ok := r.pointer(ref)
	if !ok {
		r.add(path, "$ref", "%q does not resolve to a schema object in this document", ref)
		return "", nil, false
	}
	return ref, target, true
}

// expandRef returns the schema to read in place of s, whose reference
// resolves to target: the target with the annotations written beside
// "$ref" replacing the target's (a blank description keeps the
// target's), or, when s has rules of
// its own, s with the target as its first part (beside is true).
func expandRef(s, target map[string]any, root bool) (map[string]any, bool) {
	merged := make(map[string]any, len(target)+len(s))
	for k, v := range target {
		if !rootOnly[k] { // a definition's own $schema or $defs stay with it
			merged[k] = v
		}
	}
	for k := range s {
		if k != "$ref" && !refAnnotations[k] && !(rootOnly[k] && root) {
			return besideRef(s, merged), true
		}
	}
	for k, v := range s {
		switch {
		case k == "$ref":
		case rootOnly[k] && root:
			merged[k] = v
		case k == "description":
			// the place's own description wins (annotations beside "$ref"
			// describe the place); the target's would describe another
			// parameter, so only a blank one gives way to it
			d, isStr := v.(string)
			if td, _ := target["description"].(string); isStr && strings.TrimSpace(d) == "" && strings.TrimSpace(td) != "" {
				v = td
			}
			merged[k] = v
		default:
			merged[k] = v
		}
	}
	return merged, false
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
	return schemaValue(cur)
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
		if _, ok := schemaValue(defs[name]); !ok {
			r.add(path+"."+k+"."+name, "", "must be a schema object or a boolean")
		}
	}
}
