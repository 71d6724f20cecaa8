package catalogtest

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/agentforge/console/catalog"
)

// LargeSize is the number of tools in the Large catalog.
const LargeSize = 1000

// largeServices are the eight services of the Large catalog: real tool
// lists of published MCP servers (catalog/testdata/published, SOURCES.md)
// and the GitHub fixture, the largest that import whole, in this order.
var largeServices = []struct{ namespace, file string }{
	{"github", "github-mcp-server.tools.json"},
	{"linear", "published/tacticlaunch-mcp-linear@1.4.3.tools.json"},
	{"gitlab", "published/zereight-mcp-gitlab@2.1.64.tools.json"},
	{"resend", "published/resend-mcp@2.22.0.tools.json"},
	{"monday", "published/mondaydotcomorg-monday-api-mcp@3.3.0.tools.json"},
	{"trello", "published/delorenj-mcp-server-trello@1.8.1.tools.json"},
	{"shortcut", "published/shortcut-mcp@0.25.0.tools.json"},
	{"hostinger", "published/hostinger-api-mcp@1.63.2.tools.json"},
}

// LargeNamespaces are the Large catalog's service names.
func LargeNamespaces() []string {
	ns := make([]string, len(largeServices))
	for i, s := range largeServices {
		ns[i] = s.namespace
	}
	return ns
}

// Large is a 1,000-tool catalog: the builtin catalog and eight real
// services, the last one cut so the whole holds exactly LargeSize tools.
func Large(t testing.TB) *catalog.Catalog {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", "testdata")
	cs := Builtin(t)
	for _, s := range largeServices {
		b, err := os.ReadFile(filepath.Join(dir, s.file))
		if err != nil {
			t.Fatal(err)
		}
		got, ps := catalog.Parse(catalog.FormatMCP, b, s.namespace)
		if len(ps) > 0 {
			t.Fatalf("%s: %v", s.file, ps)
		}
		cs = append(cs, got[:min(len(got), LargeSize-len(cs))]...)
	}
	if len(cs) != LargeSize {
		t.Fatalf("the large catalog holds %d tools, want %d", len(cs), LargeSize)
	}
	return New(t, cs)
}
