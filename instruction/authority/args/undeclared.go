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

// undeclared lists the members of v the reviewed schema s never declared:
// in an object whose schema declares properties and has none of the
// keywords in opens, each other member is a problem at its pointer (the
// reviewer never saw it; a server may honour it). It recurses into
// declared members and array items (items, prefixItems), with at most
// MaxProblems problems. v is a decoded JSON value.
func undeclared(s map[string]any, v any) []Problem {
	var out []Problem
	var walk func(s map[string]any, v any, at string)
	walk = func(s map[string]any, v any, at string) {
		if s == nil || len(out) >= MaxProblems {
			return
		}
		switch v := v.(type) {
		case map[string]any:
			props, declares := s["properties"].(map[string]any)
			closed := declares
			for _, k := range opens {
				if _, ok := s[k]; ok {
					closed = false
				}
			}
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				sub, ok := props[k].(map[string]any)
				switch {
				case ok:
					walk(sub, v[k], at+pointer([]string{k}))
				case closed && props[k] == nil:
					if len(out) < MaxProblems {
						out = append(out, Problem{Pointer: at + pointer([]string{k}), Message: undeclaredMessage})
					}
				}
			}
		case []any:
			prefix, _ := s["prefixItems"].([]any)
			items, _ := s["items"].(map[string]any)
			for i, e := range v {
				sub := items
				if i < len(prefix) {
					sub, _ = prefix[i].(map[string]any)
				}
				walk(sub, e, at+pointer([]string{strconv.Itoa(i)}))
			}
		}
	}
	walk(s, v, "")
	return out
}
