package catalog_test

import (
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestOneToolOverADocumentCeilingIsRefusedAlone: a tool whose text is over
// the document's text ceiling, or whose schema nests deeper than its depth
// ceiling, is refused alone, named by its place, name and field; the
// document's other tools import (the whole document used to be refused).
func TestOneToolOverADocumentCeilingIsRefusedAlone(t *testing.T) {
	good := `{"name":"ok","description":"Reads a note.","inputSchema":{"type":"object"}}`
	deep := `{"type":"string"}`
	for range 70 {
		deep = `{"type":"object","properties":{"x":` + deep + `}}`
	}
	for name, bad := range map[string]string{
		"text":  `{"name":"huge","description":"` + strings.Repeat("word ", 300000) + `","inputSchema":{"type":"object"}}`,
		"depth": `{"name":"deep","description":"A tool.","inputSchema":` + deep + `}`,
	} {
		doc := `{"tools":[` + good + `,` + bad + `]}`
		o := catalog.ParseEach(catalog.FormatMCP, []byte(doc), "svc", false)
		if len(o.Problems) > 0 || len(o.Contracts) != 1 || len(o.Rejected) != 1 {
			t.Fatalf("%s: problems %v, %d imported, %d rejected", name, o.Problems, len(o.Contracts), len(o.Rejected))
		}
		r := o.Rejected[0]
		want := map[string]string{"text": "description", "depth": "inputSchema"}[name]
		if r.Index != 2 || r.ID == "" || r.Problems[0].Field != want || len(r.Descriptor) > 100 {
			t.Errorf("%s: rejected #%d %s, problems %v, descriptor of %d bytes", name, r.Index, r.ID, r.Problems, len(r.Descriptor))
		}
		if o := catalog.ParseEach(catalog.FormatMCP, []byte(doc), "svc", true); len(o.Problems) == 0 || len(o.Contracts) > 0 {
			t.Errorf("%s: strict import took the document: %v", name, o.Problems)
		}
	}
}
