package instruction_test

import (
	"os"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/builtin"
)

func builtinCatalog(t testing.TB) *catalog.Catalog {
	t.Helper()
	cs, err := builtin.Contracts()
	if err != nil {
		t.Fatal(err)
	}
	c, err := catalog.New(cs)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func fullCatalog(t testing.TB) *catalog.Catalog {
	t.Helper()
	cs, err := builtin.Contracts()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("../catalog/testdata/github-mcp-server.tools.json")
	if err != nil {
		t.Fatal(err)
	}
	gh, ps := catalog.Parse(catalog.FormatMCP, b, "github")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	c, err := catalog.New(append(cs, gh...))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func entries(t testing.TB, c *catalog.Catalog, ids ...string) []*catalog.Entry {
	t.Helper()
	out := make([]*catalog.Entry, 0, len(ids))
	for _, id := range ids {
		e, ok := c.Get(id)
		if !ok {
			t.Fatalf("no tool %s", id)
		}
		out = append(out, e)
	}
	return out
}

func without(c *catalog.Catalog, drop ...string) []*catalog.Entry {
	skip := map[string]bool{}
	for _, d := range drop {
		skip[d] = true
	}
	var out []*catalog.Entry
	for _, e := range c.Entries() {
		if !skip[e.ID()] {
			out = append(out, e)
		}
	}
	return out
}
