package catalog

import (
	"fmt"
	"regexp"
)

// more checks the keywords of schema_more.go: each applies to its type,
// counts are ordered, patterns compile, and every schema below is checked
// like any other.
func (c *checker) more(path string, p Param, types []string, scope map[string]bool) {
	if types != nil {
		need := func(set bool, keyword, kind string, ts ...string) {
			if set && !has(types, ts...) {
				c.add(path, keyword, "applies only to %s, but the type is %s", kind, p.Type)
			}
		}
		need(p.Contains != nil, "contains", "arrays", "array")
		need(p.MinContains != nil, "minContains", "arrays", "array")
		need(p.MaxContains != nil, "maxContains", "arrays", "array")
		need(p.UnevaluatedItems != nil || p.NoUnevaluatedItems, "unevaluatedItems", "arrays", "array")
		need(len(p.PatternProperties) > 0, "patternProperties", "objects", "object")
		need(len(p.DependentRequired) > 0, "dependentRequired", "objects", "object")
		need(len(p.DependentSchemas) > 0, "dependentSchemas", "objects", "object")
		need(p.UnevaluatedProperties != nil || p.NoUnevaluatedProperties, "unevaluatedProperties", "objects", "object")
		need(p.ContentMediaType != "", "contentMediaType", "strings", "string")
		need(p.ContentEncoding != "", "contentEncoding", "strings", "string")
		need(p.ContentSchema != nil, "contentSchema", "strings", "string")
	}
	switch {
	case (p.MinContains != nil || p.MaxContains != nil) && p.Contains == nil:
		c.add(path, "minContains", "and maxContains count the items that match contains, which is missing")
	case p.MinContains != nil && p.MaxContains != nil && *p.MinContains > *p.MaxContains:
		c.add(path, "minContains", "%d is above %s %d", *p.MinContains, c.key("maxContains"), *p.MaxContains)
	case p.MinContains != nil && p.MaxItems != nil && *p.MinContains > *p.MaxItems:
		c.add(path, "minContains", "%d is above %s %d", *p.MinContains, c.key("maxItems"), *p.MaxItems)
	}
	if (p.Then != nil || p.Else != nil) && p.If == nil {
		c.add(path, "then", "and else apply only beside if, which is missing")
	}
	if p.UnevaluatedProperties != nil && p.NoUnevaluatedProperties {
		c.add(path, "unevaluatedProperties", "cannot both forbid unevaluated properties and give them a schema")
	}
	if p.UnevaluatedItems != nil && p.NoUnevaluatedItems {
		c.add(path, "unevaluatedItems", "cannot both forbid unevaluated items and give them a schema")
	}
	if p.ContentSchema != nil && p.ContentMediaType == "" {
		c.add(path, "contentSchema", "describes the document a string holds, and needs the contentMediaType that says what it is")
	}
	for i, d := range p.DependentRequired {
		seen := map[string]bool{}
		for _, r := range d.Requires {
			if seen[r] {
				c.add(fmt.Sprintf("%s.%s[%d]", path, c.key("dependentRequired"), i), "", "names %q twice", r)
			}
			seen[r] = true
		}
	}
	for i, q := range p.PatternProperties {
		at := fmt.Sprintf("%s.%s[%d]", path, c.key("patternProperties"), i)
		if _, err := regexp.Compile(q.Name); err != nil {
			if err := validPattern(q.Name); err != nil {
				c.add(at, "", "pattern %q is not a regular expression (ECMAScript, as JSON Schema reads a pattern): %v", q.Name, err)
			}
		}
		c.param(at, q, false, nil)
	}
	one := func(q *Param, k string, scope map[string]bool) {
		if q != nil {
			c.param(path+"."+c.key(k), *q, false, scope)
		}
	}
	one(p.Contains, "contains", nil)
	one(p.UnevaluatedProperties, "unevaluatedProperties", nil)
	one(p.UnevaluatedItems, "unevaluatedItems", nil)
	one(p.ContentSchema, "contentSchema", nil)
	inner := map[string]bool{}
	for k := range scope {
		inner[k] = true
	}
	for _, q := range p.Properties {
		inner[q.Name] = true
	}
	for i, q := range p.DependentSchemas {
		c.param(fmt.Sprintf("%s.%s[%d]", path, c.key("dependentSchemas"), i), q, false, inner)
	}
	one(p.If, "if", inner)
	one(p.Then, "then", inner)
	one(p.Else, "else", inner)
	one(p.Not, "not", inner)
}

// tuple checks the rules a tuple's length follows: closed items need the
// tuple they close and leave no room for a schema of further items, and
// an item count outside what the tuple allows is a contradiction.
func (c *checker) tuple(path string, p Param) {
	switch {
	case p.ClosedItems && len(p.PrefixItems) == 0:
		c.add(path, "items", "false needs the tuple (prefixItems) it closes")
	case p.ClosedItems && p.Items != nil:
		c.add(path, "items", "cannot both forbid items after the tuple and give them a schema")
	case p.ClosedItems && p.MinItems != nil && *p.MinItems > len(p.PrefixItems):
		c.add(path, "minItems", "%d is above the %d items the closed tuple allows", *p.MinItems, len(p.PrefixItems))
	}
}

// propertyNames checks the schema of property names, which are strings.
func (c *checker) propertyNames(path string, p Param) {
	if p.Type != "string" && p.Type != "any" && p.Type != "" {
		c.add(path, "type", "property names are strings, so their schema's type must be \"string\", got %q", p.Type)
	}
	c.param(path, p, false, nil)
}
