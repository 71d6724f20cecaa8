package web

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestGatewayHintsFollowTheServersHints: the gateway re-advertises an
// imported tool with hints consistent with its reviewed contract, which
// keeps what the server stated: a closed-world write stays closed-world
// (openWorldHint false) and an idempotent one stays idempotent. The tool
// list is the reference memory server's own.
func TestGatewayHintsFollowTheServersHints(t *testing.T) {
	data, err := os.ReadFile("../catalog/testdata/servers/mcp-server-memory.tools.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Tools []struct {
			Name        string
			Annotations struct {
				ReadOnlyHint, DestructiveHint, IdempotentHint, OpenWorldHint *bool
			}
		}
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	contracts, ps := catalog.Parse("mcp", data, "memory")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	byName := map[string]catalog.Contract{}
	for _, c := range contracts {
		byName[c.ID] = c
	}
	checked := 0
	for _, tl := range doc.Tools {
		c, ok := byName["memory."+tl.Name]
		if !ok || tl.Annotations.OpenWorldHint == nil {
			continue
		}
		got := contractTool(c).Annotations
		want := tl.Annotations
		if got.ReadOnlyHint != *want.ReadOnlyHint {
			t.Errorf("%s: readOnlyHint %v, the server says %v", tl.Name, got.ReadOnlyHint, *want.ReadOnlyHint)
		}
		if got.OpenWorldHint == nil || *got.OpenWorldHint != *want.OpenWorldHint {
			t.Errorf("%s: openWorldHint %v, the server says %v", tl.Name, deref(got.OpenWorldHint), *want.OpenWorldHint)
		}
		if !*want.ReadOnlyHint {
			if got.IdempotentHint != *want.IdempotentHint {
				t.Errorf("%s: idempotentHint %v, the server says %v", tl.Name, got.IdempotentHint, *want.IdempotentHint)
			}
			if got.DestructiveHint == nil || *got.DestructiveHint != *want.DestructiveHint {
				t.Errorf("%s: destructiveHint %v, the server says %v", tl.Name, deref(got.DestructiveHint), *want.DestructiveHint)
			}
		}
		checked++
	}
	if checked < 5 {
		t.Fatalf("only %d tools with hints checked", checked)
	}
}

func deref(b *bool) any {
	if b == nil {
		return nil
	}
	return *b
}
