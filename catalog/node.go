package catalog

import (
	"fmt"
	"strings"

	"github.com/agentforge/console/instruction/plural"
)

// node is one rendered schema node: a named property or a labelled part of
// a schema (item N, each item, each other item, other properties, property
// names, variant N, option N, part N, and those of node_more.go), its
// facts, its description and its children. Both forms render the same
// nodes with the same facts and texts; only the layout differs.
type node struct {
	label string
	named bool // a property name (backticks in the full form)
	facts []string
	text  string
	kids  []node
}

// inputNode is the argument object: the contract's params and the rules of
// its Input.
func inputNode(c Contract) node {
	var in Param
	if c.Input != nil {
		in = *c.Input
	}
	in.Type = ""
	in.Properties = c.Params
	t := &tree{root: &in, word: "arguments"}
	return t.paramNode(in, "", false)
}

// outputNode is the result: Returns as its text, the rules and fields of
// Output as its facts and children.
func outputNode(c Contract) node {
	var out Param
	if c.Output != nil {
		out = *c.Output
	}
	out.Type, out.Description = "", ""
	t := &tree{root: &out, word: "result"}
	n := t.paramNode(out, "", false)
	n.text = c.Returns
	return n
}

// tree is the schema a node belongs to: the argument object (with the
// params as its properties) or the result, and its name in a repetition's
// fact.
type tree struct {
	root *Param
	word string
}

func (t *tree) paramNode(p Param, label string, named bool) node {
	n := node{label: label, named: named, facts: paramFacts(p), text: p.Description}
	if p.Ref != "" {
		n.facts = append([]string{recursiveFact(t.root, t.word, p.Ref)}, n.facts...)
	}
	for _, q := range p.Properties {
		n.kids = append(n.kids, t.paramNode(q, propertyLabel(q.Name), true))
	}
	for i, it := range p.PrefixItems {
		n.kids = append(n.kids, t.paramNode(it, fmt.Sprintf("item %d", i+1), false))
	}
	if p.Items != nil {
		label := "each item"
		if len(p.PrefixItems) > 0 {
			label = "each other item"
		}
		n.kids = append(n.kids, t.paramNode(*p.Items, label, false))
	}
	if p.Additional != nil {
		n.kids = append(n.kids, t.paramNode(*p.Additional, "other properties", false))
	}
	if p.PropertyNames != nil {
		n.kids = append(n.kids, t.paramNode(*p.PropertyNames, "property names", false))
	}
	for i, a := range p.AllOf {
		n.kids = append(n.kids, t.paramNode(a, fmt.Sprintf("part %d", i+1), false))
	}
	for i, a := range p.OneOf {
		n.kids = append(n.kids, t.paramNode(a, fmt.Sprintf("variant %d", i+1), false))
	}
	for i, a := range p.AnyOf {
		n.kids = append(n.kids, t.paramNode(a, fmt.Sprintf("option %d", i+1), false))
	}
	return t.moreKids(n, p)
}

// paramFacts lists a node's type and schema facts in a fixed order; every
// value is JSON, so separators inside values never read as structure.
func paramFacts(p Param) []string {
	var f []string
	add := func(ok bool, s string) {
		if ok {
			f = append(f, s)
		}
	}
	add(p.Type != "", p.Type)
	add(p.Required, "required")
	add(len(p.Requires) > 0, "requires "+jsonValue(p.Requires))
	add(p.Title != "", "title "+jsonValue(p.Title))
	add(p.Const != nil, "const "+jsonValue(p.Const))
	add(p.ConstNull, "const null")
	add(len(p.Enum) > 0, "one of "+jsonList(p.Enum))
	add(p.Default != nil, "default "+jsonValue(p.Default))
	add(p.DefaultNull, "default null")
	add(len(p.Examples) > 0, "examples "+jsonList(p.Examples))
	add(p.Format != "", "format "+jsonValue(p.Format))
	add(p.Pattern != "", "pattern "+jsonValue(p.Pattern))
	num := func(v *float64, label string) { add(v != nil, label+" "+jsonValue(deref(v))) }
	num(p.Minimum, "min")
	num(p.ExclusiveMinimum, "above")
	num(p.Maximum, "max")
	num(p.ExclusiveMaximum, "below")
	num(p.MultipleOf, "multiple of")
	count := func(v *int, label string) { add(v != nil, fmt.Sprintf("%s %d", label, derefInt(v))) }
	count(p.MinLength, "min length")
	count(p.MaxLength, "max length")
	count(p.MinItems, "min items")
	count(p.MaxItems, "max items")
	if p.UniqueItems != nil {
		f = append(f, map[bool]string{true: "unique items", false: "items may repeat"}[*p.UniqueItems])
	}
	count(p.MinProperties, "min properties")
	count(p.MaxProperties, "max properties")
	add(p.Closed, "no other properties")
	add(p.ClosedItems, "no other items")
	if p.Deprecated != nil {
		f = append(f, map[bool]string{true: "deprecated", false: "not deprecated"}[*p.Deprecated])
	}
	f = append(f, moreFacts(p)...)
	add(len(p.AllOf) > 0, "all of "+plural.Count(len(p.AllOf), "part"))
	add(len(p.OneOf) > 0, "exactly one of "+plural.Count(len(p.OneOf), "variant"))
	add(len(p.AnyOf) > 0, "at least one of "+plural.Count(len(p.AnyOf), "option"))
	return f
}

func deref(v *float64) float64 {
	if v == nil {
		return 0
	}
	return *v
}

func derefInt(v *int) int {
	if v == nil {
		return 0
	}
	return *v
}

func jsonList(vs []any) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = jsonValue(v)
	}
	return strings.Join(s, " ")
}

// writeFull renders the node as a "- " bullet, two spaces per depth.
func (n node) writeFull(b *strings.Builder, depth int) {
	indent := strings.Repeat("  ", depth)
	b.WriteString(indent + "- ")
	if n.named {
		b.WriteString("`" + n.label + "`")
	} else {
		b.WriteString(n.label)
	}
	writeFacts(b, n.facts)
	n.writeTextLine(b, indent+"  ")
	for _, k := range n.kids {
		k.writeFull(b, depth+1)
	}
}

// writeCompact renders the node bare, under the "  params" line: three
// spaces (deeper than a section's line) and one more per level, its
// continuation lines at the margin. So no line is longer than the full
// form's ("- `name`" at two spaces a level), and neither is an entry.
func (n node) writeCompact(b *strings.Builder, depth int) {
	indent := "   " + strings.Repeat(" ", depth)
	b.WriteString(indent + n.label)
	writeFacts(b, n.facts)
	n.writeTextLine(b, "")
	for _, k := range n.kids {
		k.writeCompact(b, depth+1)
	}
}

func (n node) writeTextLine(b *strings.Builder, indent string) {
	if n.text == "" || strings.TrimSpace(n.text) == "" {
		b.WriteString("\n")
		return
	}
	b.WriteString(": ")
	writeText(b, indent, n.text)
}

// writeTextAfter ends a header line, with its text when there is one.
func writeTextAfter(b *strings.Builder, indent, text string) {
	if strings.TrimSpace(text) == "" {
		b.WriteString("\n")
		return
	}
	b.WriteString(" ")
	writeText(b, indent, text)
}

func writeFacts(b *strings.Builder, facts []string) {
	if len(facts) > 0 {
		b.WriteString(" (" + strings.Join(facts, ", ") + ")")
	}
}

// lineBreaks unifies every character a reader may take for a line break.
var lineBreaks = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\u2028", "\n", "\u2029", "\n", "\u0085", "\n", "\v", "\n", "\f", "\n")

// textLines splits a text into its lines: breaks unified, trailing spaces
// and surrounding blank lines dropped, the indentation the lines share
// removed (dedentLines), inner blank lines and further indentation kept.
func textLines(s string) []string {
	lines := strings.Split(lineBreaks.Replace(s), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	lines = strings.Split(strings.TrimSpace(strings.Join(lines, "\n")), "\n")
	dedentLines(lines)
	return lines
}

// writeText writes a text's first line, then each further line as a
// continuation ("| line", or "|" for a blank line) at indent.
func writeText(b *strings.Builder, indent, s string) {
	for i, l := range textLines(s) {
		switch {
		case i == 0:
			b.WriteString(l)
		case l == "":
			b.WriteString(indent + "|")
		default:
			b.WriteString(indent + "| " + l)
		}
		b.WriteString("\n")
	}
}
