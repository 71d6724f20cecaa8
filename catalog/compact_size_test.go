package catalog_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
)

// TestCompactNeverLongerThanFull: the compact form is the dense one, so
// no tool renders longer in it than in the full form, with or without
// the approval mark — over the 117-tool fixture, the builtin catalog and
// every published server's tool list (multi-line descriptions included).
func TestCompactNeverLongerThanFull(t *testing.T) {
	all := append(catalogtest.GitHub(t), catalogtest.Builtin(t)...)
	files, _ := filepath.Glob(filepath.Join(publishedDir, "*.tools.json"))
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, catalog.ParseEach(catalog.FormatMCP, raw, sweepNamespace(f), false).Contracts...)
	}
	if len(all) < 1000 {
		t.Fatalf("checked %d tools, want the fixture and every published list", len(all))
	}
	longer := 0
	for _, c := range all {
		e := catalogtest.New(t, []catalog.Contract{c}).Entries()[0]
		for _, approval := range []bool{false, true} {
			full, compact := e.Full().Text, e.Compact().Text
			if approval {
				full, compact = e.RenderMarked(catalog.FormFull).Text, e.RenderMarked(catalog.FormCompact).Text
			}
			if len(compact) > len(full) {
				longer++
				if longer <= 10 {
					t.Errorf("%s (approval %t): compact %d bytes > full %d bytes", e.ID(), approval, len(compact), len(full))
				}
			}
		}
	}
	if longer > 0 {
		t.Errorf("%d renderings are longer compact than full", longer)
	}
}
