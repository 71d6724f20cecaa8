// Package catalogtest loads the catalogs tests compose with: the builtin
// native catalog and the 117-tool GitHub MCP fixture (catalog/testdata).
package catalogtest

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/builtin"
)

// FixturePath is the absolute path of the GitHub MCP fixture.
func FixturePath() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata", "github-mcp-server.tools.json")
}

// GitHub parses the fixture as the "github" service.
func GitHub(t testing.TB) []catalog.Contract {
	t.Helper()
	b, err := os.ReadFile(FixturePath())
	if err != nil {
		t.Fatal(err)
	}
	cs, ps := catalog.Parse(catalog.FormatMCP, b, "github")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	return cs
}

// Builtin returns the builtin catalog's contracts.
func Builtin(t testing.TB) []catalog.Contract {
	t.Helper()
	cs, err := builtin.Contracts()
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// New builds a catalog, failing the test on any problem.
func New(t testing.TB, cs []catalog.Contract) *catalog.Catalog {
	t.Helper()
	c, err := catalog.New(cs)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Full is the builtin catalog plus the GitHub fixture (151 tools).
func Full(t testing.TB) *catalog.Catalog {
	t.Helper()
	return New(t, append(Builtin(t), GitHub(t)...))
}

// SelectionCasesPath is the absolute path of the project's selection case
// set (the selection rules), the file `console eval` reads.
func SelectionCasesPath() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata", "selection", "cases.yaml")
}

// SearchUniverse is the case set's universe: the builtin catalog and the
// GitHub fixture with its reviewed search hints applied.
func SearchUniverse(t testing.TB) []catalog.Contract {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(filepath.Dir(SelectionCasesPath()), "github.search_hints.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	hints, err := catalog.ParseSearchHints(b)
	if err != nil {
		t.Fatal(err)
	}
	gh, err := catalog.ApplySearchHints(GitHub(t), hints)
	if err != nil {
		t.Fatal(err)
	}
	return append(Builtin(t), gh...)
}
