package catalog_test

import (
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
)

// fuzzIndex is one roster the search fuzz targets rank against, with the
// ids a hit may name.
type fuzzIndex struct {
	name string
	ix   *catalog.Index
	ids  map[string]bool
}

// fuzzIndexes are the rosters a search from the network meets: the case
// set's universe (the builtin catalog and the GitHub fixture with its
// reviewed hints, phrases and all), the same universe as the catalog page
// browses it, and the imported MCP servers of testdata/other and
// testdata/other2 (tools files only).
func fuzzIndexes(t testing.TB) []fuzzIndex {
	t.Helper()
	universe := catalogtest.SearchUniverse(t)
	imported := func(dir string, files ...string) []catalog.Contract {
		var all []catalog.Contract
		for i := 0; i+1 < len(files); i += 2 {
			file, ns := files[i], files[i+1]
			raw, err := os.ReadFile(filepath.Join("testdata", dir, file))
			if err != nil {
				t.Fatal(err)
			}
			cs, ps := catalog.Parse(catalog.FormatMCP, raw, ns)
			if len(ps) > 0 {
				t.Fatalf("%s: %v", file, ps)
			}
			all = append(all, cs...)
		}
		return all
	}
	other := imported("other", "mcp-todoist.tools.json", "todoist", "notion-mcp-server.tools.json", "notion")
	other2 := imported("other2", "mcp-server-filesystem.tools.json", "filesystem",
		"mcp-server-git.tools.json", "git", "mcp-server-slack.tools.json", "slack")
	idsOf := func(cs []catalog.Contract, codeOnly bool) map[string]bool {
		m := map[string]bool{}
		for _, c := range cs {
			if codeOnly || !c.CodeOnly {
				m[c.ID] = true
			}
		}
		return m
	}
	// a catalog's entries keep their terms: the running console's path
	cat := catalogtest.New(t, universe)
	all := append(append(append([]catalog.Contract(nil), universe...), other...), other2...)
	return []fuzzIndex{
		{"universe", catalog.NewIndex(universe), idsOf(universe, false)},
		{"universe-entries", catalog.IndexEntries(cat.Entries()), idsOf(universe, false)},
		{"browse", catalog.NewBrowseIndex(universe), idsOf(universe, true)},
		{"other", catalog.NewIndex(other), idsOf(other, false)},
		{"other2", catalog.NewIndex(other2), idsOf(other2, false)},
		{"all", catalog.NewIndex(all), idsOf(all, false)},
	}
}

// searchSeeds are queries built to reach the parser's edges: empty and
// blank texts, stop words and punctuation only, hint phrases, numbers,
// hyphen and camelCase runs, quotes left open, references of every form,
// repeated collocations, pronouns with nothing before them, clause
// joiners at the ends, other scripts, control characters, texts at and
// past the byte ceiling, and a rune cut by it.
func searchSeeds() []string {
	ceiling := catalog.MaxQueryBytes
	fill := func(unit string) string { return strings.Repeat(unit, ceiling/len(unit)+1)[:ceiling] }
	seeds := []string{
		"", " ", "\t\n", "the", "the a an of", "what did I tell you", "what did I tell you?", "and", "then", "and and",
		"and then", "it", "them", "do it", "rerun it", "remove them. then delete it", "it it it it", ".", ",,,", "?!?!", ";;;",
		":", "...", "—", "'", "\"", "“", "«", "`", "' '", "\"\"", "''", "\" \"", "\"a", "a\"", "\"a\" \"b", "'it's",
		"don't", "do not", "never", "not", "no", "don't zip anything, just move them", "instead of", "rather than", "instead",
		"what's 15% of 2,400?", "2,400", "1,2,3,", ",1,", "1,", ",2", "1,000,000,000", "15%", "%", "%%%", "3 * 4.5", "1200 / 12",
		"12 times 7", "40 divided by 3", "2026-12-01", "555-1234", "1 - 2", "9 × 9 ÷ 3 ^ 2", "#12", "#", "issue #",
		"a-b-c-", "-a", "a-", "---", "to-do", "e-mail", "follow-up", "-", "a--b", "re-re-re-re-", "x-y-z-w-v-u-t",
		"getFileContents", "parseInvoice", "aB", "aBcDeFgHiJ", "GitHub", "YouTube", "ABC", "aBC", "parse_invoice", "_", "a_",
		"_a", "__init__", "kick off", "kick off kick off kick off", "get rid of", "get rid of it", "set up", "look up",
		"tell me", "tell me when", "tell me when the export is ready", "let me know once it's done", "remind me what",
		"remind me", "remind me to call", "me", "us me", "I need", "I need the issue closed", "I want the old branch gone",
		"we'd like", "can you", "can you?", "could you screenshot the page?", "use the API to list the issues", "use to",
		"use", "as", "as a", "mark the entry as done", "save the chart as chart-final.png", "turn the table into a pie chart",
		"add a task to review the schema", "attach a summary to issue 3", "a comment asking who owns the launch",
		"put a comment in config.yaml", "delete the line from notes.md", "list them in a local file", "to a new file",
		"save it to a new", "notes.md", ".md", "a/.md", "a/..md", "x.md.md", "docs/", "/", "//", "a/", "old/ new/",
		"acme/web", "and/or", "a/b/c/d", "https://", "https://x.org/a", "www.", "http://www.example.com/a/b?c=d",
		"https://.", "called", "named", "the word", "the word schedule", "the phrase", "about", "about about about",
		"who reviewed and approved the PR", "q1.csv and q2.csv", "2023 and 2024", "any pdfs in the workspace?", "pdfs",
		"csvs", "for every open bug, create", "nobody uses the tag, remove it", "our deploy workflow keeps failing. rerun it",
		"it must say hello. fix it", "reply that it's fixed", "that", "that it", "when", "once", "if", "until", "before",
		"what", "which", "is", "last week", "this morning", "today's number", "last", "unsubscribe", "un", "unun",
		"analyse", "yses", "notifications", "ings", "settings", "PR", "prs", "repo", "doc", "org",
		"réparer le fichier", "文件", "показать задачи", "ملف جديد", "קובץ חדש", "\u202eevil\u202c", "\u200b", "\ufeff",
		"a\x01b\x02c", "\x7f", "\u00a0\u00a0", "ﬁle", "İstanbul", "ß", "Σ", "\xff\xfe", "a\xc3", "ℌ", "𝓯𝓲𝓵𝓮", "१२३",
		strings.Repeat("a", 600), strings.Repeat("supercalifragilistic", 30), fill("kick off "), fill("get rid of "),
		fill("it "), fill("and "), fill("a, "), fill("the "), fill("\"a "), fill("'a "), fill("-"), fill("a-"), fill("aB"),
		fill("1,"), fill("1,000,"), fill("% "), fill("1 * 1 "), fill("me "), fill("tell me when "), fill("x.md "), fill("a/"),
		fill("a/b "), fill("https://a.b/c "), fill("delete it, "), fill("don't "), fill("what "), fill("? "), fill("use x to "),
		fill("mark it as done and "), fill("é"), fill("ملف "), fill("文"), fill("\u202e"), fill("the word "), fill("as a "),
		fill("open a ticket to track "), fill("remind me what "), fill("I need the x "), strings.Repeat("é", ceiling/2) + "x",
		strings.Repeat("a", ceiling-1) + "é", fill("create make generate produce new add delete remove "),
	}
	return seeds
}

// FuzzSearch: no query, whatever its bytes, makes the search panic, rank
// differently twice, name a tool outside the roster, name one twice,
// return more than the limit, or score a hit with a number that does
// not order (NaN, an infinity).
func FuzzSearch(f *testing.F) {
	for i, q := range searchSeeds() {
		f.Add(q, []int{0, 1, 5, 10, 25, 26, -1}[i%7])
	}
	ixs := fuzzIndexes(f)
	f.Fuzz(func(t *testing.T, q string, limit int) {
		want := limit
		if want <= 0 || want > catalog.MaxSearchLimit {
			want = catalog.MaxSearchLimit
		}
		for _, x := range ixs {
			hits := x.ix.Search(q, limit)
			if len(hits) > want {
				t.Fatalf("%s: %d hits for limit %d", x.name, len(hits), limit)
			}
			seen := map[string]bool{}
			for _, h := range hits {
				if !x.ids[h.ID] {
					t.Fatalf("%s: hit %q is no tool of the roster", x.name, h.ID)
				}
				if seen[h.ID] {
					t.Fatalf("%s: %q hit twice", x.name, h.ID)
				}
				seen[h.ID] = true
				if math.IsNaN(h.Score) || math.IsInf(h.Score, 0) {
					t.Fatalf("%s: %q scores %v", x.name, h.ID, h.Score)
				}
			}
			if again := x.ix.Search(q, limit); !reflect.DeepEqual(hits, again) {
				t.Fatalf("%s: %q ranks differently twice:\n%v\n%v", x.name, q, ids(hits), ids(again))
			}
		}
	})
}

// FuzzSearchImported: whatever MCP tools an import accepts, indexing them
// and searching them neither panics nor names a tool outside them.
func FuzzSearchImported(f *testing.F) {
	f.Add([]byte(`{"tools":[{"name":"ns_get_tasks","description":"Note: gets tasks. Use after ns_create_task.","inputSchema":{"type":"object","properties":{"action":{"type":"string","enum":["get","by_date","create"]}}}}]}`), "show my tasks")
	f.Add([]byte(`{"tools":[{"name":"ns","description":"**Important:** x","inputSchema":{"type":"object"}}]}`), "ns")
	f.Add([]byte(`{"tools":[{"name":"ns_ns_ns","description":"ns_ ns_x (ns_y)","inputSchema":{"type":"object","properties":{"method":{"type":"string","enum":["", "-", "get_comments"]}}}}]}`), "get the comments")
	f.Add([]byte(`{"tools":[{"name":"a","description":"WARNING:::: tip: ::","annotations":{"readOnlyHint":true},"inputSchema":{"type":"object","properties":{"op":{"enum":[1,null,"x"]}}}},{"name":"b","description":"b","inputSchema":{"type":"object"}}]}`), "what did I tell you")
	f.Fuzz(func(t *testing.T, data []byte, q string) {
		cs, ps := catalog.Parse(catalog.FormatMCP, data, "ns")
		if len(ps) > 0 {
			return
		}
		known := map[string]bool{}
		for _, c := range cs {
			known[c.ID] = true
		}
		ix := catalog.NewIndex(cs)
		hits := ix.Search(q, 0)
		for _, h := range hits {
			if !known[h.ID] {
				t.Fatalf("hit %q is no imported tool", h.ID)
			}
		}
		if again := ix.Search(q, 0); !reflect.DeepEqual(hits, again) {
			t.Fatalf("%q ranks differently twice:\n%v\n%v", q, ids(hits), ids(again))
		}
	})
}
