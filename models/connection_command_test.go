package models

import "testing"

// TestCommandCredentialsAreRefused: a credential in a connection's
// command (a flag named like one with a value, a known credential shape,
// a URL with a password) is refused naming command; plain flags pass.
func TestCommandCredentialsAreRefused(t *testing.T) {
	for _, argv := range [][]string{
		{"server", "--token", "abcdef123456"},
		{"server", "--api-key=sk-proj-abcdefghijklmnopqrstuvwx"},
		{"server", "--password", "hunter2hunter2"},
		{"server", "postgres://u:hunter2@db/x"},
		{"server", "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB"},
	} {
		errs := ConnectionInput{Name: "srv", Command: argv}.Validate()
		if errs["command"] == "" {
			t.Errorf("%q accepted", argv)
		}
	}
	for _, argv := range [][]string{{"node", "index.js", "--port", "8080"}, {"npx", "-y", "@modelcontextprotocol/server-memory"}, {"server", "--read-only"}} {
		if errs := (ConnectionInput{Name: "srv", Command: argv}).Validate(); errs["command"] != "" {
			t.Errorf("%q refused: %s", argv, errs["command"])
		}
	}
}
