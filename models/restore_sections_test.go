package models_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestABackupHoldsEachTableOnce: a Postgres backup holds one section per
// table of its header. One with a table's section repeated restored
// (--unauthenticated: no MAC to notice the edit) keeping the second
// copy's rows and counting the table twice (38 tables of 37); one with a
// section left out kept what migrating filled in. Each is refused before
// the database is touched, naming the table.
func TestABackupHoldsEachTableOnce(t *testing.T) {
	pg := modelstest.RequirePostgres(t)
	d := modelstest.Dialect{Name: models.DialectPostgres, URL: pg}
	ctx := context.Background()
	src := modelstest.OpenSeeded(t, d, "admin-password-1", nil)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.backup")
	if _, err := src.Backup(ctx, good, nil); err != nil {
		t.Fatal(err)
	}
	whole, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	// the users table's section: its TABLE line through its "\." line
	start := bytes.Index(whole, []byte("\nTABLE users "))
	if start < 0 {
		t.Fatal("the backup has no users section")
	}
	start++
	end := bytes.Index(whole[start:], []byte("\n\\.\n"))
	if end < 0 {
		t.Fatal("the users section has no end")
	}
	section := whole[start : start+end+len("\n\\.\n")]
	edit := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	twice := edit("twice.backup", bytes.Replace(whole, section, append(append([]byte{}, section...), section...), 1))
	missing := edit("missing.backup", bytes.Replace(whole, section, nil, 1))
	for _, tc := range []struct{ name, file, want string }{
		{"a section repeated", twice, `table "users" appears twice`},
		{"a section left out", missing, `table "users" of its header has no section`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dst, _ := modelstest.OpenEmpty(t, d)
			res, err := dst.RestorePostgres(ctx, tc.file, models.RestoreOptions{Unauthenticated: true})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("restore: %+v %v, want a refusal saying %s", res, err, tc.want)
			}
			var n struct{ N int }
			if err := dst.RawScan(ctx, &n, "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = current_schema()"); err != nil || n.N != 0 {
				t.Errorf("the refused restore made %d tables (%v)", n.N, err)
			}
		})
	}
	// the whole backup still restores, counting each table once
	dst, _ := modelstest.OpenEmpty(t, d)
	res, err := dst.RestorePostgres(ctx, good, models.RestoreOptions{Unauthenticated: true})
	if err != nil {
		t.Fatal(err)
	}
	if heads := bytes.Count(whole, []byte("\nTABLE ")); res.Tables != heads {
		t.Errorf("restored %d tables of a backup with %d sections", res.Tables, heads)
	}
}
