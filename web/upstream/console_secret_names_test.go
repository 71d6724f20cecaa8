package upstream

import (
	"testing"

	"github.com/agentforge/console/instruction/authority/credential/credentialtest"
)

// TestConsoleSecretNamesAgree: the console's own environment variables
// are read as secrets by the one rule every other path uses, at the
// strength of a configuration name (the shared table).
func TestConsoleSecretNamesAgree(t *testing.T) {
	for _, c := range credentialtest.Names {
		t.Run(c.Name, func(t *testing.T) {
			names, _ := ConsoleSecretsOf([]string{c.Name + "=plain-setting-value"})
			if got := len(names) == 1; got != c.Config {
				t.Errorf("variable %s secret = %v, want %v", c.Name, got, c.Config)
			}
		})
	}
}
