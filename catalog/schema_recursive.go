package catalog

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// Recursive schemas. A tree (projects holding projects, a flex box holding
// flex boxes) is a schema that contains itself: zod and pydantic write it
// as a "$ref" back to a definition or a place being read. The reader
// expands every reference once; where one refers back to a schema that
// contains it, it writes a node whose Ref is that schema's place in the
// contract's own JSON Schema (args.Schema lays the contract out), as a
// JSON pointer ("#/properties/projects/items/allOf/0"). The contract
// stays finite and self-contained and its recursion exact: the node
// accepts what its ancestor accepts, at every depth. Both forms render it
// as "recursive: same as" the ancestor's place, named by the labels the
// reader sees on the way there.

// A Ref is only ever an ancestor's place, and a property or an item lies
// between the two: a schema repeating itself for the same value would
// never finish checking it.

// schemaStep is one schema below another, as the contract's JSON Schema
// lays it out (args.Schema writes each Param field back as its keyword).
type schemaStep struct {
	p *Param
	// keyword is the JSON-Schema keyword holding the child; token the
	// member or index below it ("" for a keyword holding one schema).
	keyword, token string
	// index numbers the children of a keyword that holds several.
	index int
	// label is the child's label in both renderings.
	label string
	// descends is true when the child applies to a part of the value (a
	// property, an item, a property name) rather than to the value itself.
	descends bool
}

// schemaSteps lists the schemas directly below p.
func schemaSteps(p *Param) []schemaStep {
	var out []schemaStep
	one := func(q *Param, keyword, label string, descends bool) {
		if q != nil {
			out = append(out, schemaStep{p: q, keyword: keyword, label: label, descends: descends})
		}
	}
	list := func(qs []Param, keyword, noun string, named, descends bool) {
		for i := range qs {
			s := schemaStep{p: &qs[i], keyword: keyword, token: strconv.Itoa(i), index: i, label: fmt.Sprintf("%s %d", noun, i+1), descends: descends}
			if named {
				s.token = qs[i].Name
			}
			out = append(out, s)
		}
	}
	for i := range p.Properties {
		out = append(out, schemaStep{p: &p.Properties[i], keyword: "properties", token: p.Properties[i].Name, index: i, label: propertyLabel(p.Properties[i].Name), descends: true})
	}
	list(p.PrefixItems, "prefixItems", "item", false, true)
	label := "each item"
	if len(p.PrefixItems) > 0 {
		label = "each other item"
	}
	one(p.Items, "items", label, true)
	one(p.Additional, "additionalProperties", "other properties", true)
	one(p.PropertyNames, "propertyNames", "property names", true)
	list(p.AllOf, "allOf", "part", false, false)
	list(p.OneOf, "oneOf", "variant", false, false)
	list(p.AnyOf, "anyOf", "option", false, false)
	list(p.PatternProperties, "patternProperties", labelPatternProp, true, true)
	one(p.Contains, "contains", labelContains, true)
	one(p.UnevaluatedProperties, "unevaluatedProperties", labelUnevaluated, true)
	one(p.UnevaluatedItems, "unevaluatedItems", labelUnevaluatedIts, true)
	list(p.DependentSchemas, "dependentSchemas", labelDependent, true, false)
	one(p.If, "if", labelIf, false)
	one(p.Then, "then", labelThen, false)
	one(p.Else, "else", labelElse, false)
	one(p.Not, "not", labelNot, false)
	one(p.ContentSchema, "contentSchema", labelContent, true)
	return out
}

// pointer is the step's part of a JSON pointer fragment, escaped for a
// URI's fragment.
func (s schemaStep) pointer() string {
	out := "/" + s.keyword
	if s.token != "" || s.keyword == "properties" || s.keyword == "patternProperties" || s.keyword == "dependentSchemas" {
		tok := strings.ReplaceAll(strings.ReplaceAll(s.token, "~", "~0"), "/", "~1")
		out += "/" + url.PathEscape(tok)
	}
	return out
}

// field is the step's part of a problem's field, as the checker names it.
func (s schemaStep) field(key func(string) string) string {
	switch s.keyword {
	case "properties":
		return "." + s.token
	case "prefixItems":
		return fmt.Sprintf("[%d]", s.index)
	case "items":
		return "[]"
	case "allOf", "oneOf", "anyOf", "patternProperties", "dependentSchemas":
		return fmt.Sprintf(".%s[%d]", key(s.keyword), s.index)
	}
	return "." + key(s.keyword)
}

// schemaVisit is one schema of a walk: the steps from the root to it
// (none for the root) and the pointer of each schema on the way.
type schemaVisit struct {
	steps    []schemaStep
	pointers []string // pointers[0] is "#", the root's
}

// walkSchema calls visit for root and every schema below it, depth first.
func walkSchema(root *Param, visit func(p *Param, v *schemaVisit)) {
	v := &schemaVisit{pointers: []string{"#"}}
	var walk func(p *Param)
	walk = func(p *Param) {
		visit(p, v)
		for _, s := range schemaSteps(p) {
			v.steps = append(v.steps, s)
			v.pointers = append(v.pointers, v.pointers[len(v.pointers)-1]+s.pointer())
			walk(s.p)
			v.steps = v.steps[:len(v.steps)-1]
			v.pointers = v.pointers[:len(v.pointers)-1]
		}
	}
	walk(root)
}

// ancestor finds ref among the places of the schemas containing the
// current one (itself included): their depth, or -1; and whether a
// property or an item lies between that place and the current schema.
func (v *schemaVisit) ancestor(ref string) (int, bool) {
	for i := len(v.pointers) - 1; i >= 0; i-- {
		if v.pointers[i] == ref {
			descends := false
			for _, s := range v.steps[i:] {
				descends = descends || s.descends
			}
			return i, descends
		}
	}
	return -1, false
}

// checkRecursion reports each Ref below root that is not the place of a
// schema containing it, or that repeats one with no property or item
// between them. root is the argument object (the input's rules with the
// params as its properties) or the result; field names it, props the
// list its properties are named under.
func (c *checker) checkRecursion(field, props string, root Param) {
	var reps []repetition
	defer func() { c.checkOverlaps(reps) }()
	walkSchema(&root, func(p *Param, v *schemaVisit) {
		if p.Ref == "" {
			return
		}
		at := field
		for i, s := range v.steps {
			if i == 0 && s.keyword == "properties" {
				at = props
			}
			at += s.field(c.key)
		}
		i, descends := v.ancestor(p.Ref)
		if i >= 0 && descends {
			reps = append(reps, repetition{steps: append([]schemaStep(nil), v.steps...), target: i, at: at})
		}
		switch {
		case i < 0:
			c.add(at, "$ref", "%q is not the place of a schema that contains this one; a contract's reference may only repeat an enclosing schema (a tree)", p.Ref)
		case !descends:
			c.add(at, "$ref", "%q repeats a schema that contains it with no property or item between them, so checking a value against it would never end", p.Ref)
		}
	})
}

// refChain names the place a Ref points at by the labels both renderings
// show on the way there, from word (the root's name): "arguments >
// projects > each item > part 1". ok is false when ref names no place.
func refChain(root *Param, word, ref string) (string, bool) {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return "", false
	}
	chain := []string{word}
	p := root
	for frag != "" {
		var step *schemaStep
		for _, s := range schemaSteps(p) {
			if rest, ok := strings.CutPrefix(frag, s.pointer()); ok && (rest == "" || rest[0] == '/') {
				step = &s
				frag = rest
				break
			}
		}
		if step == nil {
			return "", false
		}
		chain = append(chain, step.label)
		p = step.p
	}
	return strings.Join(chain, " > "), true
}

// recursiveFact is the fact a Ref renders as, in both forms.
func recursiveFact(root *Param, word, ref string) string {
	chain, ok := refChain(root, word, ref)
	if !ok {
		return "recursive: same as the schema at " + jsonValue(ref)
	}
	return "recursive: same as " + jsonValue(chain)
}
