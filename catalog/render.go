package catalog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Every rendered entry starts with a character that is neither whitespace
// nor '/' and ends with its newline separator, so a tokenizer's
// pre-tokenization never crosses from one entry into the next and token
// counts add up exactly (see instruction/meter).
//
// Both forms share one unambiguous line layout (see node.go): each item
// (a parameter, the purpose, the return, a constraint, an example) starts
// its own line, free text runs to the end of that line, and every further
// line of the same text starts with "| " (or is a lone "|"). No item line
// starts with "|", parameter names cannot hold a separator, and every value
// inside the parenthesised facts is JSON, so no character inside a
// description, title or value can be read as structure.

// ApprovalMark is how a rendered entry says that the tool asks for a
// person's approval before each call (the subject's grant requires it).
const ApprovalMark = "asks for approval before it runs"

// ApprovalNote is the line a full entry (and an MCP tool's description)
// carries under its banner when the tool asks for approval.
const ApprovalNote = "Approval: this tool " + ApprovalMark + ": a call first answers approval_required while a person decides; tell the user and call it again once it is approved."

// RenderFull renders one contract in the banner form with prose examples.
func RenderFull(c Contract) string { return renderFull(c, false) }

// renderFull renders the banner form; approval adds the approval line
// under the banner.
func renderFull(c Contract, approval bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "### %s — %s\n", c.ID, strings.TrimSpace(c.Title))
	fmt.Fprintf(&b, "Class: %s · Effects: %s\n", c.Class, c.Effects)
	if approval {
		b.WriteString(ApprovalNote + "\n")
	}
	b.WriteString("\n")
	writeText(&b, "", c.Purpose)
	b.WriteString("\n")
	root := inputNode(c)
	if len(root.facts) == 0 && root.text == "" && len(root.kids) == 0 {
		b.WriteString("Parameters: none.\n\n")
	} else {
		writeSection(&b, "Parameters", "", root, node.writeFull)
		b.WriteString("\n")
	}
	if c.Returns != "" || c.Output != nil {
		writeSection(&b, "Returns", "", outputNode(c), node.writeFull)
		b.WriteString("\n")
	}
	if len(c.Constraints) > 0 {
		b.WriteString("Constraints:\n")
		for _, k := range c.Constraints {
			b.WriteString("- ")
			writeText(&b, "  ", k)
		}
		b.WriteString("\n")
	}
	if len(c.Examples) > 0 {
		b.WriteString("Examples:\n")
		for _, ex := range c.Examples {
			b.WriteString("- ")
			writeText(&b, "  ", ex.Description)
			fmt.Fprintf(&b, "  %s %s\n", c.ID, oneLineCall(ex.Call))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// writeSection writes a node as a labelled section of a rendering: the
// label, its facts, its text after the colon (further lines indented)
// and its children, each written by the form's own writer.
func writeSection(b *strings.Builder, label, indent string, n node, write func(node, *strings.Builder, int)) {
	b.WriteString(label)
	writeFacts(b, n.facts)
	b.WriteString(":")
	writeTextAfter(b, indent, n.text)
	for _, k := range n.kids {
		write(k, b, 0)
	}
}

// RenderCompact renders one contract as dense lines. It keeps the purpose,
// every parameter with all its facts and its description, the return
// description with the result's structure and every constraint; only the
// banner layout and the examples go.
func RenderCompact(c Contract) string { return renderCompact(c, false) }

// renderCompact renders the dense form; approval adds the approval mark
// to the parenthesised facts.
func renderCompact(c Contract, approval bool) string {
	var b strings.Builder
	mark := ""
	if approval {
		mark = "; " + ApprovalMark
	}
	fmt.Fprintf(&b, "- %s %s (%s, %s%s):", c.ID, jsonValue(strings.TrimSpace(c.Title)), c.Class, c.Effects, mark)
	// a text's further lines start at the margin ("| "), never indented:
	// indenting them would make a multi-line text longer here than in
	// the full form
	writeTextAfter(&b, "", c.Purpose)
	root := inputNode(c)
	if len(root.facts) > 0 || root.text != "" || len(root.kids) > 0 {
		writeSection(&b, "  params", "", root, node.writeCompact)
	}
	if c.Returns != "" || c.Output != nil {
		writeSection(&b, "  returns", "", outputNode(c), node.writeCompact)
	}
	if len(c.Constraints) > 0 {
		b.WriteString("  constraints:\n")
		for _, k := range c.Constraints {
			b.WriteString("  - ")
			writeText(&b, "", k)
		}
	}
	return b.String()
}

// oneLineCall keeps an example call (validated JSON) on one line.
func oneLineCall(call string) string {
	call = strings.TrimSpace(call)
	if !strings.ContainsAny(call, "\r\n\u2028\u2029\u0085\v\f") {
		return call
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, []byte(call)); err != nil {
		return strings.Join(strings.Fields(call), " ")
	}
	return buf.String()
}

// jsonValue renders a value as JSON without HTML escaping.
func jsonValue(v any) string {
	b, err := jsonMarshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func jsonMarshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// RenderRoster renders the contracts in the given form, in order.
func RenderRoster(cs []Contract, form string) string {
	var b strings.Builder
	for _, c := range cs {
		if form == FormCompact {
			b.WriteString(RenderCompact(c))
		} else {
			b.WriteString(RenderFull(c))
		}
	}
	return b.String()
}
