package models_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/models"
)

// BenchmarkImportCatalogSQLite imports the built-in catalog and the
// 117-tool GitHub service into a freshly migrated SQLite file (what a
// first start and a first service import write).
func BenchmarkImportCatalogSQLite(b *testing.B) {
	ctx := context.Background()
	dir := b.TempDir()
	builtin, github := catalogtest.Builtin(b), catalogtest.GitHub(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		path := filepath.Join(dir, "import.db")
		s, err := models.Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.Migrate(ctx); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := s.ApplyImport(ctx, models.SystemActor, models.SourceBuiltin, "", builtin, ""); err != nil {
			b.Fatal(err)
		}
		if _, err := s.ApplyImport(ctx, "alice", models.SourceMCP, "github", github, ""); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		s.Close()
		for _, suffix := range []string{"", "-wal", "-shm"} {
			os.Remove(path + suffix)
		}
		b.StartTimer()
	}
}
