package catalog

import (
	"regexp"
	"strings"
)

// Names a "required" may name. The applicators (allOf, anyOf, oneOf, if,
// then, else, not, dependentSchemas) apply to the very instance of the
// object they sit in, so a "required" in any of them may name a property
// any part of that object defines, its own "properties", a part's (through
// references and nested parts), or one a "patternProperties" pattern of
// the object matches (the Runpod server's create tools, for one, require
// "image" in a part beside the reference that defines it). A name nothing
// defines stays refused. A scope holds the names, and each pattern under
// patternKey.

// patternKey prefixes a scope entry that is a pattern of property names,
// not a name: JSON Schema names cannot hold the NUL it starts with in
// any schema the console accepts a "required" for.
const patternKey = "\x00pattern:"

// inScope reports whether scope defines name, as a name or by a pattern.
func inScope(scope map[string]bool, name string) bool {
	if scope[name] {
		return true
	}
	for k := range scope {
		if pat, ok := strings.CutPrefix(k, patternKey); ok && matchesName(pat, name) {
			return true
		}
	}
	return false
}

// matchesName reports whether a property-name pattern matches name; a
// pattern Go cannot compile defines no name here.
func matchesName(pat, name string) bool {
	re, err := regexp.Compile(pat)
	return err == nil && re.MatchString(name)
}

// partNames adds to scope what the schema object s defines for its own
// instance: its properties, its patterns, and what its parts and the
// schema its "$ref" points at define. seen holds the objects walked.
func (r *schemaReader) partNames(s map[string]any, scope map[string]bool, seen map[uintptr]bool) {
	if s == nil || seen[identity(s)] {
		return
	}
	seen[identity(s)] = true
	if props, ok := s["properties"].(map[string]any); ok {
		for k := range props {
			scope[k] = true
		}
	}
	if pats, ok := s["patternProperties"].(map[string]any); ok {
		for k := range pats {
			scope[patternKey+k] = true
		}
	}
	if ref, ok := s["$ref"].(string); ok && strings.HasPrefix(ref, "#") {
		if target, ok := r.pointer(ref); ok {
			r.partNames(target, scope, seen)
		}
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		l, _ := s[k].([]any)
		for _, x := range l {
			m, _ := x.(map[string]any)
			r.partNames(m, scope, seen)
		}
	}
	for _, k := range []string{"if", "then", "else", "not"} {
		m, _ := s[k].(map[string]any)
		r.partNames(m, scope, seen)
	}
	for _, k := range []string{"dependentSchemas", "dependencies"} {
		deps, _ := s[k].(map[string]any)
		for _, x := range deps {
			m, _ := x.(map[string]any) // a list in "dependencies" defines nothing
			r.partNames(m, scope, seen)
		}
	}
}

// paramNames adds to scope what a read schema defines for its own
// instance: its properties, its patterns, and its parts'.
func paramNames(p Param, scope map[string]bool) {
	for _, q := range p.Properties {
		scope[q.Name] = true
	}
	for _, q := range p.PatternProperties {
		scope[patternKey+q.Name] = true
	}
	for _, parts := range [][]Param{p.AllOf, p.AnyOf, p.OneOf, p.DependentSchemas} {
		for _, q := range parts {
			paramNames(q, scope)
		}
	}
	for _, q := range []*Param{p.If, p.Then, p.Else, p.Not} {
		if q != nil {
			paramNames(*q, scope)
		}
	}
}
