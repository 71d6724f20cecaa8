package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// shellWords splits a README command line as sh would for the simple
// quoting the README uses (double quotes, no escapes).
func shellWords(s string) []string {
	var out []string
	var cur strings.Builder
	quoted, in := false, false
	for _, r := range s {
		switch {
		case r == '"':
			quoted, in = !quoted, true
		case r == ' ' && !quoted:
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if in {
		out = append(out, cur.String())
	}
	return out
}

// TestCatalogHintsRefusals: each refusal names what is wrong and changes
// nothing.
func TestCatalogHintsRefusals(t *testing.T) {
	db := filepath.Join(t.TempDir(), "h.db")
	mustMigrate(t, db)            // read commands create no database
	t.Setenv("CONSOLE_ACTOR", "") // no actor unless --as names one
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"catalog", "hints"}, "usage"},
		{[]string{"catalog", "hints", "nope"}, "TOOL: no stored tool"},
		{[]string{"catalog", "hints", "web_fetch", "--set", "x"}, "--as"},
		{[]string{"catalog", "hints", "web_fetch", "--set", "x", "--as", "ghost"}, "--as: no console user"},
		{[]string{"catalog", "hints", "web_fetch", "--set", "x", "--approve", "1", "--as", "admin"}, "one of --add, --set"},
		{[]string{"catalog", "hints", "web_fetch", "--set", strings.Repeat("x", 200), "--as", "admin"}, "--set:"},
		{[]string{"catalog", "hints", "web_fetch", "--add", strings.Repeat("x", 200), "--as", "admin"}, "--add:"},
		{[]string{"catalog", "hints", "web_fetch", "--set", "x", "--as", "admin"}, ""},
		{[]string{"catalog", "hints", "web_fetch", "--approve", "1", "--as", "admin"}, "a reviewer other than the proposer"},
		{[]string{"catalog", "hints", "web_fetch", "--approve", "1", "--as", "demo-editor"}, "a reviewer decides"},
		{[]string{"catalog", "hints", "web_fetch", "--reject", "1", "--as", "admin"}, "--reason"},
		{[]string{"catalog", "hints", "read_file", "--approve", "1", "--as", "admin"}, "has no hint proposal 1"},
	} {
		out, err := runCLI(t, db, tc.args...)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%v: %v\n%s", tc.args, err, out)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%v: got %v, want an error with %q", tc.args, err, tc.want)
		}
	}
	out, _ := runCLI(t, db, "catalog", "hints", "web_fetch")
	if !strings.Contains(out, "proposal 1\topen\tby admin\tx") || strings.Contains(out, "never shown to the model): x") {
		t.Errorf("refusals changed something:\n%s", out)
	}
}
