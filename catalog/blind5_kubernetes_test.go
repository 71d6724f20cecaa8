package catalog_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestBlind5KubernetesCasesNameOnlyKnownTools imports the tools file the
// header of the Kubernetes case file names, verbatim and under the
// namespace the header gives, with the console's MCP import (catalog.Parse,
// then catalog.New), and checks every expected id, the exact kind counts and
// the shape of each case. It reads no ranking.
func TestBlind5KubernetesCasesNameOnlyKnownTools(t *testing.T) {
	name := "kubernetes-mcp-server.cases.yaml"
	cat, suite, namespaces := loadOther2(t, filepath.Join(blind5Dir, name))
	if len(namespaces) != 1 || namespaces["kubernetes"] != "kubernetes-mcp-server.tools.json" {
		t.Errorf("the header names %v, want kubernetes-mcp-server.tools.json under namespace kubernetes", namespaces)
	}
	if n := len(cat.Contracts()); n != 20 {
		t.Errorf("the catalog has %d tools, want 20", n)
	}
	for _, c := range cat.Contracts() {
		if !strings.HasPrefix(c.ID, "kubernetes.") {
			t.Errorf("tool %q is outside namespace kubernetes", c.ID)
		}
	}
	known := func(id string) bool { _, ok := cat.Get(id); return ok }
	for _, p := range caseSetProblems(known, suite, blind5Kinds[name]) {
		t.Error(p)
	}
}
