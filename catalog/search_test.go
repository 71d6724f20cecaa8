package catalog_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
)

func TestSearchRanksAndIsDeterministic(t *testing.T) {
	roster := append(loadBuiltin(t), loadGitHub(t)...)
	hits := catalog.Search("create a pull request", roster, 5)
	if len(hits) == 0 || hits[0].ID != "github.create_pull_request" {
		t.Fatalf("top hit = %+v, want github.create_pull_request", hits)
	}
	again := catalog.Search("create a pull request", roster, 5)
	for i := range hits {
		if hits[i] != again[i] {
			t.Fatal("search is not deterministic")
		}
	}
	if got := len(catalog.Search("file", roster, 1000)); got > catalog.MaxSearchLimit {
		t.Errorf("limit not bounded: %d", got)
	}
	if hits := catalog.Search("   ", roster, 5); hits != nil {
		t.Errorf("empty query returned %v", hits)
	}
	for _, h := range catalog.Search("spreadsheet", roster, 5) {
		if h.Description == "" {
			t.Errorf("hit %s lacks its description", h.ID)
		}
	}
}

// Issue 17's example: "make" must not outrank what the task is about.
func TestSearchFindsTheObjectNotTheVerb(t *testing.T) {
	roster := catalogtest.SearchUniverse(t)
	for q, want := range map[string]string{
		"make a bar chart of revenue":              "render_chart",
		"delete the word schedule from this draft": "edit_file",
		"open a PR from my branch":                 "github.create_pull_request",
	} {
		if hits := catalog.Search(q, roster, 5); len(hits) == 0 || hits[0].ID != want {
			t.Errorf("%q: top hit %v, want %s", q, ids(hits), want)
		}
	}
}

// Issue 12: a code-only helper is a function inside a program; search
// never offers it, whatever the query and whether or not exec is there.
func TestSearchNeverReturnsCodeOnlyHelpers(t *testing.T) {
	roster := loadBuiltin(t)
	var helpers []catalog.Contract
	for _, c := range roster {
		if c.CodeOnly {
			helpers = append(helpers, c)
		}
	}
	if len(helpers) == 0 {
		t.Fatal("builtin catalog has no code-only helper to test with")
	}
	for _, h := range helpers {
		for _, q := range []string{h.ID, h.Title, h.Purpose, strings.Join(h.SearchHints, " ")} {
			for _, hit := range catalog.Search(q, roster, catalog.MaxSearchLimit) {
				if hit.ID == h.ID {
					t.Errorf("search %q returned code-only %s", q, h.ID)
				}
			}
		}
		// the catalog page's browse index does list it
		if hits := catalog.NewBrowseIndex(roster).Search(h.Title, 5); len(hits) == 0 || hits[0].ID != h.ID {
			t.Errorf("browse search %q: %v, want %s first", h.Title, ids(hits), h.ID)
		}
	}
}

// TestSearchProperties checks, over random rosters and queries, what any
// ranking must keep: hits are distinct, non-code-only members of the
// roster; at most limit (capped at MaxSearchLimit); the same for the same
// input; and an index built twice answers alike.
func TestSearchProperties(t *testing.T) {
	universe := catalogtest.SearchUniverse(t)
	var vocab []string
	for _, c := range universe {
		vocab = append(vocab, strings.Fields(c.Title+" "+c.Purpose)...)
	}
	rng := rand.New(rand.NewSource(17))
	for i := 0; i < 300; i++ {
		var roster []catalog.Contract
		in := map[string]catalog.Contract{}
		for _, c := range universe {
			if rng.Intn(3) == 0 {
				roster = append(roster, c)
				in[c.ID] = c
			}
		}
		words := make([]string, 1+rng.Intn(12))
		for j := range words {
			words[j] = vocab[rng.Intn(len(vocab))]
		}
		q := strings.Join(words, " ")
		limit := rng.Intn(40) - 5
		hits := catalog.Search(q, roster, limit)
		max := limit
		if max <= 0 || max > catalog.MaxSearchLimit {
			max = catalog.MaxSearchLimit
		}
		if len(hits) > max {
			t.Fatalf("%q limit %d: %d hits", q, limit, len(hits))
		}
		seen := map[string]bool{}
		for _, h := range hits {
			c, ok := in[h.ID]
			if !ok || c.CodeOnly || seen[h.ID] {
				t.Fatalf("%q: hit %s is outside the roster, code-only or repeated", q, h.ID)
			}
			seen[h.ID] = true
		}
		if again := catalog.NewIndex(roster).Search(q, limit); fmt.Sprint(again) != fmt.Sprint(hits) {
			t.Fatalf("%q: not deterministic", q)
		}
	}
	if hits := catalog.Search(strings.Repeat("chart ", 1000), universe, 5); len(hits) == 0 {
		t.Error("an over-long query found nothing; it should be cut, not refused")
	}
}

func ids(hs []catalog.Hit) []string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = h.ID
	}
	return out
}

// largeCatalog generates n tools from the GitHub fixture, renamed per copy
// (github.create_issue, github.create_issue_2, …).
func largeCatalog(b testing.TB, n int) []catalog.Contract {
	base := catalogtest.SearchUniverse(b)
	out := make([]catalog.Contract, 0, n)
	for copyN := 1; len(out) < n; copyN++ {
		for _, c := range base {
			if len(out) == n {
				break
			}
			if copyN > 1 {
				c.ID = fmt.Sprintf("%s_%d", c.ID, copyN)
			}
			out = append(out, c)
		}
	}
	return out
}

var benchQueries = []string{
	"make a bar chart of revenue by quarter", "open a PR from my feature branch into main",
	"who else can push to this repository", "read the sales figures from the spreadsheet and post a summary comment on the GitHub pull request",
	"zip up all the reports", "what's 17.5% of 2,340 euros",
}

// BenchmarkSearch1000 is one query over 1,000 tools (target ≤ 1 ms), with
// the plain BM25 baseline over the same catalog for the ratio.
func BenchmarkSearch1000(b *testing.B) { benchSearch(b, 1000) }

// BenchmarkSearch10k is the same over 10,000 tools: the product search's
// targets are 1 ms per query and 1 s per index build.
func BenchmarkSearch10k(b *testing.B) { benchSearch(b, 10000) }

func benchSearch(b *testing.B, n int) {
	cs := largeCatalog(b, n)
	ix := catalog.NewIndex(cs)
	b.Run("search", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ix.Search(benchQueries[i%len(benchQueries)], 10)
		}
	})
	base := newBM25(cs)
	b.Run("bm25", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			base.rank(benchQueries[i%len(benchQueries)], 10)
		}
	})
	b.Run("index", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			catalog.NewIndex(cs)
		}
	})
	cat, err := catalog.New(cs)
	if err != nil {
		return // over the catalog's ceiling (2,000 tools): no entries to index
	}
	entries := cat.Entries()
	catalog.IndexEntries(entries) // terms computed once, as in a running console
	b.Run("index-entries", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			catalog.IndexEntries(entries)
		}
	})
}

// An MCP tool imported without annotations is destructive by MCP's
// default, marked as assumed;
// its name still says whether it only reads. A question ranks an
// unannotated "get_tasks" above an unannotated "create_task", as it
// would the annotated pair, whatever the roster order.
func TestUnannotatedToolsNamedForReadingRead(t *testing.T) {
	doc := []byte(`{"tools": [
		{"name": "create_task", "description": "Creates a task with a due date.", "inputSchema": {"type": "object", "properties": {"content": {"type": "string", "description": "The task"}}}},
		{"name": "get_tasks", "description": "Gets the tasks with a due date.", "inputSchema": {"type": "object", "properties": {"filter": {"type": "string", "description": "A filter"}}}}
	]}`)
	roster, ps := catalog.Parse(catalog.FormatMCP, doc, "todo")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	for _, c := range roster {
		if c.Effects != catalog.EffectsDestructive || !c.EffectsAssumed {
			t.Fatalf("%s imported as %s (assumed %v), want the default destructive, assumed", c.ID, c.Effects, c.EffectsAssumed)
		}
	}
	for _, q := range []string{"which tasks have a due date?", "show me the tasks with a due date"} {
		if hits := catalog.Search(q, roster, 2); len(hits) == 0 || hits[0].ID != "todo.get_tasks" {
			t.Errorf("%q: top hit %v, want todo.get_tasks", q, ids(hits))
		}
	}
}
