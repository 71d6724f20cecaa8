package catalog_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
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

// expectMore is the reference model of the keywords of drafts 07 and
// 2020-12 beyond the core ones: known is false for a keyword no draft
// defines.
func expectMore(out map[string]*want, path, k string, v any, s map[string]any, inner map[string]bool) (ok, known bool) {
	w := out[path]
	sub := func(label string, v any, scope map[string]bool) bool {
		m, isMap := schemaOrBool(v)
		return isMap && expectSchema(out, child(path, label), m, scope, false)
	}
	// dependent schemas are numbered over "dependencies" (its schema
	// values) then "dependentSchemas", each in name order
	dependents := func() []string {
		var names []string
		for _, key := range []string{"dependencies", "dependentSchemas"} {
			m, _ := s[key].(map[string]any)
			var ns []string
			for n, x := range m {
				if _, isMap := x.(map[string]any); isMap {
					ns = append(ns, key+"\x00"+n)
				}
			}
			sort.Strings(ns)
			names = append(names, ns...)
		}
		return names
	}
	switch k {
	case "contains":
		return sub("contained item", v, nil), true
	case "minContains", "maxContains":
		w.facts = append(w.facts, map[string]string{"minContains": "min contains ", "maxContains": "max contains "}[k]+jsonv(v))
	case "patternProperties":
		m, isMap := v.(map[string]any)
		if !isMap {
			return false, true
		}
		pats := make([]string, 0, len(m))
		for p := range m {
			pats = append(pats, p)
		}
		sort.Strings(pats)
		ok = true
		for i, p := range pats {
			label := fmt.Sprintf("pattern property %d", i+1)
			ok = sub(label, m[p], nil) && ok
			if cw := out[child(path, label)]; cw != nil {
				cw.facts = append(cw.facts, "names match "+jsonv(p))
			}
		}
		return ok, true
	case "dependentRequired", "dependentSchemas", "dependencies":
		m, isMap := v.(map[string]any)
		if !isMap {
			return false, true
		}
		ok = true
		all := dependents()
		for name, x := range m {
			switch d := x.(type) {
			case []any:
				if k == "dependentSchemas" {
					return false, true
				}
				w.facts = append(w.facts, "when "+jsonv(name)+" is present requires "+jsonv(d))
			case map[string]any:
				if k == "dependentRequired" {
					return false, true
				}
				for i, n := range all {
					if n == k+"\x00"+name {
						label := fmt.Sprintf("dependent schema %d", i+1)
						ok = sub(label, d, inner) && ok
						out[child(path, label)].facts = append(out[child(path, label)].facts, "when "+jsonv(name)+" is present")
					}
				}
			default:
				return false, true
			}
		}
		return ok, true
	case "if", "then", "else", "not":
		label := map[string]string{"if": "if clause", "then": "then clause", "else": "else clause", "not": "must not match"}[k]
		return sub(label, v, inner), true
	case "unevaluatedProperties", "unevaluatedItems":
		label := map[string]string{"unevaluatedProperties": "unevaluated properties", "unevaluatedItems": "unevaluated items"}[k]
		switch x := v.(type) {
		case bool:
			if x {
				out[child(path, label)] = &want{facts: []string{"any"}}
			} else {
				w.facts = append(w.facts, "no "+label)
			}
			return true, true
		}
		return sub(label, v, nil), true
	case "readOnly":
		w.facts = append(w.facts, map[bool]string{true: "read-only", false: "not read-only"}[v == true])
	case "writeOnly":
		w.facts = append(w.facts, map[bool]string{true: "write-only", false: "not write-only"}[v == true])
	case "contentMediaType":
		w.facts = append(w.facts, "content media type "+jsonv(v))
	case "contentEncoding":
		w.facts = append(w.facts, "content encoding "+jsonv(v))
	case "contentSchema":
		return sub("content schema", v, nil), true
	case "$anchor", "$dynamicAnchor", "$recursiveAnchor", "$vocabulary":
		// names and the vocabulary: no rule on values, never rendered
	case "$dynamicRef", "$recursiveRef":
		return false, true
	default:
		return true, false
	}
	return true, true
}

// checkAccounted asserts that every expectation of schema holds in both
// renderings of c.
func checkAccounted(t *testing.T, c catalog.Contract, schema map[string]any) {
	t.Helper()
	exp := map[string]*want{}
	schema = expandRefs(schema)
	if !expectSchema(exp, "", schema, nil, true) {
		t.Errorf("%s: imported although the reference model refuses its schema", c.ID)
		return
	}
	dropPlaces(exp)
	// the argument object's header line has no facts of its own unless the
	// root schema has rules beyond its properties
	rootEmpty := len(exp[""].facts) == 0 && exp[""].text == nil
	for form, text := range map[string]string{"full": catalog.RenderFull(c), "compact": catalog.RenderCompact(c)} {
		rc, err := readRendering(form, text)
		if err != nil {
			t.Errorf("%s %s: unreadable rendering: %v\n%s", c.ID, form, err, text)
			continue
		}
		for path, w := range exp {
			n := rc.nodes[path]
			if n == nil && path == "" && rootEmpty {
				continue
			}
			if n == nil {
				t.Errorf("%s %s: no node %q in\n%s", c.ID, form, path, text)
				continue
			}
			for _, f := range w.facts {
				if !contains(n.facts, f) {
					t.Errorf("%s %s: %q lacks fact %q (has %q)", c.ID, form, path, f, n.facts)
				}
			}
			if w.text != nil && n.text != *w.text {
				t.Errorf("%s %s: %q reads back as %q, want %q", c.ID, form, path, n.text, *w.text)
			}
		}
		for path := range rc.nodes {
			if exp[path] == nil && path != returnsPath && !strings.HasPrefix(path, returnsPath+"/") {
				t.Errorf("%s %s: node %q has no source", c.ID, form, path)
			}
		}
		if rc.purpose != normText(c.Purpose) {
			t.Errorf("%s %s: purpose reads back as %q", c.ID, form, rc.purpose)
		}
	}
}

// checkOutputAccounted asserts that every keyword of an output schema is
// in both renderings of c, under the result object (returnsPath), and that
// no result node lacks a source.
func checkOutputAccounted(t *testing.T, c catalog.Contract, schema map[string]any) {
	t.Helper()
	exp := map[string]*want{}
	schema = expandRefs(schema)
	if !expectSchema(exp, returnsPath, schema, nil, true) {
		t.Errorf("%s: imported although the reference model refuses its output schema", c.ID)
		return
	}
	dropPlaces(exp)
	for form, rc := range readBoth(t, c) {
		for path, w := range exp {
			n := rc.nodes[path]
			if n == nil {
				t.Errorf("%s %s: no result node %q (have %q)", c.ID, form, path, rc.order)
				continue
			}
			for _, f := range w.facts {
				if !contains(n.facts, f) {
					t.Errorf("%s %s: %q lacks fact %q (has %q)", c.ID, form, path, f, n.facts)
				}
			}
			if w.text != nil && n.text != *w.text {
				t.Errorf("%s %s: %q reads back as %q, want %q", c.ID, form, path, n.text, *w.text)
			}
		}
		for path := range rc.nodes {
			if (path == returnsPath || strings.HasPrefix(path, returnsPath+"/")) && exp[path] == nil {
				t.Errorf("%s %s: result node %q has no source", c.ID, form, path)
			}
		}
	}
}

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

// namesEnumHas reports whether s's propertyNames lists name in its enum.
func namesEnumHas(s map[string]any, name string) bool {
	pn, _ := s["propertyNames"].(map[string]any)
	l, _ := pn["enum"].([]any)
	for _, v := range l {
		if v == name {
			return true
		}
	}
	return false
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// TestGitHubFixtureAccountsForEveryKeyword: every keyword and value of every
// schema of the 117-tool fixture is in both renderings, or the tool is
// refused.
func TestGitHubFixtureAccountsForEveryKeyword(t *testing.T) {
	_, tools := readToolsFile(t, catalogtest.FixturePath())
	imported, refused := 0, 0
	for _, tool := range tools {
		one, _ := json.Marshal(map[string]any{"tools": []any{tool}})
		cs, ps := catalog.Parse(catalog.FormatMCP, one, "github")
		if len(ps) > 0 {
			refused++
			for _, p := range ps {
				if p.Tool == "" || p.Field == "" {
					t.Errorf("problem without tool and path: %v", p)
				}
			}
			continue
		}
		imported++
		schema, _ := tool["inputSchema"].(map[string]any)
		checkAccounted(t, cs[0], schema)
	}
	t.Logf("GitHub fixture: %d tools import with every keyword accounted for, %d refused", imported, refused)
	if imported+refused != 117 {
		t.Fatalf("saw %d tools, want 117", imported+refused)
	}
}
