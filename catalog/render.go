package catalog

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Every rendered entry starts with a character that is neither whitespace
// nor '/' and ends with its newline separator, so a tokenizer's
// pre-tokenization never crosses from one entry into the next and token
// counts add up exactly (see instruction/meter).

// RenderFull renders one contract in the banner form with prose examples.
func RenderFull(c Contract) string {
	var b strings.Builder
	fmt.Fprintf(&b, "### %s — %s\n", c.ID, oneLine(c.Title))
	fmt.Fprintf(&b, "Class: %s · Effects: %s\n\n", c.Class, c.Effects)
	b.WriteString(strings.TrimSpace(c.Purpose))
	b.WriteString("\n\n")
	if len(c.Params) == 0 {
		b.WriteString("Parameters: none.\n\n")
	} else {
		b.WriteString("Parameters:\n")
		writeFullParams(&b, c.Params, "")
		b.WriteString("\n")
	}
	if c.Returns != "" {
		fmt.Fprintf(&b, "Returns: %s\n\n", strings.TrimSpace(c.Returns))
	}
	if len(c.Constraints) > 0 {
		b.WriteString("Constraints:\n")
		for _, k := range c.Constraints {
			fmt.Fprintf(&b, "- %s\n", strings.TrimSpace(k))
		}
		b.WriteString("\n")
	}
	if len(c.Examples) > 0 {
		b.WriteString("Examples:\n")
		for _, ex := range c.Examples {
			fmt.Fprintf(&b, "- %s\n  %s %s\n", strings.TrimSpace(ex.Description), c.ID, strings.TrimSpace(ex.Call))
		}
		b.WriteString("\n")
	}
	return b.String()
}

func writeFullParams(b *strings.Builder, ps []Param, indent string) {
	for _, p := range ps {
		fmt.Fprintf(b, "%s- `%s` (%s)", indent, p.Name, strings.Join(paramFacts(p), ", "))
		if p.Description != "" {
			fmt.Fprintf(b, ": %s", strings.TrimSpace(p.Description))
		}
		b.WriteString("\n")
		if p.Items != nil {
			item := *p.Items
			item.Name = "items"
			writeFullParams(b, []Param{item}, indent+"  ")
		}
		writeFullParams(b, p.Properties, indent+"  ")
	}
}

// RenderCompact renders one contract as dense lines. It keeps the purpose,
// every parameter description, enum values, defaults, limits, the return
// description and every constraint; only layout and examples go.
func RenderCompact(c Contract) string {
	var b strings.Builder
	fmt.Fprintf(&b, "- %s (%s; %s, %s): %s\n", c.ID, oneLine(c.Title), c.Class, c.Effects, oneLine(c.Purpose))
	if len(c.Params) > 0 {
		var parts []string
		collectCompactParams(&parts, c.Params)
		fmt.Fprintf(&b, "  params: %s\n", strings.Join(parts, "; "))
	}
	if c.Returns != "" {
		fmt.Fprintf(&b, "  returns: %s\n", oneLine(c.Returns))
	}
	if len(c.Constraints) > 0 {
		ks := make([]string, len(c.Constraints))
		for i, k := range c.Constraints {
			ks[i] = oneLine(k)
		}
		fmt.Fprintf(&b, "  constraints: %s\n", strings.Join(ks, " | "))
	}
	return b.String()
}

func collectCompactParams(parts *[]string, ps []Param) {
	for _, p := range ps {
		*parts = append(*parts, compactParam(p))
	}
}

// compactParam renders a parameter on one line; nested properties follow
// in braces and array items after "items:".
func compactParam(p Param) string {
	var b strings.Builder
	if p.Name != "" {
		b.WriteString(p.Name + " ")
	}
	fmt.Fprintf(&b, "(%s)", strings.Join(paramFacts(p), ", "))
	if p.Description != "" {
		b.WriteString(" " + oneLine(p.Description))
	}
	if p.Items != nil {
		item := *p.Items
		item.Name = ""
		b.WriteString(" items: " + compactParam(item))
	}
	if len(p.Properties) > 0 {
		subs := make([]string, len(p.Properties))
		for i, sp := range p.Properties {
			subs[i] = compactParam(sp)
		}
		b.WriteString(" {" + strings.Join(subs, "; ") + "}")
	}
	return b.String()
}

// paramFacts lists a parameter's type and schema facts in a fixed order;
// both forms show the same facts.
func paramFacts(p Param) []string {
	facts := []string{p.Type}
	if p.Required {
		facts = append(facts, "required")
	}
	if len(p.Enum) > 0 {
		vs := make([]string, len(p.Enum))
		for i, v := range p.Enum {
			vs[i] = jsonValue(v)
		}
		facts = append(facts, "one of "+strings.Join(vs, " "))
	}
	if p.Default != nil {
		facts = append(facts, "default "+jsonValue(p.Default))
	}
	if p.Format != "" {
		facts = append(facts, "format "+p.Format)
	}
	if p.Minimum != nil {
		facts = append(facts, "min "+jsonValue(*p.Minimum))
	}
	if p.Maximum != nil {
		facts = append(facts, "max "+jsonValue(*p.Maximum))
	}
	if p.MinLength != nil {
		facts = append(facts, fmt.Sprintf("min length %d", *p.MinLength))
	}
	if p.MaxLength != nil {
		facts = append(facts, fmt.Sprintf("max length %d", *p.MaxLength))
	}
	if p.MinItems != nil {
		facts = append(facts, fmt.Sprintf("min items %d", *p.MinItems))
	}
	if p.MaxItems != nil {
		facts = append(facts, fmt.Sprintf("max items %d", *p.MaxItems))
	}
	if p.Pattern != "" {
		facts = append(facts, "pattern "+p.Pattern)
	}
	return facts
}

func jsonValue(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// oneLine folds every run of whitespace into one space.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

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
