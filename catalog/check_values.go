package catalog

import (
	"math"
	"regexp"
	"unicode/utf8"
)

// values checks enum, const, default and examples against the type and
// against each other.
func (c *checker) values(path string, p Param, types []string) {
	seen := map[string]bool{}
	for _, v := range p.Enum {
		if !matchesType(types, v) {
			c.add(path, "enum", "value %s is not of type %s", jsonValue(v), p.Type)
		}
		if seen[jsonValue(v)] {
			c.add(path, "enum", "lists %s twice", jsonValue(v))
		}
		seen[jsonValue(v)] = true
	}
	inEnum := func(v any) bool { return len(p.Enum) == 0 || seen[jsonValue(v)] }
	if p.Const != nil {
		if !matchesType(types, p.Const) {
			c.add(path, "const", "%s is not of type %s", jsonValue(p.Const), p.Type)
		} else if !inEnum(p.Const) {
			c.add(path, "const", "%s is not one of the enum values", jsonValue(p.Const))
		}
	}
	if p.ConstNull {
		switch {
		case p.Const != nil:
			c.add(path, "const", "is both null and %s", jsonValue(p.Const))
		case !matchesType(types, nil):
			c.add(path, "const", "null is not of type %s", p.Type)
		case !inEnum(nil):
			c.add(path, "const", "null is not one of the enum values")
		case p.Default != nil:
			c.add(path, "default", "%s differs from const null", jsonValue(p.Default))
		}
	}
	for i, v := range p.Examples {
		if !matchesType(types, v) || !inEnum(v) || (p.Const != nil && jsonValue(v) != jsonValue(p.Const)) {
			c.add(path, "examples", "example %d (%s) is not an allowed value", i+1, jsonValue(v))
		}
	}
	if p.DefaultNull {
		switch {
		case p.Default != nil:
			c.add(path, "default", "is both null and %s", jsonValue(p.Default))
		case !matchesType(types, nil):
			c.add(path, "default", "null is not of type %s", p.Type)
		case !inEnum(nil):
			c.add(path, "default", "null is not one of the enum values")
		case p.Const != nil:
			c.add(path, "default", "null differs from const %s", jsonValue(p.Const))
		}
	}
	if p.Default == nil {
		return
	}
	d := p.Default
	switch {
	case !matchesType(types, d):
		c.add(path, "default", "%s is not of type %s", jsonValue(d), p.Type)
	case !inEnum(d):
		c.add(path, "default", "%s is not one of the enum values", jsonValue(d))
	case p.Const != nil && jsonValue(d) != jsonValue(p.Const):
		c.add(path, "default", "%s differs from const %s", jsonValue(d), jsonValue(p.Const))
	}
	if f, ok := d.(float64); ok {
		if (p.Minimum != nil && f < *p.Minimum) || (p.ExclusiveMinimum != nil && f <= *p.ExclusiveMinimum) {
			c.add(path, "default", "%s is below the minimum", jsonValue(d))
		}
		if (p.Maximum != nil && f > *p.Maximum) || (p.ExclusiveMaximum != nil && f >= *p.ExclusiveMaximum) {
			c.add(path, "default", "%s is above the maximum", jsonValue(d))
		}
		if p.MultipleOf != nil && *p.MultipleOf > 0 && math.Mod(f, *p.MultipleOf) != 0 {
			c.add(path, "default", "%s is not a multiple of %s", jsonValue(d), jsonValue(*p.MultipleOf))
		}
	}
	if s, ok := d.(string); ok {
		n := utf8.RuneCountInString(s)
		if (p.MinLength != nil && n < *p.MinLength) || (p.MaxLength != nil && n > *p.MaxLength) {
			c.add(path, "default", "%s breaks the length bounds", jsonValue(d))
		}
		if re, err := regexp.Compile(p.Pattern); err == nil && p.Pattern != "" && !re.MatchString(s) {
			c.add(path, "default", "%s does not match the pattern", jsonValue(d))
		}
	}
	if l, ok := d.([]any); ok {
		if (p.MinItems != nil && len(l) < *p.MinItems) || (p.MaxItems != nil && len(l) > *p.MaxItems) {
			c.add(path, "default", "%s breaks the item count bounds", jsonValue(d))
		}
	}
}

// matchesType reports whether v is a JSON value of one of the types (any
// value when types is nil).
func matchesType(types []string, v any) bool {
	if types == nil {
		return true
	}
	for _, t := range types {
		switch x := v.(type) {
		case string:
			if t == "string" {
				return true
			}
		case float64:
			if t == "number" || (t == "integer" && x == math.Trunc(x)) {
				return true
			}
		case bool:
			if t == "boolean" {
				return true
			}
		case nil:
			if t == "null" {
				return true
			}
		case map[string]any:
			if t == "object" {
				return true
			}
		case []any:
			if t == "array" {
				return true
			}
		}
	}
	return false
}
