package instruction_test

import (
	"slices"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
)

// TestSyntheticIDsAreReserved: every tool the composer provides itself has
// an id the catalog refuses to import, so no step teaches two tools of one
// name.
func TestSyntheticIDsAreReserved(t *testing.T) {
	syn := instruction.SyntheticContracts()
	if len(syn) != len(catalog.ReservedIDs) {
		t.Errorf("%d synthetic tools, %d reserved ids", len(syn), len(catalog.ReservedIDs))
	}
	for _, c := range syn {
		if !slices.Contains(catalog.ReservedIDs, c.ID) {
			t.Errorf("synthetic tool %s is not in catalog.ReservedIDs", c.ID)
		}
	}
}
