package args

import (
	"sort"
	"strconv"
)

// undeclaredMessage words a member the reviewed schema does not declare.
const undeclaredMessage = "is not declared by the reviewed schema"

// opens lists the keywords by which a schema level lets in, or composes,
// members beyond its own properties: where one is present, which members
// the level declares is the validator's to say.
var opens = []string{
	"additionalProperties", "patternProperties", "unevaluatedProperties",
	"$ref", "$dynamicRef", "allOf", "anyOf", "oneOf",
	"dependentSchemas", "if", "then", "else",
}

// level is one level of a reviewed schema as undeclared reads it,
// computed once per digest (levelOf) rather than on every call: the
// members it declares (a nil level: declared but not shaped, not walked),
// whether it is closed (it declares properties and has none of the
// keywords in opens), and its array items (items, prefixItems).
type level struct {
	props  map[string]*level
	closed bool
	items  *level
	prefix []*level
}

// levelOf is schema s as levels (nil for no schema).
func levelOf(s map[string]any) *level {
	if s == nil {
		return nil
	}
	lv := &level{}
	if props, ok := s["properties"].(map[string]any); ok {
		lv.props, lv.closed = make(map[string]*level, len(props)), true
		for k, p := range props {
			if p == nil {
				continue // a null schema declares nothing
			}
			sub, _ := p.(map[string]any)
			lv.props[k] = levelOf(sub)
		}
	}
	for _, k := range opens {
		if _, ok := s[k]; ok {
			lv.closed = false
		}
	}
	if items, ok := s["items"].(map[string]any); ok {
		lv.items = levelOf(items)
	}
	if prefix, ok := s["prefixItems"].([]any); ok {
		for _, p := range prefix {
			sub, _ := p.(map[string]any)
			lv.prefix = append(lv.prefix, levelOf(sub))
		}
	}
	return lv
}

// undeclared lists the members of v the reviewed schema (as levels, lv)
// never declared: in an object whose level is closed, each member it
// does not declare is a problem at its pointer (the reviewer never saw
// it; a server may honour it). It recurses into declared members and
// array items (items, prefixItems), with at most MaxProblems problems. v
// is a decoded JSON value.
func undeclared(lv *level, v any) []Problem {
	var out []Problem
	var walk func(lv *level, v any, at string)
	walk = func(lv *level, v any, at string) {
		if lv == nil || len(out) >= MaxProblems {
			return
		}
		switch v := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				sub, declared := lv.props[k]
				switch {
				case sub != nil:
					walk(sub, v[k], at+pointer([]string{k}))
				case lv.closed && !declared:
					if len(out) < MaxProblems {
						out = append(out, Problem{Pointer: at + pointer([]string{k}), Message: undeclaredMessage})
					}
				}
			}
		case []any:
			for i, e := range v {
				sub := lv.items
				if i < len(lv.prefix) {
					sub = lv.prefix[i]
				}
				walk(sub, e, at+pointer([]string{strconv.Itoa(i)}))
			}
		}
	}
	walk(lv, v, "")
	return out
}
