package catalog_test

import (
	"fmt"
	"sort"
)

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
