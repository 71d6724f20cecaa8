package catalog

// parseOpenAI reads OpenAI function tools: a list (or {"tools": [...]}) of
// {"type":"function","function":{name, description, parameters, strict?}},
// the Responses API's flat {"type":"function", name, description,
// parameters, strict?}, or the bare function objects.
func parseOpenAI(ps *Problems, ws *Warnings, b *schemaBudget, doc any, ns string) []Contract {
	var out []Contract
	eachTool(ps, doc, func(i int, m map[string]any) {
		at := "function"
		extra := &members{ws: ws}
		if fn, ok := m["function"].(map[string]any); ok {
			extra.tool = toolName(fn, i)
			extra.keep("", m, "type", "function")
			if t := str(m, "type"); t != "function" {
				ps.add(toolName(fn, i), "type", "must be \"function\", got %q", t)
			}
			m = fn
		} else if _, typed := m["type"]; typed {
			if t := str(m, "type"); t != "function" {
				ps.add(toolName(m, i), "type", "must be \"function\", got %q", t)
			}
			flat := make(map[string]any, len(m))
			for k, v := range m {
				if k != "type" {
					flat[k] = v
				}
			}
			m, at = flat, ""
		}
		name := toolName(m, i)
		extra.tool = name
		extra.keep(at, m, "name", "description", "parameters", "strict")
		c := Contract{
			ID:      ns + "." + str(m, "name"),
			Title:   str(m, "name"),
			Purpose: str(m, "description"),
			Class:   ClassService,
			// a function tool says nothing of its effects: read as an MCP
			// tool that says nothing (the spec's worst case)
			Effects: readHints(nil).effects(),
			Version: "1",
		}
		c.EffectsAssumed = true
		checkServiceName(ps, name, m)
		if params, ok := m["parameters"].(map[string]any); ok {
			c.Params, c.Input = readSchema(ps, ws, b, name, "parameters", params)
		} else if m["parameters"] != nil {
			ps.add(name, "parameters", "must be a schema object")
		}
		switch strict := m["strict"].(type) {
		case bool:
			if strict {
				c.Constraints = append(c.Constraints, "Strict: the arguments must match the parameter schema exactly.")
			}
		case nil:
		default:
			ps.add(name, "strict", "must be true or false")
		}
		c.Members = extra.kept
		out = append(out, c)
	})
	return out
}
