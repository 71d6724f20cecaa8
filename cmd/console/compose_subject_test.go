package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestComposeSubjectGroupsErrorNamesTheFlag: a bad --subject-groups value
// is refused naming the flag once, with no internal field name (compose
// and eval).
func TestComposeSubjectGroupsErrorNamesTheFlag(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db)
	for _, args := range [][]string{
		{"compose", "--tools", "read_file", "--subject-groups", "QA"},
	} {
		_, err := runCLI(t, db, args...)
		if err == nil || !strings.HasPrefix(err.Error(), "--subject-groups: ") || strings.Contains(err.Error(), "subject.groups") {
			t.Errorf("%v: %v, want --subject-groups: … once", args, err)
		}
	}
}
