package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestHelpListsCommands: console --help (and -h, help) prints the
// commands, not only serve's flags, and succeeds; console serve --help
// prints serve's flags and points to the command list.
func TestHelpListsCommands(t *testing.T) {
	db := filepath.Join(t.TempDir(), "help.db")
	for _, arg := range []string{"--help", "-h", "-help", "help"} {
		out, err := runCLI(t, db, arg)
		if err != nil {
			t.Errorf("console %s: %v", arg, err)
		}
		for _, want := range []string{"commands:", "serve", "compose", "catalog import", "apikey create", "user add"} {
			if !strings.Contains(out, want) {
				t.Errorf("console %s lacks %q:\n%s", arg, want, out)
			}
		}
	}
	out, err := runCLI(t, db, "serve", "--help")
	if err != nil {
		t.Errorf("console serve --help: %v", err)
	}
	if !strings.Contains(out, "-addr") || !strings.Contains(out, "console help") {
		t.Errorf("console serve --help:\n%s", out)
	}
}
