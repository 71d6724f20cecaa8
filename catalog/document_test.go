package catalog_test

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// allocated reports the bytes fn allocates (runtime.MemStats.TotalAlloc,
// which counts every allocation, freed or not: deterministic enough to
// hold a bound that is far from the measured figure).
func allocated(fn func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	fn()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// refusedBy finds the problem on "file" that names the rule.
func refusedBy(ps catalog.Problems, rule string) (catalog.Problem, bool) {
	for _, p := range ps {
		if p.Field == "file" && p.Keyword == rule {
			return p, true
		}
	}
	return catalog.Problem{}, false
}

// `[`×N nested YAML cost 703 MB and 5.9 s at
// N=20,000 (the parser's work grew before any ceiling). Scaled to 5,000.
func TestNestedYAMLIsRefusedBeforeItGrows(t *testing.T) {
	for _, doc := range []string{
		"tools: " + strings.Repeat("[", 5000) + strings.Repeat("]", 5000),
		"tools:\n" + nestedBlock(200),
		strings.Repeat("{a: ", 3000) + "1" + strings.Repeat("}", 3000),
	} {
		var ps catalog.Problems
		n := allocated(func() { _, ps = catalog.Parse(catalog.FormatNative, []byte(doc), "") })
		p, ok := refusedBy(ps, "depth")
		if !ok {
			t.Fatalf("want a refusal naming the depth ceiling, got %v", ps)
		}
		if !strings.Contains(p.Message, "64") {
			t.Errorf("the refusal names no ceiling: %s", p.Message)
		}
		if n > 8<<20 {
			t.Errorf("refusing %d bytes allocated %d bytes, want at most 8 MiB", len(doc), n)
		}
	}
}

func nestedBlock(depth int) string {
	var b strings.Builder
	for i := 0; i < depth; i++ {
		b.WriteString(strings.Repeat(" ", i) + "- \n")
	}
	return b.String()
}

// aliasBomb is the billion-laughs document scaled: levels of ten aliases
// to the level below, 10^levels values when expanded.
func aliasBomb(levels int) string {
	var b strings.Builder
	b.WriteString("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, "a%d: &a%d [", i, i)
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*a%d", i-1)
		}
		b.WriteString("]\n")
	}
	fmt.Fprintf(&b, "tools: *a%d\n", levels)
	return b.String()
}

// A 626-byte alias bomb pinned a core for hours.
// Scaled to 10^6 values (the attack's was 10^12).
func TestAliasBombIsRefusedAsItExpands(t *testing.T) {
	doc := aliasBomb(5)
	var ps catalog.Problems
	n := allocated(func() { _, ps = catalog.Parse(catalog.FormatNative, []byte(doc), "") })
	p, ok := refusedBy(ps, "values")
	if !ok {
		t.Fatalf("want a refusal naming the values ceiling, got %v", ps)
	}
	if !strings.Contains(p.Message, "250000") || !strings.Contains(p.Message, "aliases") {
		t.Errorf("the refusal does not say which ceiling: %s", p.Message)
	}
	if n > 100<<20 {
		t.Errorf("a %d-byte bomb allocated %d bytes, want at most 100 MiB", len(doc), n)
	}
}

// doublingRefs is an MCP tools list: each tool's schema refers to a
// definition that refers twice to the next, levels deep (2^levels nodes).
func doublingRefs(tools, levels int) string {
	var b strings.Builder
	b.WriteString(`{"tools":[`)
	for i := 0; i < tools; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name":"t%d","description":"d","inputSchema":{"type":"object","properties":{"a":{"$ref":"#/$defs/d0"}},"$defs":{`, i)
		for l := 0; l < levels; l++ {
			fmt.Fprintf(&b, `"d%d":{"type":"object","description":"level %d","properties":{"x":{"$ref":"#/$defs/d%d"},"y":{"$ref":"#/$defs/d%d"}}},`, l, l, l+1, l+1)
		}
		fmt.Fprintf(&b, `"d%d":{"type":"string","description":"leaf"}}}}`, levels)
	}
	b.WriteString("]}")
	return b.String()
}

// 2,000 tools each with a 12-level doubling $ref
// (each within the per-tool node bound) cost 69 s and 1.8 GB. Scaled to
// 100 tools (819,200 nodes before the fix).
func TestReferenceExpansionIsBoundedPerImport(t *testing.T) {
	doc := doublingRefs(100, 11)
	var ps catalog.Problems
	n := allocated(func() { _, ps = catalog.Parse(catalog.FormatMCP, []byte(doc), "svc") })
	found := false
	for _, p := range ps {
		if strings.Contains(p.Message, "the ceiling for one import") {
			found = true
		}
	}
	if !found {
		t.Fatalf("want a refusal naming the import's schema ceiling, got %d problems, first %v", len(ps), ps[:min(3, len(ps))])
	}
	if n > 100<<20 {
		t.Errorf("allocated %d bytes, want at most 100 MiB", n)
	}
	// tool by tool (the console's import of a third-party document), the
	// tools share the budget: those past it are rejected, each saying why
	var o catalog.Outcome
	n = allocated(func() { o = catalog.ParseEach(catalog.FormatMCP, []byte(doc), "svc", false) })
	if len(o.Rejected) == 0 || !strings.Contains(fmt.Sprint(o.Rejected[len(o.Rejected)-1]), "the ceiling for one import") {
		t.Errorf("tool by tool: want the last tools rejected by the import's ceiling, got %d rejected", len(o.Rejected))
	}
	if n > 100<<20 {
		t.Errorf("tool by tool: allocated %d bytes, want at most 100 MiB", n)
	}
}

// An import ends with its request: a context already ended refuses the
// document without reading on.
func TestImportEndsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, ps, _ := catalog.ParseContext(ctx, catalog.FormatMCP, []byte(doublingRefs(3, 3)), "svc")
	if len(ps) == 0 || !strings.Contains(ps.Error(), "the import was stopped") {
		t.Fatalf("want the import stopped, got %v", ps)
	}
	big := strings.Repeat("- {id: a}\n", 20000)
	_, ps, _ = catalog.ParseContext(ctx, catalog.FormatNative, []byte(big), "")
	if _, ok := refusedBy(ps, "cancelled"); !ok {
		t.Fatalf("want the read stopped, got %v", ps)
	}
}

// Imports silently rewrote documents, invalid UTF-8
// becoming U+FFFD and the last of two JSON keys winning.
func TestImportsRefuseWhatTheyWouldRewrite(t *testing.T) {
	tool := `{"name":"t","description":"%s","inputSchema":{"type":"object"}}`
	cases := []struct {
		name, format, doc, rule, where string
	}{
		{"bad utf-8 in json", catalog.FormatMCP, `{"tools":[` + fmt.Sprintf(tool, "caf\xe9") + `]}`, "utf-8", "tools[0].description"},
		{"bad utf-8 in yaml", catalog.FormatNative, "tools:\n  - id: a\n    purpose: caf\xe9\n", "utf-8", "line 3, column 17"},
		{"duplicate json key", catalog.FormatMCP, `{"tools":[{"name":"t","description":"a","description":"b","inputSchema":{"type":"object"}}]}`, "duplicate key", "tools[0].description"},
		{"duplicate nested json key", catalog.FormatMCP, `{"tools":[{"name":"t","description":"a","inputSchema":{"type":"object","properties":{"q":{"type":"string"},"q":{"type":"number"}}}}]}`, "duplicate key", "tools[0].inputSchema.properties.q"},
		{"duplicate yaml key", catalog.FormatNative, "tools:\n  - id: a\n    id: b\n", "duplicate key", "tools[0].id"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, ps := catalog.Parse(tc.format, []byte(tc.doc), "svc")
			p, ok := refusedBy(ps, tc.rule)
			if !ok {
				t.Fatalf("want a refusal by the %s rule, got %v", tc.rule, ps)
			}
			if !strings.Contains(p.Message, tc.where) {
				t.Errorf("the refusal does not say where (%s): %s", tc.where, p.Message)
			}
		})
	}
}
