package catalog

import (
	"regexp"
	"strings"
	"sync"
)

// mcpToolKeys are the members of a Tool in the MCP revisions up to
// 2025-11-25. icons and _meta are display and client metadata: accepted,
// never read, so nothing in them reaches a contract or a rendering.
var mcpToolKeys = []string{"name", "title", "description", "inputSchema", "outputSchema", "annotations", "execution", "icons", "_meta"}
var mcpAnnotationKeys = []string{"title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}

func parseMCP(ps *Problems, ws *Warnings, b *schemaBudget, doc any, ns string) []Contract {
	var out []Contract
	eachTool(ps, doc, func(i int, m map[string]any) {
		name := toolName(m, i)
		extra := &members{ws: ws, tool: name}
		extra.keep("", m, mcpToolKeys...)
		ann := mcpAnnotations(ps, extra, name, m)
		hints := readHints(ann)
		c := Contract{
			ID:      ns + "." + str(m, "name"),
			Title:   firstNonEmpty(str(m, "title"), str(ann, "title"), str(m, "name")),
			Purpose: str(m, "description"),
			Class:   ClassService,
			Effects: hints.effects(),
			Version: "1",
		}
		c.EffectsAssumed = hints.assumed()
		checkServiceName(ps, name, m)
		for _, k := range []string{"title", "description"} {
			if v, set := m[k]; set {
				if _, isStr := v.(string); !isStr {
					ps.add(name, k, "must be a string")
				}
			}
		}
		c.Constraints = append(c.Constraints, hints.constraints()...)
		if k := taskConstraint(ps, extra, name, m); k != "" {
			c.Constraints = append(c.Constraints, k)
		}
		if schema, ok := m["inputSchema"].(map[string]any); ok {
			c.Params, c.Input = readSchema(ps, ws, b, name, "inputSchema", schema)
		} else {
			ps.add(name, "inputSchema", "is required and must be an object")
		}
		if raw, ok := m["outputSchema"]; ok {
			if osch, ok := raw.(map[string]any); ok {
				c.Returns, c.Output = readOutput(ps, ws, b, name, osch)
			} else {
				ps.add(name, "outputSchema", "must be a schema object")
			}
		}
		c.Members = extra.kept
		out = append(out, c)
	})
	return out
}

// mcpAnnotations reads a tool's annotations: an object of the spec's
// hints, each of its type (a hint of the wrong type would silently change
// the effects, so it is refused).
func mcpAnnotations(ps *Problems, extra *members, name string, m map[string]any) map[string]any {
	raw, present := m["annotations"]
	if !present {
		return nil
	}
	ann, ok := raw.(map[string]any)
	if !ok {
		ps.add(name, "annotations", "must be an object")
		return nil
	}
	extra.keep("annotations", ann, mcpAnnotationKeys...)
	for _, k := range mcpAnnotationKeys {
		v, set := ann[k]
		if !set {
			continue
		}
		if _, isStr := v.(string); k == "title" && !isStr {
			ps.add(name, "annotations.title", "must be a string")
		}
		if _, isBool := v.(bool); k != "title" && !isBool {
			ps.add(name, "annotations."+k, "must be true or false")
		}
	}
	return ann
}

// taskConstraint reads execution.taskSupport (MCP 2025-11-25): whether a
// call may or must be a task-augmented request, whose result is fetched
// later. "forbidden" is the spec's meaning of an absent member, so it
// yields the same contract as none; the other two are constraints on the
// call and render as one.
func taskConstraint(ps *Problems, extra *members, name string, m map[string]any) string {
	raw, present := m["execution"]
	if !present {
		return ""
	}
	ex, ok := raw.(map[string]any)
	if !ok {
		ps.add(name, "execution", "must be an object")
		return ""
	}
	extra.keep("execution", ex, "taskSupport")
	v, set := ex["taskSupport"]
	if !set {
		return ""
	}
	switch v {
	case "forbidden":
		return ""
	case "optional":
		return "Task optional: it may be called as a task (a task-augmented request whose result is fetched later) or as a plain call."
	case "required":
		return "Task required: call it only as a task (a task-augmented request whose result is fetched later); a plain call is refused."
	}
	ps.add(name, "execution.taskSupport", "must be \"forbidden\", \"optional\" or \"required\", got %s", jsonValue(v))
	return ""
}

// serviceName is the rule of a service (namespace); toolName of the
// name a server gives a tool, which with the namespace is the console
// tool id the model calls.
var (
	serviceName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z][a-z0-9_]*$`) })
	toolNameRe  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^` + serviceToolName + `$`) })
)

// checkServiceName reports a missing name, or one a console tool id cannot
// hold. Such a tool is refused, never renamed: the model would call a
// name the server does not know.
func checkServiceName(ps *Problems, tool string, m map[string]any) {
	switch n := str(m, "name"); {
	case n == "":
		ps.add(tool, "name", "is required")
	case len(n) > MaxToolNameLength:
		ps.add(tool, "name", "is %d characters, longer than the limit of %d (MCP's)", len(n), MaxToolNameLength)
	case !toolNameRe().MatchString(n):
		ps.add(tool, "name", "%q cannot be a console tool id: MCP's tool names hold letters, digits, underscores, hyphens and dots, and the console takes a hyphen or a dot only inside a name; the tool is not imported under another name, since the model must call it by the name the server knows", n)
	}
}

// readSchema reads a tool's input schema and, when every keyword was
// accounted for, checks the result for contradictions in the schema's own
// vocabulary. Either way every problem names the tool, path and keyword.
// A property without a description is a warning in ws.
func readSchema(ps *Problems, ws *Warnings, b *schemaBudget, tool, path string, schema map[string]any) ([]Param, *Param) {
	r := &schemaReader{ps: ps, tool: tool, warn: ws, flag: ws, budget: b}
	params, input := r.readInput(path, schema)
	if r.count > 0 {
		return params, input
	}
	ch := &checker{ps: ps, tool: tool, schema: true}
	ch.params(path, params, nil)
	var whole Param
	if input != nil {
		ch.input(path, *input, params)
		whole = *input
	}
	whole.Properties = params
	ch.checkRecursion(path, path, whole)
	return params, input
}

// readOutput reads an output schema: its description becomes Returns, its
// rules and properties Output, which both forms render under Returns. MCP
// requires the result to be an object; any keyword the reader does not
// account for is refused, as in an input schema.
func readOutput(ps *Problems, ws *Warnings, b *schemaBudget, tool string, s map[string]any) (string, *Param) {
	const path = "outputSchema"
	r := &schemaReader{ps: ps, tool: tool, root: s, flag: ws, budget: b}
	if t, ok := s["type"]; ok && t != "object" {
		r.add(path, "type", "must be \"object\" for a tool's result, got %s", jsonValue(t))
	}
	out := r.read(path, "", s, nil, true)
	r.resolveLoops(&out)
	returns := out.Description
	out.Description, out.Type = "", ""
	if r.count == 0 {
		ch := &checker{ps: ps, tool: tool, schema: true}
		ch.output(path, out)
		ch.checkRecursion(path, path, out)
	}
	if isZeroParam(out) {
		return returns, nil
	}
	return returns, &out
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}
