package catalog_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/builtin"
	"github.com/agentforge/console/instruction/eval"
)

// blind3Catalog imports MCP tools/list files, each under its namespace, and
// returns the set of tool ids they define; any import problem fails the test.
func blind3Catalog(t *testing.T, files map[string]string) map[string]bool {
	t.Helper()
	ids := map[string]bool{}
	for ns, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		cs, ps := catalog.Parse(catalog.FormatMCP, data, ns)
		if len(ps) > 0 {
			t.Fatalf("%s: %d import problems, first: %v", file, len(ps), ps[0])
		}
		for _, c := range cs {
			ids[c.ID] = true
		}
	}
	return ids
}

// checkBlind3Suite parses a case file and checks that every expected id is
// in ids and that each kind has at least its minimum number of cases.
func checkBlind3Suite(t *testing.T, file string, ids map[string]bool, minKinds map[string]int, minCases int) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	s, err := eval.ParseSuite(data)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if len(s.Cases) < minCases {
		t.Errorf("%s: %d cases, want at least %d", file, len(s.Cases), minCases)
	}
	kinds := map[string]int{}
	for i, c := range s.Cases {
		kinds[c.Kind]++
		if c.Kind == "" {
			t.Errorf("%s: case %d has no kind", file, i)
		}
		for _, e := range c.Expect {
			for _, id := range eval.Alternatives(e) {
				if !ids[id] {
					t.Errorf("%s: case %d expects unknown tool %q", file, i, id)
				}
			}
		}
		if c.Kind == eval.KindTwoProfiles && len(c.Expect) < 2 {
			t.Errorf("%s: two_profiles case %d names %d steps, want at least 2", file, i, len(c.Expect))
		}
	}
	for k, min := range minKinds {
		if kinds[k] < min {
			t.Errorf("%s: %d %s cases, want at least %d", file, kinds[k], k, min)
		}
	}
}

// builtinGitHubIDs is the universe of the built-in sets (blind3, blind5,
// train5): the built-in catalog plus the GitHub fixture imported under
// namespace github.
func builtinGitHubIDs(t *testing.T) map[string]bool {
	t.Helper()
	ids := blind3Catalog(t, map[string]string{"github": filepath.Join("testdata", "github-mcp-server.tools.json")})
	cs, err := builtin.Contracts()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		ids[c.ID] = true
	}
	return ids
}

// TestBlind3CasesNameOnlyKnownTools checks the third blind set against the
// built-in catalog plus the GitHub fixture (namespace github). It reads no
// ranking: only ids, kinds and counts.
func TestBlind3CasesNameOnlyKnownTools(t *testing.T) {
	ids := builtinGitHubIDs(t)
	checkBlind3Suite(t, filepath.Join("testdata", "blind3_cases.yaml"), ids,
		map[string]int{eval.KindMisleading: 15, eval.KindRare: 8, eval.KindTwoProfiles: 6, eval.KindNoTool: 8}, 50)
}

// TestOtherCatalogCasesNameOnlyKnownTools checks the other-domain blind set
// (testdata/other) against its own two imported catalogs only: Notion under
// namespace notion and Todoist under namespace todoist.
func TestOtherCatalogCasesNameOnlyKnownTools(t *testing.T) {
	ids := blind3Catalog(t, map[string]string{
		"notion":  filepath.Join("testdata", "other", "notion-mcp-server.tools.json"),
		"todoist": filepath.Join("testdata", "other", "mcp-todoist.tools.json"),
	})
	if n := len(ids); n < 40 || n > 80 {
		t.Errorf("the other catalog has %d tools, want 40 to 80", n)
	}
	for id := range ids {
		if !strings.HasPrefix(id, "notion.") && !strings.HasPrefix(id, "todoist.") {
			t.Errorf("tool %q is outside the two namespaces", id)
		}
	}
	checkBlind3Suite(t, filepath.Join("testdata", "other", "cases.yaml"), ids,
		map[string]int{eval.KindMisleading: 12, eval.KindNoTool: 6}, 40)
}
