package catalog

// SchemaAt is the schema below root (root included) whose place, as a
// Ref names it ("#", "#/properties/tree"), is ref; nil when none is.
func SchemaAt(root *Param, ref string) *Param {
	var found *Param
	walkSchema(root, func(p *Param, v *schemaVisit) {
		if found == nil && v.pointers[len(v.pointers)-1] == ref {
			found = p
		}
	})
	return found
}

// InputSchema is the argument object of c as one schema: the rules of
// its Input with its Params as the properties.
func InputSchema(c *Contract) *Param {
	var in Param
	if c.Input != nil {
		in = *c.Input
	}
	in.Properties = c.Params
	return &in
}
