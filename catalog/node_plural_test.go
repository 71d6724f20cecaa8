package catalog_test

import (
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestCompositionCountsTakeTheirNumber: a composition of one schema (a
// false option dropped beside it) says "1 option", never "1 options".
func TestCompositionCountsTakeTheirNumber(t *testing.T) {
	doc := `{"tools":[{"name":"t","description":"Does a thing.","inputSchema":{"type":"object","properties":{
		"a":{"description":"A.","anyOf":[{"type":"string"}]},
		"o":{"description":"O.","oneOf":[{"type":"string"}]},
		"l":{"description":"L.","allOf":[{"type":"string"}]}}}}]}`
	cs, ps := catalog.Parse(catalog.FormatMCP, []byte(doc), "svc")
	if len(ps) > 0 || len(cs) != 1 {
		t.Fatalf("import: %v", ps)
	}
	text := catalog.RenderFull(cs[0])
	for _, want := range []string{"at least one of 1 option)", "exactly one of 1 variant)", "all of 1 part)"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in:\n%s", want, text)
		}
	}
}
