package main

import (
	"os"
	"strings"
	"testing"
)

// TestDatabaseURLDocumentsSQLitePaths: DATABASE_URL may name a SQLite
// file by its path, and only the "no database" error said so; --help and
// the README's settings table now say it too.
func TestDatabaseURLDocumentsSQLitePaths(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"--help": usage, "README": string(b)} {
		flat := strings.Join(strings.Fields(text), " ")
		if !strings.Contains(flat, "a file path (/srv/console/console.db) for a SQLite file") && !strings.Contains(flat, "a file path (`/srv/console/console.db`) for another SQLite file") {
			t.Errorf("%s does not say DATABASE_URL may be a SQLite file's path", name)
		}
	}
}
