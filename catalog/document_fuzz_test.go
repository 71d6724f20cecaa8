package catalog_test

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
)

// documentSeeds are the shapes the ceilings exist for, each small.
func documentSeeds(f *testing.F) {
	for _, s := range []string{
		`{"tools":[{"name":"a","description":"d","inputSchema":{"type":"object","properties":{"q":{"type":"string"}}}}]}`,
		"tools:\n  - id: a\n    purpose: p\n",
		"k: 5\ncases: " + strings.Repeat("[", 100) + strings.Repeat("]", 100),
		aliasBomb(3),
		doublingRefs(2, 6),
		"a: &a {b: *a}\n",
		"base: &b {x: 1}\nm:\n  <<: *b\n  y: 2\n",
		`{"a":1,"a":2}`,
		"a: \xff\n",
		"[" + strings.Repeat(`"x",`, 50) + `"x"]`,
		"? [a, b]\n: c\n",
		"--- a\n--- b\n",
	} {
		f.Add([]byte(s))
	}
}

// FuzzReadDocument: any input is read or refused within the per-input
// budget; a value read never nests past the depth ceiling.
func FuzzReadDocument(f *testing.F) {
	documentSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		var v any
		var err error
		catalogtest.WithinBudget(t, data, func() { v, err = catalog.ReadDocument(context.Background(), data, catalog.ImportLimits) })
		if err == nil && depthOf(v) > catalog.ImportLimits.Depth {
			t.Fatalf("read a value %d deep", depthOf(v))
		}
	})
}

func depthOf(v any) int {
	d := 0
	switch x := v.(type) {
	case map[string]any:
		for _, e := range x {
			d = max(d, depthOf(e))
		}
	case []any:
		for _, e := range x {
			d = max(d, depthOf(e))
		}
	default:
		return 1
	}
	return d + 1
}

// FuzzParseImport: an import in every format — whole, tool by tool, and
// as a connection's sync reads an upstream's tool list — is accepted or
// refused within the per-input budget.
func FuzzParseImport(f *testing.F) {
	documentSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx := context.Background()
		for _, format := range catalog.Formats {
			catalogtest.WithinBudget(t, data, func() { catalog.ParseContext(ctx, format, data, "svc") })
			catalogtest.WithinBudget(t, data, func() { catalog.ParseEachContext(ctx, format, data, "svc", false) })
		}
		catalogtest.WithinBudget(t, data, func() { catalog.ParseSyncContext(ctx, data, "svc") })
	})
}

// FuzzParseSearchHints: a hints file likewise.
func FuzzParseSearchHints(f *testing.F) {
	f.Add([]byte("svc.a: [find, search]\n"))
	f.Add([]byte(aliasBomb(4)))
	documentSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		catalogtest.WithinBudget(t, data, func() { catalog.ParseSearchHints(data) })
	})
}
