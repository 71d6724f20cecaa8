package catalog

import "strings"

// Texts returns every description string of the contract: purpose, each
// parameter description (nested ones included), the return description and
// every constraint. Both rendered forms must contain all of them.
func (c Contract) Texts() []string {
	fs := c.TextFields()
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Text
	}
	return out
}

// TextField is one description string of a contract and the field it is
// in: "description" (the purpose), "parameter NAME" (a dotted path for a
// nested one), "returns", "output NAME" or "constraint".
type TextField struct {
	Field, Text string
}

// TextFields returns Texts in the same order, each with its field, so a
// finding in a text can name where a reviewer edits it.
func (c Contract) TextFields() []TextField {
	out := []TextField{{"description", c.Purpose}}
	var walk func(kind, path string, ps []Param)
	walk = func(kind, path string, ps []Param) {
		for _, p := range ps {
			name := path
			if p.Name != "" {
				name = strings.TrimPrefix(path+"."+p.Name, ".")
			}
			if p.Description != "" {
				field := kind
				if name != "" {
					field += " " + name
				}
				out = append(out, TextField{field, p.Description})
			}
			walk(kind, name, p.children())
		}
	}
	if c.Input != nil {
		root := *c.Input
		root.Name = ""
		walk("parameter", "", []Param{root})
	}
	walk("parameter", "", c.Params)
	if c.Returns != "" {
		out = append(out, TextField{"returns", c.Returns})
	}
	if c.Output != nil {
		root := *c.Output
		root.Name = ""
		walk("output", "", []Param{root})
	}
	for _, k := range c.Constraints {
		out = append(out, TextField{"constraint", k})
	}
	return out
}
