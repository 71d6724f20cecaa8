package models

import (
	"testing"

	"github.com/agentforge/console/instruction/authority/credential/credentialtest"
)

// TestConnectionCredentialNamesAgree: a URL's query parameter, the path
// segment after a name, and a command's flag are read as credentials by
// the one rule every other path uses, at the strength of a configuration
// name (the shared table).
func TestConnectionCredentialNamesAgree(t *testing.T) {
	for _, c := range credentialtest.Names {
		t.Run(c.Name, func(t *testing.T) {
			if got := urlCredential("https://h.example/mcp?"+c.Name+"=v") != ""; got != c.Config {
				t.Errorf("query parameter %q refused = %v, want %v", c.Name, got, c.Config)
			}
			if got := urlCredential("https://h.example/"+c.Name+"/Qm9vZ3Vz7kLp") != ""; got != c.Config {
				t.Errorf("path segment after %q refused = %v, want %v", c.Name, got, c.Config)
			}
			if got := commandCredential([]string{"server", "--" + c.Name, "v"}) != ""; got != c.Config {
				t.Errorf("flag --%s refused = %v, want %v", c.Name, got, c.Config)
			}
		})
	}
}
