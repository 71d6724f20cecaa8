package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCatalogFlagValuesNameTheirFlag: a --format that is no format, and
// --format mcp or openai without --namespace, are usage errors (exit 2,
// the flag named, nothing on stdout) for validate, render and import; a
// validate that finds problems never says "nothing was imported".
func TestCatalogFlagValuesNameTheirFlag(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db)
	file := filepath.Join(t.TempDir(), "tools.json")
	if err := os.WriteFile(file, []byte(`{"tools":[{"name":"x","description":"Does x.","inputSchema":{"type":"object"}}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"validate", "render", "import"} {
		for _, c := range []struct {
			flags []string
			want  string
		}{
			{[]string{"--format", "mcpp"}, "--format: "},
			{[]string{"--format", "mcp"}, "--namespace is required for --format mcp"},
		} {
			args := append(append([]string{"catalog", sub, file}, c.flags...), "--as", "admin")
			if sub != "import" {
				args = args[:len(args)-2]
			}
			out, _, err := runCLISplit(t, db, args...)
			var ee *exitError
			if !errors.As(err, &ee) || ee.code != 2 || !strings.HasPrefix(err.Error(), c.want) || out != "" {
				t.Errorf("%v: %v (stdout %q), want exit 2 with %q", args, err, out, c.want)
			}
		}
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"tools":[{"name":"","inputSchema":1}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCLISplit(t, db, "catalog", "validate", bad, "--format", "mcp", "--namespace", "svc", "--strict"); err == nil || strings.Contains(err.Error(), "imported") {
		t.Errorf("validate of a bad file: %v", err)
	}
}
