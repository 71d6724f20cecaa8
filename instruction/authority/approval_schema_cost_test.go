package authority

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// costlySchemaTool is a reviewed tool whose schema has many pattern
// properties and a recursive tree ($ref), the two things the reviewer's
// view must resolve for each argument.
func costlySchemaTool(t testing.TB) *catalog.Contract {
	var pats []string
	for i := 0; i < 20; i++ {
		pats = append(pats, fmt.Sprintf(`"^p%d_[a-z]+$":{"type":"string","writeOnly":true}`, i))
	}
	var props []string
	for i := 0; i < 30; i++ {
		props = append(props, fmt.Sprintf(`"f%d":{"type":"string"}`, i))
	}
	doc := `{"tools":[{"name":"t","description":"Does a thing.","inputSchema":{"type":"object","properties":{
		"bag":{"type":"object","patternProperties":{` + strings.Join(pats, ",") + `},"additionalProperties":{"type":"string"}},
		"tree":{"type":"object","properties":{` + strings.Join(props, ",") + `,"code":{"type":"string","writeOnly":true},"kids":{"type":"array","items":{"$ref":"#/properties/tree"}}}}}}}]}`
	cs, ps := catalog.Parse(catalog.FormatMCP, []byte(doc), "svc")
	if len(ps) > 0 || len(cs) != 1 {
		t.Fatalf("import: %v", ps)
	}
	return &cs[0]
}

// costlyArguments has n keys in the pattern-matched object and a tree n
// levels deep.
func costlyArguments(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"bag":{`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"k%d":"v"`, i)
	}
	b.WriteString(`},"tree":`)
	for i := 0; i < n; i++ {
		b.WriteString(`{"code":"c","kids":[`)
	}
	b.WriteString(`{"code":"c"}`)
	for i := 0; i < n; i++ {
		b.WriteString(`]}`)
	}
	b.WriteString(`}`)
	return []byte(b.String())
}

// TestArgumentsViewSchemaCostPerArgument: the reviewer's view resolves
// its schema (pattern properties compiled, $ref places found) once per
// reviewed digest, not once per argument, so an argument adds a small,
// fixed cost whatever the schema holds: measured as allocations per
// added argument (each compile of a pattern or walk of the schema
// allocates), bounded well below what per-argument compiling costs.
func TestArgumentsViewSchemaCostPerArgument(t *testing.T) {
	c := costlySchemaTool(t)
	small, large := costlyArguments(5), costlyArguments(45)
	view := func(args []byte) func() {
		return func() { ArgumentsViewOf(args, "sha256:costly", c) }
	}
	view(small)() // the schema's one resolution
	perArg := (testing.AllocsPerRun(20, view(large)) - testing.AllocsPerRun(20, view(small))) / 80
	if perArg > 60 {
		t.Errorf("%.0f allocations per added argument, want at most 60 (the schema resolved once per digest)", perArg)
	}
	if v := ArgumentsViewOf([]byte(`{"bag":{"p3_abc":"hidden1","q":"shown"},"tree":{"code":"hidden2","kids":[{"code":"hidden3"}]}}`), "sha256:costly", c); strings.Contains(v, "hidden") || !strings.Contains(v, "shown") {
		t.Errorf("view masks by the cached schema wrongly:\n%s", v)
	}
}

// BenchmarkArgumentsViewSchema compares, in one run, the reviewer's view
// of 45 arguments under a schema with 20 pattern properties and a
// recursive tree: resolved per argument (no digest: nothing cached) and
// resolved once per digest.
func BenchmarkArgumentsViewSchema(b *testing.B) {
	c := costlySchemaTool(b)
	args := costlyArguments(45)
	b.Run("per-call", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			ArgumentsViewFor(args, c)
		}
	})
	b.Run("per-digest", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			ArgumentsViewOf(args, "sha256:bench", c)
		}
	})
}
