package catalog_test

import (
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestEachToolIsItsOwnUnit: one bad tool of a third-party document is a
// rejection with its reasons, and the others import. A name
// listed twice rejects every tool of that name as one entry; an entry
// that is no object or has no usable name is rejected without an id; the
// console's own format stays all-or-nothing; strict makes the others so.
func TestEachToolIsItsOwnUnit(t *testing.T) {
	good := mcpTool("list_issues", obj(map[string]any{"q": str("Query.")}))
	bad := mcpTool("create_issue", obj(map[string]any{"n": map[string]any{"type": "integer", "minimum": 5.0, "maximum": 1.0}}))
	dupA := mcpTool("twice", obj(map[string]any{"a": str("A.")}))
	dupB := mcpTool("twice", obj(map[string]any{"b": str("B.")}))
	unnamed := map[string]any{"description": "No name.", "inputSchema": obj(nil)}
	badName := mcpTool("Bad Name", obj(nil))
	doc := mcpDoc(t, good, bad, dupA, dupB, unnamed, badName)
	for _, format := range []string{catalog.FormatMCP} {
		o := catalog.ParseEach(format, doc, "acme", false)
		if len(o.Problems) > 0 || len(o.Contracts) != 1 || o.Contracts[0].ID != "acme.list_issues" {
			t.Fatalf("outcome: contracts %v, problems %v", o.Contracts, o.Problems)
		}
		var got []string
		for _, r := range o.Rejected {
			got = append(got, r.Name+"="+r.ID)
			if len(r.Problems) == 0 || len(r.Descriptor) == 0 {
				t.Errorf("%s: no reasons or descriptor", r.Name)
			}
		}
		if want := "create_issue=acme.create_issue twice=acme.twice #5= Bad Name="; strings.Join(got, " ") != want {
			t.Errorf("rejected %q, want %q", strings.Join(got, " "), want)
		}
		if !hasProblem(o.Rejected[0].Problems, "create_issue", "inputSchema.n.minimum", "above the maximum") {
			t.Errorf("reasons: %v", o.Rejected[0].Problems)
		}
		if !hasProblem(o.Rejected[1].Problems, "twice", "name", "2 tools of this document (#3, #4)") || !strings.HasPrefix(string(o.Rejected[1].Descriptor), "[") {
			t.Errorf("duplicates: %v %s", o.Rejected[1].Problems, o.Rejected[1].Descriptor)
		}
		if !hasProblem(o.Rejected[2].Problems, "#5", "name", "is required") {
			t.Errorf("unnamed: %v", o.Rejected[2].Problems)
		}
		strict := catalog.ParseEach(format, doc, "acme", true)
		if len(strict.Contracts) != 0 || len(strict.Rejected) != 0 || len(strict.Problems) < 4 {
			t.Errorf("strict: %d contracts, %d problems", len(strict.Contracts), len(strict.Problems))
		}
	}
	// OpenAI function tools: the same rule
	oa := []byte(`[{"type":"function","function":{"name":"ok","description":"Fine.","parameters":{"type":"object","properties":{}}}},{"type":"function","function":{"name":"no","description":"Broken.","parameters":{"type":"array"}}}]`)
	if o := catalog.ParseEach(catalog.FormatOpenAI, oa, "acme", false); len(o.Contracts) != 1 || len(o.Rejected) != 1 || o.Rejected[0].ID != "acme.no" {
		t.Errorf("openai: %+v", o)
	}
	// the console's own format: one bad entry refuses the file
	native := []byte(`[{"id":"a","title":"A","purpose":"p","class":"web","effects":"read-only","version":"1"},{"id":"b","title":"B","purpose":"","class":"web","effects":"read-only","version":"1"}]`)
	if o := catalog.ParseEach(catalog.FormatNative, native, "", false); len(o.Contracts) != 0 || len(o.Rejected) != 0 || len(o.Problems) != 1 {
		t.Errorf("native: %+v", o)
	}
	// document-level problems refuse everything
	for _, d := range []struct{ doc, ns, field string }{{"", "acme", "file"}, {`{"tools":[]}`, "acme", "tools"}, {`{"x":1}`, "acme", "tools"}, {string(doc), "Bad", "namespace"}} {
		if o := catalog.ParseEach(catalog.FormatMCP, []byte(d.doc), d.ns, false); len(o.Problems) != 1 || o.Problems[0].Field != d.field || o.Contracts != nil {
			t.Errorf("%q: %+v", d.doc, o)
		}
	}
}
