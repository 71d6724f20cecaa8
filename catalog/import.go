package catalog

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
)

// Import formats.
const (
	FormatNative = "native" // the console's own JSON or YAML
	FormatMCP    = "mcp"    // an MCP tools/list result
	FormatOpenAI = "openai" // OpenAI function tools
)

// Formats lists the accepted import formats.
var Formats = []string{FormatNative, FormatMCP, FormatOpenAI}

// MaxImportBytes is the largest document an import accepts.
const MaxImportBytes = 8 << 20

// Parse reads a catalog document in the given format. MCP and OpenAI tools
// belong to the named service namespace, which those formats require. Every
// problem is reported; a non-empty Problems means nothing may be stored.
// The contracts returned are also validated as a set.
func Parse(format string, data []byte, namespace string) ([]Contract, Problems) {
	cs, ps, _ := ParseWithWarnings(format, data, namespace)
	return cs, ps
}

// ParseWithWarnings is Parse that also returns the warnings: findings that
// do not stop the import but that the admin importing should see (an MCP
// or OpenAI parameter without a description, which renders as its name and
// facts alone). Every place an admin imports shows them.
func ParseWithWarnings(format string, data []byte, namespace string) ([]Contract, Problems, Warnings) {
	return ParseContext(context.Background(), format, data, namespace)
}

// ImportTimeout bounds the work of one import; the import also ends when
// its context does (the request that brought it ended).
const ImportTimeout = 10 * time.Second

// ParseContext is ParseWithWarnings bounded in time: it stops, refusing
// the document, when ctx ends or ImportTimeout passes.
func ParseContext(ctx context.Context, format string, data []byte, namespace string) ([]Contract, Problems, Warnings) {
	ctx, cancel := context.WithTimeout(ctx, ImportTimeout)
	defer cancel()
	var ps Problems
	var ws Warnings
	if len(data) > MaxImportBytes {
		ps.add("", "file", "is %d bytes, over the ceiling of %d", len(data), MaxImportBytes)
		return nil, ps, nil
	}
	if len(bytes.TrimSpace(data)) == 0 {
		ps.add("", "file", "is empty")
		return nil, ps, nil
	}
	doc, err := ReadDocument(ctx, data, ImportLimits)
	if err != nil {
		ps = append(ps, documentProblem(err))
		return nil, ps, nil
	}
	var cs []Contract
	switch format {
	case FormatNative:
		cs = parseNative(&ps, doc)
	case FormatMCP, FormatOpenAI:
		if !serviceName().MatchString(namespace) {
			ps.add("", "namespace", "%q must be a service name matching ^[a-z][a-z0-9_]*$", namespace)
			return nil, ps, nil
		}
		if len(namespace) > MaxNamespaceLength {
			ps.add("", "namespace", "is %d characters, longer than the limit of %d", len(namespace), MaxNamespaceLength)
			return nil, ps, nil
		}
		if format == FormatMCP {
			cs = parseMCP(&ps, &ws, newSchemaBudget(ctx), doc, namespace)
		} else {
			cs = parseOpenAI(&ps, &ws, newSchemaBudget(ctx), doc, namespace)
		}
	default:
		ps.add("", "format", "%q is not one of %s", format, strings.Join(Formats, ", "))
		return nil, ps, nil
	}
	if len(cs) == 0 && len(ps) == 0 {
		ps.add("", "tools", "the document holds no tools")
	}
	checkReserved(&ps, cs)
	// report structural and contract problems together; MCP and OpenAI
	// parameter trees were already checked in JSON-Schema terms
	named := map[string]bool{} // tools whose name the importer refused
	for _, p := range ps {
		if p.Field == "name" {
			named[namespace+"."+p.Tool] = true
		}
	}
	if ctx.Err() != nil {
		ps.add("", "file", "%v", ErrDocumentCancelled)
		return nil, ps, ws
	}
	for _, p := range validate(cs, format == FormatNative, format == FormatNative, &ws) {
		if !(p.Field == "id" && named[p.Tool]) { // the same fault, already named
			ps = push(ps, func() Problem { return p })
		}
	}
	if len(ps) > 0 {
		return nil, ps, ws
	}
	return cs, nil, ws
}

// documentProblem turns a refused document into a problem on "file"
// naming which ceiling or rule (also its Keyword) and where.
func documentProblem(err error) Problem {
	var de *DocumentError
	if !errors.As(err, &de) {
		return Problem{Field: "file", Message: err.Error()}
	}
	msg := de.Error()
	if de.Rule == "syntax" {
		msg = "is neither valid JSON nor valid YAML: " + msg
	} else {
		msg = "refused (" + de.Rule + "): " + msg
	}
	return Problem{Field: "file", Keyword: de.Rule, Message: msg}
}

// toolList finds the list of tools in a document: a bare list, or the
// "tools" key of an object (or of a JSON-RPC "result").
func toolList(ps *Problems, doc any) []any {
	switch x := doc.(type) {
	case []any:
		return capTools(ps, x)
	case map[string]any:
		if r, ok := x["result"].(map[string]any); ok {
			x = r
		}
		if t, ok := x["tools"].([]any); ok {
			return capTools(ps, t)
		}
		ps.add("", "tools", "the document must be a list of tools or an object with a \"tools\" list")
	default:
		ps.add("", "tools", "the document must be a list of tools or an object with a \"tools\" list")
	}
	return nil
}

// capTools refuses a list over MaxTools before any tool is read: the work
// per tool (its schema, its contract, its rendering) would come first.
func capTools(ps *Problems, l []any) []any {
	if len(l) > MaxTools {
		ps.add("", "tools", "%d tools exceed the ceiling of %d", len(l), MaxTools)
		return nil
	}
	return l
}

// eachTool calls fn for every object of the document's tool list and
// reports every entry that is not an object.
func eachTool(ps *Problems, doc any, fn func(i int, m map[string]any)) {
	for i, raw := range toolList(ps, doc) {
		m, ok := raw.(map[string]any)
		if !ok {
			ps.add(fmt.Sprintf("#%d", i+1), "", "must be an object")
			continue
		}
		fn(i, m)
	}
}

// members keeps, verbatim, the members of a tool descriptor its format
// does not define (a top-level "examples", a newer annotation), keyed by
// their path ("examples", "annotations.fooHint"), and warns the reviewer
// of each. They reach the contract's Members: part of the digest, shown
// to the reviewer, never rendered to the model.
type members struct {
	ws   *Warnings
	tool string
	kept map[string]any
}

func (u *members) keep(path string, m map[string]any, allowed ...string) {
	ok := map[string]bool{}
	for _, a := range allowed {
		ok[a] = true
	}
	for _, k := range sortedKeys(m) {
		if ok[k] {
			continue
		}
		at := strings.TrimPrefix(path+"."+k, ".")
		if u.kept == nil {
			u.kept = map[string]any{}
		}
		u.kept[at] = m[k]
		if u.ws != nil {
			u.ws.add(u.tool, at, "is not a member of the format's tool: kept verbatim for the reviewer, not shown to the model")
		}
	}
}

// checkKeys reports every key of m that is not allowed.
func checkKeys(ps *Problems, tool, path string, m map[string]any, allowed ...string) {
	ok := map[string]bool{}
	for _, a := range allowed {
		ok[a] = true
	}
	var unknown []string
	for k := range m {
		if !ok[k] {
			unknown = append(unknown, k)
		}
	}
	sort.Strings(unknown)
	for _, k := range unknown {
		ps.add(tool, strings.TrimPrefix(path+"."+k, "."), "unknown field")
	}
}

func str(m map[string]any, k string) string {
	s, _ := m[k].(string)
	return s
}

func toolName(m map[string]any, i int) string {
	if s := str(m, "id"); s != "" {
		return s
	}
	if s := str(m, "name"); s != "" {
		return s
	}
	return fmt.Sprintf("#%d", i+1)
}
