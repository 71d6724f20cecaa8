package instruction_test

import (
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
)

func builtinCatalog(t testing.TB) *catalog.Catalog {
	t.Helper()
	return catalogtest.New(t, catalogtest.Builtin(t))
}

func fullCatalog(t testing.TB) *catalog.Catalog {
	t.Helper()
	return catalogtest.Full(t)
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
