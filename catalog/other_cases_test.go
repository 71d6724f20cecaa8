package catalog_test

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
)

// otherNamespace matches a catalog line of the other-domain case file's
// header: `#   notion-mcp-server.tools.json  namespace "notion"`.
var otherNamespace = regexp.MustCompile(`(?m)^#\s+(\S+\.json)\s+namespace\s+"([a-z][a-z0-9_]*)"`)

// otherUniverse imports the other-domain catalog the way the console
// imports any MCP service (see headerUniverse).
func otherUniverse(t testing.TB) []catalog.Contract { return headerUniverse(t, otherCasesPath()) }

// other2CasesPath is the second other-domain set (filesystem, git and
// Slack), written blind by engineer blind4 and kept out of tuning.
func other2CasesPath() string { return testdataPath(filepath.Join("other2", "cases.yaml")) }

// headerUniverse imports the catalog an other-domain case file's header
// names, the way the console imports any MCP service: each tools/list
// file goes through catalog.Parse under the namespace the header gives,
// and the services together make one catalog (catalog.New). It has no
// search hints: nobody reviewed any for it.
func headerUniverse(t testing.TB, casesPath string) []catalog.Contract {
	t.Helper()
	header, err := os.ReadFile(casesPath)
	if err != nil {
		t.Fatal(err)
	}
	var all []catalog.Contract
	for _, m := range otherNamespace.FindAllStringSubmatch(string(header), -1) {
		file, ns := m[1], m[2]
		data, err := os.ReadFile(filepath.Join(filepath.Dir(casesPath), file))
		if err != nil {
			t.Fatal(err)
		}
		cs, ps := catalog.Parse(catalog.FormatMCP, data, ns)
		if len(ps) > 0 {
			t.Fatalf("%s does not import as %s: %v", file, ns, ps)
		}
		all = append(all, cs...)
	}
	if len(all) == 0 {
		t.Fatal("the other-domain case file's header names no catalog")
	}
	return catalogtest.New(t, all).Contracts()
}

// The header names both services, and every tool lands in the namespace
// the header gives its file.
func TestOtherCatalogImportsUnderItsHeaderNamespaces(t *testing.T) {
	header, err := os.ReadFile(otherCasesPath())
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, m := range otherNamespace.FindAllStringSubmatch(string(header), -1) {
		got[m[1]] = m[2]
	}
	want := map[string]string{"notion-mcp-server.tools.json": "notion", "mcp-todoist.tools.json": "todoist"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("header names %v, want %v", got, want)
	}
	count := map[string]int{}
	for _, c := range otherUniverse(t) {
		count[c.Namespace()]++
		if c.Namespace() != "notion" && c.Namespace() != "todoist" {
			t.Errorf("tool %s is in namespace %q", c.ID, c.Namespace())
		}
	}
	if count["notion"] != 30 || count["todoist"] != 19 {
		t.Errorf("imported %v tools, want notion 30 and todoist 19", count)
	}
}

// The second other-domain set's header names its three services, and
// the loader the ranking test uses imports every tool under the namespace
// the header gives its file.
func TestOther2ImportsUnderItsHeaderNamespaces(t *testing.T) {
	count := map[string]int{}
	for _, c := range headerUniverse(t, other2CasesPath()) {
		count[c.Namespace()]++
	}
	want := map[string]int{"filesystem": 14, "git": 12, "slack": 8}
	if !reflect.DeepEqual(count, want) {
		t.Errorf("imported %v tools, want %v", count, want)
	}
}
