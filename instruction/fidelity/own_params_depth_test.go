package fidelity_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/fidelity"
)

// TestOwnParameterNamedAtAnyDepth: the published image server's
// generate_image names inputImagePath, its own parameter, as the image it
// edits. The import preview credits the name wherever the tool's
// schema defines it — at the top, in a nested object or in an array's
// items — and flags it only when no schema of the tool defines it (an
// entry imported without its schema).
func TestOwnParameterNamedAtAnyDepth(t *testing.T) {
	raw, err := os.ReadFile("../../catalog/testdata/published/mcp-image@0.14.0.tools.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Tools []map[string]any `json:"tools"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	props := doc.Tools[0]["inputSchema"].(map[string]any)["properties"].(map[string]any)
	own := props["inputImagePath"]
	delete(props, "inputImagePath")
	nested := map[string]any{"type": "object", "description": "Where the source image comes from.",
		"properties": map[string]any{"inputImagePath": own}}
	listed := map[string]any{"type": "array", "description": "Source images.",
		"items": map[string]any{"type": "object", "properties": map[string]any{"inputImagePath": own}}}
	for _, c := range []struct {
		name  string
		place func()
		want  bool
	}{
		{"at the top", func() { props["inputImagePath"] = own }, false},
		{"in a nested object", func() { props["source"] = nested }, false},
		{"in an array's items", func() { props["sources"] = listed }, false},
		{"nowhere", func() {}, true},
	} {
		delete(props, "inputImagePath")
		delete(props, "source")
		delete(props, "sources")
		c.place()
		body, _ := json.Marshal(doc)
		cs, ps := catalog.Parse(catalog.FormatMCP, body, "image")
		if len(ps) > 0 {
			t.Fatal(ps)
		}
		got := false
		for _, f := range fidelity.CheckContract(cs[0], cs) {
			if f.Tool == "inputImagePath" || f.Signal == "using inputImagePath" {
				got = true
			}
		}
		if got != c.want {
			t.Errorf("inputImagePath defined %s: finding %v, want %v", c.name, got, c.want)
		}
	}
}
