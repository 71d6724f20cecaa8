package args

import (
	"fmt"
	"testing"

	"github.com/agentforge/console/catalog"
)

func importOne(t *testing.T, inputSchema string) catalog.Contract {
	t.Helper()
	doc := fmt.Sprintf(`{"tools":[{"name":"t","description":"Does a thing.","inputSchema":%s}]}`, inputSchema)
	cs, ps := catalog.Parse(catalog.FormatMCP, []byte(doc), "svc")
	if len(ps) > 0 || len(cs) != 1 {
		t.Fatalf("import: %v", ps)
	}
	return cs[0]
}

// TestUndeclaredLevelsAreReadOncePerDigest: which levels of a reviewed
// schema are closed is read once per digest (every check of it leases the
// same levels), and a changed contract, a new digest, is read anew: the
// member it now declares passes, where the old digest still refuses it.
func TestUndeclaredLevelsAreReadOncePerDigest(t *testing.T) {
	k := NewChecker(0)
	old := importOne(t, `{"type":"object","properties":{"to":{"type":"string","description":"To."}}}`)
	d1 := catalog.Digest(old)
	l1, err := k.lease(d1, &old)
	if err != nil {
		t.Fatal(err)
	}
	l2, _ := k.lease(d1, &old)
	if l1.levels == nil || l1.levels != l2.levels {
		t.Errorf("two checks of one digest read its levels twice (%p, %p)", l1.levels, l2.levels)
	}
	raw := []byte(`{"to":"bob","cc":"ann"}`)
	if ps := k.Check(d1, &old, raw); len(ps) != 1 || ps[0].Pointer != "/cc" {
		t.Errorf("the old contract: %v, want /cc undeclared", ps)
	}
	changed := importOne(t, `{"type":"object","properties":{"to":{"type":"string","description":"To."},"cc":{"type":"string","description":"Cc."}}}`)
	d2 := catalog.Digest(changed)
	if d2 == d1 {
		t.Fatal("the changed contract has the old digest")
	}
	if ps := k.Check(d2, &changed, raw); ps != nil {
		t.Errorf("the changed contract: %v, want none", ps)
	}
	if ps := k.Check(d1, &old, raw); len(ps) != 1 {
		t.Errorf("the old digest after the change: %v, want /cc undeclared", ps)
	}
}
