package catalog

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Rejection is one tool of a third-party document refused on its own:
// every problem is its own, and the rest of the document imports without
// it. The console keeps it as a rejected ledger entry with its reasons.
type Rejection struct {
	// Index is the tool's place in the document, from 1.
	Index int `json:"index"`
	// Name is the name the server gave it, or "#N" when it gave none.
	Name string `json:"name"`
	// ID is the console tool id it would have had (namespace.name), or ""
	// when its name cannot make one: such a tool is reported, never
	// stored, since nothing could call it.
	ID string `json:"id,omitempty"`
	// Descriptor is the tool as the document holds it, canonical JSON.
	Descriptor json.RawMessage `json:"descriptor"`
	// Problems are the reasons, each naming the tool and field.
	Problems Problems `json:"problems"`
	// Count is how many of the document's tools it stands for when they
	// are more than one (tools sharing its name); 0 is one.
	Count int `json:"count,omitempty"`
}

// RejectedTools is how many of a document's tools rs refuse: a name the
// document lists more than once counts each of its tools. Every count of
// rejected tools (the CLI's, the import page's) is this one.
func RejectedTools(rs []Rejection) int {
	n := 0
	for _, r := range rs {
		n += max(r.Count, 1)
	}
	return n
}

// CaseTwin is the problem of tool name (id) whose id differs from
// other's only in letter case.
func CaseTwin(name, id, other string) Problem {
	return Problem{Tool: name, Field: "name", Message: fmt.Sprintf("the id %s differs from the tool %s only in letter case: a reviewer or a model could not tell them apart; the server must give it another name", id, other)}
}

// Placeholder is the contract a rejected tool is stored under: its id,
// title and description as sent, the worst-case effects. It is never
// available (a rejected tool is in no roster); it lets the console name
// the tool (and its lint know the name) and show why it was refused.
func (r Rejection) Placeholder() Contract {
	var m map[string]any
	_ = json.Unmarshal(r.Descriptor, &m)
	if fn, ok := m["function"].(map[string]any); ok {
		m = fn
	}
	title := strings.TrimSpace(firstNonEmpty(str(m, "title"), r.Name))
	if strings.ContainsAny(title, "\r\n\u2028\u2029\u0085\v\f") {
		title = r.Name
	}
	return Contract{ID: r.ID, Title: title, Purpose: str(m, "description"), Class: ClassService, Effects: EffectsDestructive, EffectsAssumed: true, Version: "1"}
}

// Digest identifies the refused descriptor: a re-import of the same
// broken tool changes nothing, a changed one is a change.
func (r Rejection) Digest() string {
	sum := sha256.Sum256(r.Descriptor)
	return hex.EncodeToString(sum[:])
}

// Outcome is what a document's import yields tool by tool.
type Outcome struct {
	// Contracts are the tools that import, in document order.
	Contracts []Contract
	// Rejected are the tools refused on their own, in document order.
	Rejected []Rejection
	// Problems are the document's own: when there are any, nothing
	// imports (an unreadable file, a bad namespace, no tool list, a
	// catalog over its ceilings; in strict mode, every rejected tool's).
	Problems Problems
	// Warnings are findings the reviewer sees; nothing is refused for them.
	Warnings Warnings
}

// ParseEach reads a document tool by tool. A third-party document (MCP,
// OpenAI) treats each tool as its own unit: a tool with a problem is a
// Rejection with its reasons and the others import. strict keeps the
// all-or-nothing rule for those formats too: a rejected tool's problems
// become the document's and nothing imports. The console's own format
// is always all-or-nothing (it is a catalog the console wrote or an admin
// curated, and one broken entry means the file is not what they think).
// A document none of whose tools imports is refused whole too: there is
// no server left to connect.
func ParseEach(format string, data []byte, namespace string, strict bool) Outcome {
	return ParseEachContext(context.Background(), format, data, namespace, strict)
}

// ParseEachContext is ParseEach bounded in time as ParseContext is: it
// ends with ctx or after ImportTimeout, and its tools share one schema
// budget.
func ParseEachContext(ctx context.Context, format string, data []byte, namespace string, strict bool) Outcome {
	return parseEach(ctx, format, data, namespace, strict, false)
}

// ParseSyncContext reads a live server's tools/list (an MCP document) for
// a sync: tool by tool, as ParseEach, but a server none of whose tools
// the console can take is not refused whole — every tool is recorded, as
// rejected, so the ledger says why the service has none.
func ParseSyncContext(ctx context.Context, data []byte, namespace string) Outcome {
	return parseEach(ctx, FormatMCP, data, namespace, false, true)
}

func parseEach(ctx context.Context, format string, data []byte, namespace string, strict, keepAll bool) Outcome {
	if format != FormatMCP && format != FormatOpenAI {
		cs, ps, ws := ParseContext(ctx, format, data, namespace)
		return Outcome{Contracts: cs, Problems: ps, Warnings: ws}
	}
	ctx, cancel := context.WithTimeout(ctx, ImportTimeout)
	defer cancel()
	b := newSchemaBudget(ctx)
	var out Outcome
	list, early, ps := documentTools(ctx, data, namespace)
	if len(ps) > 0 {
		out.Problems = ps
		return out
	}
	if len(list) > MaxTools {
		out.Problems.add("", "tools", "%d tools exceed the ceiling of %d", len(list), MaxTools)
		return out
	}
	type one struct {
		c   Contract
		rej *Rejection
	}
	tools := make([]one, len(list))
	byID := map[string][]int{} // tool id → document indexes (0-based)
	for i, raw := range list {
		if ctx.Err() != nil {
			out.Problems.add("", "file", "%v", ErrDocumentCancelled)
			return Outcome{Problems: out.Problems}
		}
		if ps, refused := early[i]; refused {
			// over a ceiling of the document: refused alone, unread
			r := rejection(raw, i, namespace, ps)
			tools[i].rej = &r
			if r.ID != "" {
				byID[r.ID] = append(byID[r.ID], i)
			}
			continue
		}
		c, ps, ws := parseOneTool(format, b, raw, i, namespace)
		out.Warnings = append(out.Warnings, capWarnings(ws)...)
		id := c.ID
		if len(ps) > 0 {
			r := rejection(raw, i, namespace, ps)
			tools[i].rej, id = &r, r.ID
		} else {
			tools[i].c = c
		}
		if id != "" {
			byID[id] = append(byID[id], i)
		}
	}
	if ctx.Err() != nil {
		// cut short within the last tool: what it read is not the list
		out.Problems.add("", "file", "%v", ErrDocumentCancelled)
		return Outcome{Problems: out.Problems}
	}
	total := 0
	held := map[string]string{} // an imported tool's id in lower case → its id
	for i, o := range tools {
		id := o.c.ID
		if o.rej != nil {
			id = o.rej.ID
		}
		if idx := byID[id]; id != "" && len(idx) > 1 {
			// the server lists the name more than once: no call by that
			// name can be known to reach one of them, so none imports;
			// the ledger keeps one entry for the name, with every reason
			if idx[0] == i {
				out.Rejected = append(out.Rejected, duplicates(list, idx, namespace, func(k int) *Rejection { return tools[k].rej }))
			}
			continue
		}
		if o.rej != nil {
			out.Rejected = append(out.Rejected, *o.rej)
			continue
		}
		if other, ok := held[strings.ToLower(id)]; ok {
			// the first spelling keeps the name; a rejected tool holds none
			out.Rejected = append(out.Rejected, rejection(list[i], i, namespace, Problems{CaseTwin(o.c.Name(), id, other)}))
			continue
		}
		held[strings.ToLower(id)] = id
		b, _ := json.Marshal(o.c)
		total += len(b)
		out.Contracts = append(out.Contracts, o.c)
	}
	sort.SliceStable(out.Rejected, func(i, j int) bool { return out.Rejected[i].Index < out.Rejected[j].Index })
	if total > MaxCatalogBytes {
		out.Problems.add("", "", "catalog is %d bytes, over the ceiling of %d", total, MaxCatalogBytes)
	}
	if len(out.Contracts) == 0 && len(out.Rejected) == 0 && len(out.Problems) == 0 {
		out.Problems.add("", "tools", "the document holds no tools")
	}
	// strict, or a document none of whose tools imports: refused whole
	if strict || (len(out.Contracts) == 0 && !keepAll) {
		for _, r := range out.Rejected {
			out.Problems = append(out.Problems, r.Problems...)
		}
	}
	if len(out.Problems) > 0 {
		out.Contracts, out.Rejected = nil, nil
	}
	return out
}

// documentTools reads a third-party document's tool list, or its
// document-level problems. A tool over one of the document's ceilings
// (a text, a depth) is refused alone: early holds its problems by index.
func documentTools(ctx context.Context, data []byte, namespace string) (list []any, early map[int]Problems, ps Problems) {
	switch {
	case len(data) > MaxImportBytes:
		ps.add("", "file", "is %d bytes, over the ceiling of %d", len(data), MaxImportBytes)
	case len(bytes.TrimSpace(data)) == 0:
		ps.add("", "file", "is empty")
	case !serviceName().MatchString(namespace):
		ps.add("", "namespace", "%q must be a service name matching ^[a-z][a-z0-9_]*$", namespace)
	case len(namespace) > MaxNamespaceLength:
		ps.add("", "namespace", "is %d characters, longer than the limit of %d", len(namespace), MaxNamespaceLength)
	}
	if len(ps) > 0 {
		return nil, nil, ps
	}
	doc, err := ReadDocument(ctx, data, ImportLimits)
	if err != nil {
		var de *DocumentError
		if errors.As(err, &de) && de.Rule != "bytes" && de.Rule != "cancelled" {
			if l, refused, ok := splitTools(ctx, data); ok {
				return capTools(&ps, l), refused, ps
			}
		}
		ps = append(ps, documentProblem(err))
		return nil, nil, ps
	}
	list = toolList(&ps, doc)
	if len(ps) == 0 && len(list) == 0 {
		ps.add("", "tools", "the document holds no tools")
	}
	return list, nil, ps
}
