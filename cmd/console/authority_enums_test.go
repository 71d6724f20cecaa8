package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestAuthorityCommandsRefuseUnknownValues: every enumerated value the
// approval, grant and apikey commands read is refused when outside its
// set, naming the flag, and nothing changes (the web forms' table is
// TestAuthorityFormsRefuseUnknownValues).
func TestAuthorityCommandsRefuseUnknownValues(t *testing.T) {
	db := filepath.Join(t.TempDir(), "e.db")
	mustMigrate(t, db)
	before, err := runCLI(t, db, "grant", "list")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"grant", "add", "everyone", "--effects", "forever"}, "--effects"},
		{[]string{"grant", "add", "everyone", "--effects", "Read-Only"}, "--effects"},
		{[]string{"grant", "remove", "everyone", "--effects", "forever"}, "--effects"},
		{[]string{"grant", "add", "everyone", "--requires-approval=forever", "--effects", "read-only"}, "requires-approval"},
		{[]string{"approval", "approve", "apr-x", "--reason", "ok", "--minutes", "forever"}, "minutes"},
		{[]string{"approval", "approve", "apr-x", "--reason", "ok", "--scope", "forever"}, "scope"},
		{[]string{"apikey", "create", "ci", "--scope", "forever"}, "--scope"},
		{[]string{"apikey", "create", "ci", "--scope", "Runtime"}, "--scope"},
	} {
		out, err := runCLI(t, db, tc.args...)
		if err == nil || !strings.Contains(err.Error()+out, tc.want) {
			t.Errorf("%v: %v %q, want an error naming %s", tc.args, err, out, tc.want)
		}
	}
	if after, _ := runCLI(t, db, "grant", "list"); after != before {
		t.Errorf("a refused command changed the grants:\n%s\n->\n%s", before, after)
	}
	if out, _ := runCLI(t, db, "apikey", "list"); strings.Contains(out, "ci") {
		t.Errorf("a refused create made a key:\n%s", out)
	}
}
