package credential

import (
	"testing"

	"github.com/agentforge/console/instruction/authority/credential/credentialtest"
)

// TestNamedAgreesWithTheTable: Named answers every name of the shared
// table as the table says; each other path that reads a name runs the
// same table.
func TestNamedAgreesWithTheTable(t *testing.T) {
	for _, c := range credentialtest.Names {
		t.Run(c.Name, func(t *testing.T) {
			if got := Named(c.Name); got != c.Secret {
				t.Errorf("Named(%q) = %v, want %v", c.Name, got, c.Secret)
			}
		})
	}
}

// TestAssignmentNamesAgree: NAME=VALUE in free text has its (random)
// value masked exactly when the shared table says the name holds a
// secret.
func TestAssignmentNamesAgree(t *testing.T) {
	const value = "Qm9vZ3Vz7kLp"
	for _, c := range credentialtest.Names {
		t.Run(c.Name, func(t *testing.T) {
			text := "set " + c.Name + "=" + value + " now"
			if got := Mask(text, "[masked]") != text; got != c.Secret {
				t.Errorf("Mask(%q) masked = %v, want %v", text, got, c.Secret)
			}
		})
	}
}
