package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentforge/console/models"
)

// requireDatabase refuses to go on when the configured database is a
// SQLite file that does not exist. Every command but serve, migrate and
// restore calls it (openStore does, for the ones that open the database
// there): run in the wrong directory they would otherwise leave a fresh
// console.db there and read or change that one. It says where it looked
// and how to point at a database or create one.
func requireDatabase() error {
	url := os.Getenv("DATABASE_URL")
	t, err := models.ParseDatabaseURL(url)
	if err != nil || t.Dialect == models.DialectPostgres {
		return nil // opening says what is wrong with the URL
	}
	path, _, _ := strings.Cut(t.Path, "?")
	if path == "" || path == ":memory:" || strings.HasPrefix(path, "file:") {
		return nil
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	abs, aerr := filepath.Abs(path)
	if aerr != nil {
		abs = path
	}
	how := "DATABASE_URL names it"
	if url == "" {
		how = "DATABASE_URL is not set, so the console looks for console.db in the working directory"
	}
	return &exitError{1, fmt.Errorf("no database at %s (%s); point at yours with DATABASE_URL=/path/to/console.db (or a postgres:// URL), or create one with console serve or console migrate", abs, how)}
}
