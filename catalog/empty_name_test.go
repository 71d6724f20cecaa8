package catalog_test

import (
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestAnEmptyPropertyNameIsNamedUnderItsParent: a property named "" in
// a JSON Schema's properties is refused at its place under its parent
// (inputSchema."", inputSchema.filter.""), not at a list index the
// document does not have.
func TestAnEmptyPropertyNameIsNamedUnderItsParent(t *testing.T) {
	doc := `{"tools":[{"name":"t","description":"Does a thing.","inputSchema":{"type":"object","properties":{
		"":{"type":"string","description":"Nameless."},
		"filter":{"type":"object","description":"F.","properties":{"":{"type":"string","description":"Nameless."}}}}}}]}`
	_, ps := catalog.Parse(catalog.FormatMCP, []byte(doc), "svc")
	for _, field := range []string{`inputSchema.""`, `inputSchema.filter.""`} {
		if !hasProblem(ps, "t", field, "empty") {
			t.Errorf("no problem at %s: %v", field, ps)
		}
	}
}
