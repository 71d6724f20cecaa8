package catalog_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestAToolsWarningsAreCapped: a tool of many undescribed properties
// gets at most MaxToolWarnings warnings and one that says how many more
// there are, not one per property (10,000 properties listed 10,036).
func TestAToolsWarningsAreCapped(t *testing.T) {
	n := catalog.MaxToolWarnings * 3
	props := map[string]any{}
	for i := range n {
		props[fmt.Sprintf("p%d", i)] = map[string]any{"type": "string"}
	}
	doc := mcpDoc(t, mcpTool("wide", map[string]any{"type": "object", "properties": props}))
	o := catalog.ParseEach(catalog.FormatMCP, doc, "svc", false)
	if len(o.Warnings) != catalog.MaxToolWarnings+1 {
		t.Fatalf("%d warnings for %d undescribed properties, want %d and one more", len(o.Warnings), n, catalog.MaxToolWarnings)
	}
	last := o.Warnings[len(o.Warnings)-1]
	if !strings.Contains(last.Message, "more warnings of this tool") || last.Tool != "wide" {
		t.Errorf("the last warning: %+v", last)
	}
}
