package fidelity_test

import (
	"os"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/fidelity"
)

// TestAParameterToConfigureIsNoDeed: the published chart server's
// generate_district_map says "only `fillColor` needs to be configured" of
// its own parameter: a value to set in the call, not an action asked of
// the agent.
func TestAParameterToConfigureIsNoDeed(t *testing.T) {
	raw, err := os.ReadFile("../../catalog/testdata/published/antv-mcp-server-chart@0.9.10.tools.json")
	if err != nil {
		t.Fatal(err)
	}
	cs, ps := catalog.Parse(catalog.FormatMCP, raw, "chart")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	for _, k := range cs {
		for _, f := range fidelity.CheckContract(k, cs) {
			if f.Class == "action:configure" {
				t.Errorf("%s: %s via %q: %s", k.ID, f.Class, f.Signal, f.Excerpt)
			}
		}
	}
}
