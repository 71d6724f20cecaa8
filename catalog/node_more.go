package catalog

import (
	"fmt"
	"sort"
)

// The labels of the schema parts node.go does not cover. Each holds a
// space, so none can be read as a property name (which holds none), and
// the parts that come in numbers are numbered, so a path names one node.
const (
	labelContains       = "contained item"
	labelPatternProp    = "pattern property"
	labelDependent      = "dependent schema"
	labelIf             = "if clause"
	labelThen           = "then clause"
	labelElse           = "else clause"
	labelNot            = "must not match"
	labelUnevaluated    = "unevaluated properties"
	labelUnevaluatedIts = "unevaluated items"
	labelContent        = "content schema"
)

// moreFacts lists the facts of the keywords node.go does not cover, in a
// fixed order; every value is JSON.
func moreFacts(p Param) []string {
	var f []string
	add := func(ok bool, s string) {
		if ok {
			f = append(f, s)
		}
	}
	count := func(v *int, label string) { add(v != nil, fmt.Sprintf("%s %d", label, derefInt(v))) }
	count(p.MinContains, "min contains")
	count(p.MaxContains, "max contains")
	for _, d := range p.DependentRequired {
		f = append(f, fmt.Sprintf("when %s is present requires %s", jsonValue(d.Name), jsonValue(d.Requires)))
	}
	add(p.NoUnevaluatedProperties, "no unevaluated properties")
	add(p.NoUnevaluatedItems, "no unevaluated items")
	if p.ReadOnly != nil {
		f = append(f, map[bool]string{true: "read-only", false: "not read-only"}[*p.ReadOnly])
	}
	if p.WriteOnly != nil {
		f = append(f, map[bool]string{true: "write-only", false: "not write-only"}[*p.WriteOnly])
	}
	add(p.ContentMediaType != "", "content media type "+jsonValue(p.ContentMediaType))
	add(p.ContentEncoding != "", "content encoding "+jsonValue(p.ContentEncoding))
	keys := make([]string, 0, len(p.NonStandard))
	for k := range p.NonStandard {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		f = append(f, "non-standard "+jsonValue(k)+": "+jsonValue(p.NonStandard[k]))
	}
	return f
}

// moreKids appends the nodes of the parts node.go does not cover.
func (t *tree) moreKids(n node, p Param) node {
	one := func(q *Param, label string) {
		if q != nil {
			n.kids = append(n.kids, t.paramNode(*q, label, false))
		}
	}
	for i, q := range p.PatternProperties {
		k := t.paramNode(q, fmt.Sprintf("%s %d", labelPatternProp, i+1), false)
		k.facts = append([]string{"names match " + jsonValue(q.Name)}, k.facts...)
		n.kids = append(n.kids, k)
	}
	one(p.Contains, labelContains)
	one(p.UnevaluatedProperties, labelUnevaluated)
	one(p.UnevaluatedItems, labelUnevaluatedIts)
	for i, q := range p.DependentSchemas {
		k := t.paramNode(q, fmt.Sprintf("%s %d", labelDependent, i+1), false)
		k.facts = append([]string{"when " + jsonValue(q.Name) + " is present"}, k.facts...)
		n.kids = append(n.kids, k)
	}
	one(p.If, labelIf)
	one(p.Then, labelThen)
	one(p.Else, labelElse)
	one(p.Not, labelNot)
	one(p.ContentSchema, labelContent)
	return n
}
