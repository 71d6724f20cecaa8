package catalog

import (
	"fmt"
	"strings"

	"github.com/agentforge/console/instruction/plural"
)

// parseOneTool reads the document's tool i alone, with every check the
// whole-document import makes of one tool.
func parseOneTool(format string, b *schemaBudget, raw any, i int, namespace string) (Contract, Problems, Warnings) {
	var ps Problems
	var ws Warnings
	var cs []Contract
	doc := map[string]any{"tools": []any{raw}}
	if format == FormatMCP {
		cs = parseMCP(&ps, &ws, b, doc, namespace)
	} else {
		cs = parseOpenAI(&ps, &ws, b, doc, namespace)
	}
	// a tool without a name is named by its place in the whole document
	at := fmt.Sprintf("#%d", i+1)
	for j := range ps {
		if ps[j].Tool == "#1" {
			ps[j].Tool = at
		}
	}
	for j := range ws {
		if ws[j].Tool == "#1" {
			ws[j].Tool = at
		}
	}
	if len(cs) != 1 {
		return Contract{}, ps, ws
	}
	checkReserved(&ps, cs)
	nameRefused := false
	for _, p := range ps {
		nameRefused = nameRefused || p.Field == "name"
	}
	for _, p := range validate(cs, false, false, &ws) {
		if p.Field == "purpose" {
			p.Field = "description" // the field as the document names it
		}
		if !(p.Field == "id" && nameRefused) { // the same fault, already named
			ps = append(ps, p)
		}
	}
	return cs[0], ps, ws
}

// duplicates is the one rejection of the tools at idx, which share a
// name: its descriptor lists them all, its problems say so and carry each
// one's own.
func duplicates(list []any, idx []int, namespace string, own func(int) *Rejection) Rejection {
	var raws []any
	var marks []string
	for _, k := range idx {
		raws = append(raws, list[k])
		marks = append(marks, fmt.Sprintf("#%d", k+1))
	}
	first := rejection(list[idx[0]], idx[0], namespace, nil)
	first.Count = len(idx)
	first.Problems.add(first.Name, "name", "is the name of %d tools of this document (%s): a call by that name could reach any of them, so none is imported", len(idx), strings.Join(marks, ", "))
	for _, k := range idx {
		if r := own(k); r != nil {
			first.Problems = append(first.Problems, r.Problems...)
		}
	}
	if b, err := jsonMarshal(raws); err == nil {
		first.Descriptor = b
	}
	return first
}

// rejection records the document's tool i as refused for ps.
func rejection(raw any, i int, namespace string, ps Problems) Rejection {
	r := Rejection{Index: i + 1, Name: fmt.Sprintf("#%d", i+1), Problems: ps}
	m, _ := raw.(map[string]any)
	if fn, ok := m["function"].(map[string]any); ok {
		m = fn
	}
	if n := str(m, "name"); n != "" {
		r.Name = n
		if toolNameRe().MatchString(n) && len(n) <= MaxToolNameLength && len(namespace+"."+n) <= MaxIDLength {
			r.ID = namespace + "." + n
		}
	}
	b, err := jsonMarshal(raw)
	if err != nil {
		b = []byte("null")
	}
	r.Descriptor = b
	return r
}

// capWarnings is one tool's warnings, at most MaxToolWarnings of them and
// then one that says how many more it has.
func capWarnings(ws Warnings) Warnings {
	if len(ws) <= MaxToolWarnings {
		return ws
	}
	more := len(ws) - MaxToolWarnings
	out := ws[:MaxToolWarnings:MaxToolWarnings]
	out.add(ws[0].Tool, "", "and %s of this tool, not listed", plural.Count(more, "more warning"))
	return out
}
