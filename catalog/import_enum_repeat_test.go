package catalog_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestEnumRepeatsAreDroppedAndShown: JSON Schema asks an enum's values
// to be unique but does not make a repeat an error, and a repeat allows
// nothing more, so a server's tool whose enum lists a value twice is
// imported with the repeat dropped (the first position kept), and the
// reviewer is told where; the argument check then reads one value.
func TestEnumRepeatsAreDroppedAndShown(t *testing.T) {
	voice := obj(map[string]any{"provider": str("Voice provider.", "enum", []any{"azure", "11labs", "openai", "11labs"})})
	doc := mcpDoc(t, mcpTool("create_assistant", obj(map[string]any{"voice": voice})))
	o := catalog.ParseEach(catalog.FormatMCP, doc, "vox", false)
	if len(o.Problems) > 0 || len(o.Rejected) > 0 || len(o.Contracts) != 1 {
		t.Fatalf("problems %v, rejected %v, %d contracts", o.Problems, o.Rejected, len(o.Contracts))
	}
	var enum []any
	for _, p := range o.Contracts[0].Params {
		for _, q := range p.Properties {
			if q.Name == "provider" {
				enum = q.Enum
			}
		}
	}
	if got, _ := json.Marshal(enum); string(got) != `["azure","11labs","openai"]` {
		t.Errorf("enum %s, want the repeat dropped", got)
	}
	found := false
	for _, w := range o.Warnings {
		if strings.HasSuffix(w.Field, "provider.enum") && strings.Contains(w.Message, `"11labs" twice`) {
			found = true
		}
	}
	if !found {
		t.Errorf("no warning names the repeated value: %v", o.Warnings)
	}
	if ps := catalog.Validate(o.Contracts); len(ps) > 0 {
		t.Errorf("the imported contract does not validate: %v", ps)
	}
}
