package models

import (
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
)

// Database is what a database URL names: a Postgres database (a
// postgres:// or postgresql:// URL, checked by pgx's own parser) or a
// SQLite file (a path, optionally sqlite://; "" is console.db).
type Database struct {
	// Dialect is DialectPostgres or DialectSQLite.
	Dialect string
	// URL is the Postgres connection URL, as given.
	URL string
	// Path is the SQLite file.
	Path string
}

// ParseDatabaseURL tells which database url names, the way Open reads it.
// A Postgres URL that pgx cannot parse is an error (saying why, without
// the password).
func ParseDatabaseURL(url string) (Database, error) {
	if strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://") {
		if _, err := pgx.ParseConfig(url); err != nil {
			return Database{}, fmt.Errorf("not a Postgres URL pgx can use: %w", err)
		}
		return Database{Dialect: DialectPostgres, URL: url}, nil
	}
	path := strings.TrimPrefix(url, "sqlite://")
	if path == "" {
		path = "console.db"
	}
	return Database{Dialect: DialectSQLite, Path: path}, nil
}
