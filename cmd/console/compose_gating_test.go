package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestComposeExecWithoutCodeOnlyHelpers: with exec but
// no code-only helper, the printed text must not send the agent to a
// code-only section of the catalog.
func TestComposeExecWithoutCodeOnlyHelpers(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db) // read commands create no database
	for _, tier := range []string{"full", "standard", "compact"} {
		out, err := runCLI(t, db, "compose", "--tools", "exec,read_file", "--tier", tier)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(strings.ToLower(out), "code-only") {
			t.Errorf("--tier %s: text refers to a code-only section that is not there", tier)
		}
		if !strings.Contains(out, "4 channel types") {
			t.Errorf("--tier %s: exec present but no code channel", tier)
		}
	}
}
