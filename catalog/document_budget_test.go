package catalog_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// largestDocuments are the costliest documents each ceiling allows, by
// kind: the densest in values, the largest in bytes, the most structural
// marks of YAML, the most schema expansion, and a real server's tools
// copied to the tool ceiling.
func largestDocuments(t testing.TB) map[string]struct {
	format string
	doc    []byte
} {
	lim := catalog.ImportLimits
	out := map[string]struct {
		format string
		doc    []byte
	}{}
	add := func(name, format, doc string) {
		if len(doc) > lim.Bytes {
			t.Fatalf("%s: %d bytes, over the ceiling", name, len(doc))
		}
		out[name] = struct {
			format string
			doc    []byte
		}{format, []byte(doc)}
	}
	// values: a flat JSON list at the values ceiling
	add("json values", catalog.FormatNative, "["+strings.Repeat("1,", lim.Values-2)+"1]")
	// values: objects nested to the depth ceiling, repeated
	add("json objects", catalog.FormatNative, "["+strings.Repeat(`{"a":{"b":{"c":[1,2]}}},`, lim.Values/8-1)+`{}]`)
	// bytes: texts at the text ceiling filling the document
	text := strings.Repeat("x", lim.Text-10)
	add("json bytes", catalog.FormatNative, "["+strings.Repeat(`{"id":"a","purpose":"`+text+`"},`, lim.Bytes/lim.Text-1)+"{}]")
	add("yaml bytes", catalog.FormatNative, strings.Repeat("- id: a\n  purpose: "+text+"\n", lim.Bytes/lim.Text-1))
	add("mcp bytes", catalog.FormatMCP, `{"tools":[`+strings.Repeat(`{"name":"a","description":"`+text+`","inputSchema":{"type":"object"}},`, lim.Bytes/lim.Text-1)+`{}]}`)
	// YAML: the marks ceiling in a block list, and in a flow list
	add("yaml block", catalog.FormatNative, strings.Repeat("- a\n", lim.Marks/2-1))
	add("yaml flow", catalog.FormatNative, "tools: ["+strings.Repeat("a,", lim.Marks-10)+"a]")
	add("yaml mappings", catalog.FormatNative, strings.Repeat("- {a: b, c: d}\n", lim.Marks/6-1))
	// aliases: expansion up to the values ceiling
	add("yaml aliases", catalog.FormatNative, aliasBomb(5))
	// schema expansion: the import's node budget spent by references
	add("mcp references", catalog.FormatMCP, doublingRefs(catalog.MaxImportSchemaNodes/2048+1, 11))
	// a real server's tools, copied up to the tool ceiling
	raw, err := os.ReadFile("testdata/github-mcp-server.tools.json")
	if err != nil {
		t.Fatal(err)
	}
	var gh struct{ Tools []map[string]any }
	if err := json.Unmarshal(raw, &gh); err != nil {
		t.Fatal(err)
	}
	var tools []map[string]any
	for i := 0; len(tools) < catalog.MaxTools; i++ {
		for _, tl := range gh.Tools {
			c := map[string]any{}
			for k, v := range tl {
				c[k] = v
			}
			c["name"] = fmt.Sprintf("%s_%d", tl["name"], i)
			tools = append(tools, c)
			if len(tools) == catalog.MaxTools {
				break
			}
		}
	}
	b, _ := json.Marshal(map[string]any{"tools": tools})
	add("mcp real tools", catalog.FormatMCP, string(b))
	return out
}

// TestLargestDocumentsStayWithinBudget: no document within the ceilings
// costs more than 100 MB to import (the security rules), accepted or refused.
// Time is measured by BenchmarkLargestDocuments (no timing here).
func TestLargestDocumentsStayWithinBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("builds documents of several MB")
	}
	for name, d := range largestDocuments(t) {
		var ps catalog.Problems
		n := allocated(func() { _, ps, _ = catalog.ParseContext(context.Background(), d.format, d.doc, "svc") })
		t.Logf("%s: %d bytes, %d problems, allocated %.1f MB", name, len(d.doc), len(ps), float64(n)/(1<<20))
		if n > allocBudgetFactor*100<<20 {
			t.Errorf("%s: allocated %d bytes, want at most %d MB", name, n, allocBudgetFactor*100)
		}
		if d.format == catalog.FormatMCP {
			n = allocated(func() { catalog.ParseEach(d.format, d.doc, "svc", false) })
			t.Logf("%s tool by tool: allocated %.1f MB", name, float64(n)/(1<<20))
			if n > allocBudgetFactor*100<<20 {
				t.Errorf("%s tool by tool: allocated %d bytes, want at most %d MB", name, n, allocBudgetFactor*100)
			}
		}
	}
}

// BenchmarkLargestDocuments times the import of each largest document:
// go test ./catalog -run '^$' -bench LargestDocuments -benchtime 3x
func BenchmarkLargestDocuments(b *testing.B) {
	for name, d := range largestDocuments(b) {
		b.Run(strings.ReplaceAll(name, " ", "_"), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				catalog.ParseContext(context.Background(), d.format, d.doc, "svc")
			}
		})
	}
}

func benchmarkOne(b *testing.B) {
	d := largestDocuments(b)[os.Getenv("DOC")]
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		catalog.ParseContext(context.Background(), d.format, d.doc, "svc")
	}
}
