package models

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// schemaObject is one entry of a SQLite database's schema.
type schemaObject struct{ kind, name string }

// sqliteObjects reads a SQLite database's tables, indexes, triggers and
// views with the SQL of each. Only SQLite's own tables and indexes are left
// aside: those whose name begins with exactly "sqlite_" (compared byte for
// byte: LIKE would take any character for the "_" and ignore case, so a
// trigger named "sqlitex" would pass unseen). A trigger or view is never
// SQLite's own.
func sqliteObjects(ctx context.Context, s *Store) (map[schemaObject]string, error) {
	var rows []struct{ Type, Name, SQL string }
	if err := s.with(ctx).Raw("SELECT type, name, COALESCE(sql, '') AS sql FROM sqlite_master WHERE NOT (type IN ('table', 'index') AND substr(name, 1, 7) = 'sqlite_')").Scan(&rows).Error; err != nil {
		return nil, err
	}
	out := make(map[schemaObject]string, len(rows))
	for _, r := range rows {
		out[schemaObject{r.Type, r.Name}] = r.SQL
	}
	return out, nil
}

// checkSQLiteSchema refuses a backup whose schema holds an object this
// console does not make, lacks one it makes, or holds a trigger or view
// that differs from this console's: an unauthenticated backup is a whole
// database file, and a trigger of its own would keep running in the
// restored console (re-enabling a revoked key on any change, say). The
// expected schema is a fresh database's, migrated here (migrating a
// database afresh or step by step makes the same objects). Tables and
// indexes are compared by name: a table a long-lived database was given
// column by column is written differently from a fresh one's.
func checkSQLiteSchema(ctx context.Context, src *Store, backup string) error {
	got, err := sqliteObjects(ctx, src)
	if err != nil {
		return fmt.Errorf("%s: its schema: %w", backup, err)
	}
	dir, err := os.MkdirTemp("", "console-schema-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	fresh, err := Open(ctx, filepath.Join(dir, "fresh.db"))
	if err != nil {
		return err
	}
	defer fresh.Close()
	if _, err := fresh.Migrate(ctx); err != nil {
		return fmt.Errorf("this console's schema: %w", err)
	}
	want, err := sqliteObjects(ctx, fresh)
	if err != nil {
		return fmt.Errorf("this console's schema: %w", err)
	}
	var problems []string
	for o, sql := range got {
		w, ok := want[o]
		switch {
		case !ok:
			problems = append(problems, fmt.Sprintf("%s %q is not one this console makes", o.kind, o.name))
		case (o.kind == "trigger" || o.kind == "view") && sql != w:
			problems = append(problems, fmt.Sprintf("%s %q differs from this console's", o.kind, o.name))
		}
	}
	for o := range want {
		if _, ok := got[o]; !ok {
			problems = append(problems, fmt.Sprintf("%s %q of this console's is missing", o.kind, o.name))
		}
	}
	if len(problems) == 0 {
		return nil
	}
	sort.Strings(problems)
	return fmt.Errorf("%s: the backup's schema is not exactly this console's: %s; a backup holds the console's own schema only", backup, strings.Join(problems, "; "))
}
