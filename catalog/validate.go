package catalog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"
)

// Byte ceilings enforced at construction. They bound abuse, not style:
// published servers write descriptions of up to 7 KB (firecrawl, resend,
// mongodb) and tools of up to 87 KB (brave's place search), and import as
// published; the preview shows each tool's token price.
const (
	MaxDescriptionBytes = 16 << 10
	MaxContractBytes    = 128 << 10
	MaxCatalogBytes     = 4 << 20
	MaxTools            = 2000
	MaxSearchHints      = 32
	MaxSearchHintBytes  = 80
	// MaxToolWarnings is how many warnings one imported tool lists; one
	// more says how many others it has (a published server's tool lists
	// up to 65).
	MaxToolWarnings = 200
)

// MaxIDLength and MaxNamespaceLength are the longest tool id (namespace
// included) and service namespace the store keeps.
const (
	MaxIDLength        = 200
	MaxNamespaceLength = 64
)

// ToolIDPattern is a tool id, unanchored: a native tool's name, or a
// service and the tool name its server uses. Service tool names follow
// MCP 2025-11-25 (letters of either case, digits, '_', '-' and '.'); a
// name neither starts nor ends with '-' or '.'. A service's name holds no
// dot, so an id's first dot always ends its service and the rest is the
// server's name whole (svc.admin.tools.list is admin.tools.list of svc):
// ids stay unambiguous. Every place that reads an id (a reply's tool="…",
// an evaluation case) builds its pattern from this one.
const ToolIDPattern = `[a-z][a-z0-9_]*(?:\.` + serviceToolName + `)?`

const serviceToolName = `[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?`

// MaxToolNameLength is the longest service tool name (MCP's bound).
const MaxToolNameLength = 128

var idPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^` + ToolIDPattern + `$`) })

var schemaTypes = map[string]bool{"string": true, "number": true, "integer": true, "boolean": true, "object": true, "array": true, "null": true, "any": true}

// Validate checks every contract and the set as a whole and reports all
// problems together. A parameter may lack a description (an imported MCP
// or OpenAI tool's often does: it renders as its name and facts, nothing
// cut); the console's own format requires one at import (Parse) for the
// console's own tools and warns for a service's (namespace.name), which
// is how an imported service's contracts read back.
func Validate(cs []Contract) Problems { return validate(cs, true, false, nil) }

// validate checks the contracts; params=false skips the parameter and
// result trees (an importer that already checked them in its source's
// vocabulary); paramDescs requires every property of the console's own
// tools to have a description, and puts a service tool's property
// without one in ws.
func validate(cs []Contract, params, paramDescs bool, ws *Warnings) Problems {
	var ps Problems
	if len(cs) > MaxTools {
		ps.add("", "tools", "%d tools exceed the ceiling of %d", len(cs), MaxTools)
	}
	seen := map[string]int{}
	total := 0
	for i, c := range cs {
		name := c.ID
		if name == "" {
			name = fmt.Sprintf("#%d", i+1)
		}
		if prev, dup := seen[c.ID]; dup && c.ID != "" {
			ps.add(name, "id", "duplicate id (also tool #%d)", prev)
		} else {
			seen[c.ID] = i + 1
		}
		validateContract(&ps, ws, name, c, params, paramDescs)
		if b, err := json.Marshal(c); err == nil {
			if bytes.Contains(b, []byte(`\u0000`)) {
				ps.add(name, "", "contains a NUL character")
			}
			checkHiddenText(&ps, name, b)
			total += len(b)
			if len(b) > MaxContractBytes {
				ps.add(name, "", "contract is %d bytes, over the ceiling of %d", len(b), MaxContractBytes)
			}
		} else {
			ps.add(name, "", "contract cannot be encoded: %v", err)
		}
	}
	if total > MaxCatalogBytes {
		ps.add("", "", "catalog is %d bytes, over the ceiling of %d", total, MaxCatalogBytes)
	}
	return ps
}

func validateContract(ps *Problems, ws *Warnings, name string, c Contract, params, paramDescs bool) {
	switch {
	case c.ID == "":
		ps.add(name, "id", "is required")
	case !idPattern().MatchString(c.ID):
		ps.add(name, "id", "%q must match ^[a-z][a-z0-9_]*$, or namespace.name where the name holds letters, digits, '_' and inner '-'", c.ID)
	case len(c.ID) > MaxIDLength:
		ps.add(name, "id", "is %d characters, longer than the limit of %d", len(c.ID), MaxIDLength)
	case len(c.Namespace()) > MaxNamespaceLength:
		ps.add(name, "id", "namespace %q is longer than the limit of %d characters", c.Namespace(), MaxNamespaceLength)
	}
	if strings.TrimSpace(c.Title) == "" {
		ps.add(name, "title", "is required")
	} else if strings.ContainsAny(c.Title, "\r\n\u2028\u2029\u0085\v\f") {
		ps.add(name, "title", "must be one line")
	}
	// a service's tool may come without a description (MCP makes it
	// optional): it renders as its name, title and parameters, and the
	// reviewer is told; the console's own tools must say what they do
	checkText(ps, name, "purpose", c.Purpose, c.Namespace() == "")
	if c.Namespace() != "" && strings.TrimSpace(c.Purpose) == "" && ws != nil {
		ws.add(name, "description", "the tool has no description: the model sees only its name, title and parameters")
	}
	checkText(ps, name, "returns", c.Returns, false)
	for i, k := range c.Constraints {
		checkText(ps, name, fmt.Sprintf("constraints[%d]", i), k, true)
	}
	if !validClass(c.Class) {
		ps.add(name, "class", "%q is not one of %s", c.Class, joinClasses())
	}
	if !validEffects(c.Effects) {
		ps.add(name, "effects", "%q is not one of read-only, workspace-write, external-write, destructive", c.Effects)
	}
	if strings.TrimSpace(c.Version) == "" {
		ps.add(name, "version", "is required")
	}
	for i, s := range c.Signals {
		if strings.TrimSpace(s) == "" {
			ps.add(name, fmt.Sprintf("signals[%d]", i), "is empty")
		}
	}
	checkSearchHints(ps, name, c.SearchHints)
	for i, ex := range c.Examples {
		f := fmt.Sprintf("examples[%d]", i)
		checkText(ps, name, f+".description", ex.Description, true)
		var obj map[string]any
		if err := json.Unmarshal([]byte(ex.Call), &obj); err != nil {
			ps.add(name, f+".call", "must be a JSON object of arguments: %v", err)
		}
	}
	if !params {
		return
	}
	ch := &checker{ps: ps, tool: name, descRequired: paramDescs && c.Namespace() == ""}
	if paramDescs {
		ch.warn = ws
	}
	ch.params("params", c.Params, nil)
	var whole Param
	if c.Input != nil {
		ch.input("input", *c.Input, c.Params)
		whole = *c.Input
	}
	whole.Properties = c.Params
	ch.checkRecursion("input", "params", whole)
	if c.Output != nil {
		ch.output("output", *c.Output)
		ch.checkRecursion("output", "output", *c.Output)
	}
}

func checkText(ps *Problems, name, field, s string, required bool) {
	if required && strings.TrimSpace(s) == "" {
		ps.add(name, field, "description is empty")
		return
	}
	if len(s) > MaxDescriptionBytes {
		ps.add(name, field, "is %d bytes, over the ceiling of %d", len(s), MaxDescriptionBytes)
	}
	if !utf8.ValidString(s) {
		ps.add(name, field, "is not valid UTF-8")
	}
	if strings.ContainsRune(s, 0) {
		ps.add(name, field, "contains a NUL byte")
	}
}

func validClass(c Class) bool {
	for _, k := range Classes {
		if k == c {
			return true
		}
	}
	return false
}

func validEffects(e Effects) bool {
	for _, k := range EffectLevels {
		if k == e {
			return true
		}
	}
	return false
}

func joinClasses() string {
	s := make([]string, len(Classes))
	for i, c := range Classes {
		s[i] = string(c)
	}
	return strings.Join(s, ", ")
}

// checkSearchHints bounds a tool's search hints: how many, and each one's
// length.
func checkSearchHints(ps *Problems, name string, hints []string) {
	if len(hints) > MaxSearchHints {
		ps.add(name, "search_hints", "%d hints exceed the ceiling of %d", len(hints), MaxSearchHints)
	}
	for i, s := range hints {
		if strings.TrimSpace(s) == "" || len(s) > MaxSearchHintBytes {
			ps.add(name, fmt.Sprintf("search_hints[%d]", i), "must be 1 to %d bytes", MaxSearchHintBytes)
		}
	}
}
