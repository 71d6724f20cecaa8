package credential

import (
	"testing"

	"github.com/agentforge/console/instruction/authority/credential/credentialtest"
)

// TestNamedAgreesWithTheTable: Named (a configuration name) and
// ArgumentNamed (an argument's name) answer every name of the shared
// table as the table says, and NamedValue agrees with ArgumentNamed for a
// plain value; each other path that reads a name runs the same table.
func TestNamedAgreesWithTheTable(t *testing.T) {
	for _, c := range credentialtest.Names {
		t.Run(c.Name, func(t *testing.T) {
			if got := Named(c.Name); got != c.Config {
				t.Errorf("Named(%q) = %v, want %v", c.Name, got, c.Config)
			}
			if got := ArgumentNamed(c.Name); got != c.Argument {
				t.Errorf("ArgumentNamed(%q) = %v, want %v", c.Name, got, c.Argument)
			}
			if got := NamedValue(c.Name, "orders-2026"); got != c.Argument {
				t.Errorf("NamedValue(%q, plain) = %v, want %v", c.Name, got, c.Argument)
			}
		})
	}
}

// TestAssignmentNamesAgree: NAME=VALUE in free text has its (random)
// value masked exactly when the shared table says the name holds a
// secret as an argument's name, or the whole name is a short mark (a
// link's key=, sig=, pass=).
func TestAssignmentNamesAgree(t *testing.T) {
	const value = "Qm9vZ3Vz7kLp"
	for _, c := range credentialtest.Names {
		t.Run(c.Name, func(t *testing.T) {
			text := "set " + c.Name + "=" + value + " now"
			want := c.Argument || bareMark(c.Name)
			if got := Mask(text, "[masked]") != text; got != want {
				t.Errorf("Mask(%q) masked = %v, want %v", text, got, want)
			}
		})
	}
}
