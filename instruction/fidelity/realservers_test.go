package fidelity_test

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/fidelity"
)

// realServer is one real MCP server's tools/list, imported verbatim under a
// namespace.
type realServer struct {
	file, ns string
	tools    []catalog.Contract
}

func realServers(t testing.TB) []realServer {
	t.Helper()
	var files []string
	for _, g := range []string{"servers/*.tools.json", "other/*.tools.json", "other2/*.tools.json"} {
		m, err := filepath.Glob(filepath.Join("../../catalog/testdata", g))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	var out []realServer
	seen := map[string]bool{}
	for _, f := range files {
		ns := strings.TrimSuffix(filepath.Base(f), ".tools.json")
		for _, cut := range []string{"mcp-server-", "notionhq-"} {
			ns = strings.TrimPrefix(ns, cut)
		}
		for _, cut := range []string{"-mcp-server", "-mcp"} {
			ns = strings.TrimSuffix(ns, cut)
		}
		ns = strings.NewReplacer("-", "", "_", "").Replace(ns)
		if seen[ns] {
			ns += filepath.Base(filepath.Dir(f))
		}
		seen[ns] = true
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cs, ps := catalog.Parse(catalog.FormatMCP, raw, ns)
		if len(ps) > 0 {
			// the importer refuses a list with a tool it cannot take (a
			// purpose over the ceiling): the others are imported one by one
			cs = importEach(t, raw, ns)
		}
		out = append(out, realServer{file: f, ns: ns, tools: cs})
	}
	return out
}

// subsets is how many random subsets of each server the sweep composes
// (FIDELITY_SUBSETS widens it for a deeper look).
var subsets = func() int {
	if n, err := strconv.Atoi(os.Getenv("FIDELITY_SUBSETS")); err == nil && n > 0 {
		return n
	}
	return 60
}()

// importEach imports the tools of a list one by one, leaving out those the
// importer refuses.
func importEach(t testing.TB, raw []byte, ns string) []catalog.Contract {
	var list struct {
		Tools []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(raw, &list); err != nil {
		t.Fatal(err)
	}
	var out []catalog.Contract
	for _, tool := range list.Tools {
		one, _ := json.Marshal(map[string]any{"tools": []json.RawMessage{tool}})
		if cs, ps := catalog.Parse(catalog.FormatMCP, one, ns); len(ps) == 0 {
			out = append(out, cs...)
		}
	}
	return out
}

// realFinding is one distinct finding of the real-server sweep.
type realFinding struct {
	server, kind, tool, signal, excerpt string
}

// sweepRealServers composes, for every real server, rosters of the whole
// server, random subsets of it, and it beside the builtin catalog, in
// every tier, both catalog forms, eager and deferred, and returns every
// distinct finding.
func sweepRealServers(t testing.TB) (map[string]int, []realFinding) {
	builtin := catalogtest.Builtin(t)
	servers := realServers(t)
	counts := map[string]int{}
	seen := map[realFinding]bool{}
	var out []realFinding
	rng := rand.New(rand.NewSource(21))
	for _, srv := range servers {
		counts[srv.ns] = 0
		cat := catalogtest.New(t, append(append([]catalog.Contract(nil), builtin...), srv.tools...))
		ch := fidelity.ForComposition(cat.Contracts())
		byID := map[string]*catalog.Entry{}
		for _, e := range cat.Entries() {
			byID[e.Contract().ID] = e
		}
		var server, all []*catalog.Entry
		for _, e := range cat.Entries() {
			all = append(all, e)
			if e.Contract().Namespace() == srv.ns {
				server = append(server, e)
			}
		}
		rosters := [][]*catalog.Entry{server, all}
		for k := 0; k < subsets; k++ {
			var sub []*catalog.Entry
			for _, e := range server {
				if rng.Intn(2) == 0 {
					sub = append(sub, e)
				}
			}
			rosters = append(rosters, sub)
		}
		for _, roster := range rosters {
			for _, tier := range instruction.Tiers {
				for _, form := range []string{catalog.FormFull, catalog.FormCompact} {
					for _, deferred := range []bool{false, true} {
						in := instruction.Input{Roster: roster, Services: []string{srv.ns}, Options: instruction.Options{Tier: tier, CatalogForm: form, Deferred: deferred}}
						if deferred {
							// one of the server's tools, activated by a receipt
							for _, e := range roster {
								if e.Contract().Namespace() == srv.ns && rng.Intn(3) == 0 {
									in.Activated = []string{e.Contract().ID}
									break
								}
							}
						}
						c := compose(t, in)
						for _, f := range ch.CheckComposition(c) {
							rf := realFinding{srv.ns, f.Kind, f.Tool, f.Signal, f.Excerpt}
							if !seen[rf] {
								seen[rf] = true
								out = append(out, rf)
								counts[srv.ns]++
							}
						}
					}
				}
			}
		}
	}
	sort.Slice(out, func(a, b int) bool { return fmt.Sprint(out[a]) < fmt.Sprint(out[b]) })
	return counts, out
}

// TestRealServerSweep lists every distinct finding of the real-server
// sweep (run with -v to read them).
func TestRealServerSweep(t *testing.T) {
	counts, fs := sweepRealServers(t)
	for _, f := range fs {
		t.Logf("%s\t%s\t%s\t%q\t…%s…", f.server, f.kind, f.tool, f.signal, f.excerpt)
	}
	var names []string
	for n := range counts {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t.Logf("count %s %d", n, counts[n])
	}
}

// realTrue are the sweep's true findings, judged by hand: each is a real
// description that sends the reader to a tool the roster lacks (a sibling
// left out of a random subset, or a tool the server does not have). A
// sibling named only as a comparison ("Prefer this over raw
// notion_search", "Similar to force_terminate") teaches no call and is
// not one: the rule the blind corpora label by.
var realTrue = map[[3]string]string{
	{"context7", fidelity.KindTool, "context7.query-docs"}:                       "says to call it ahead of the documentation query tool",
	{"context7", fidelity.KindTool, "context7.resolve-library-id"}:               "names the library-id resolver as the call to make first, by its title and by its name",
	{"exa", fidelity.KindTool, "exa.web_fetch_exa"}:                              "hands the best links on to web_fetch_exa",
	{"exa", fidelity.KindTool, "exa.web_search_exa"}:                             "Use after web_search_exa",
	{"firecrawl", fidelity.KindTool, "firecrawl.firecrawl_agent"}:                "starting an agent with `firecrawl_agent`",
	{"firecrawl", fidelity.KindTool, "firecrawl.firecrawl_agent_status"}:         "Use `firecrawl_agent_status` to poll for results",
	{"firecrawl", fidelity.KindTool, "firecrawl.firecrawl_check_crawl_status"}:   "Use firecrawl_check_crawl_status only when",
	{"firecrawl", fidelity.KindTool, "firecrawl.firecrawl_interact"}:             "use firecrawl_scrape + firecrawl_interact",
	{"firecrawl", fidelity.KindTool, "firecrawl.firecrawl_search"}:               "Web search (use firecrawl_search first)",
	{"firecrawl", fidelity.KindTool, "firecrawl.firecrawl_search_feedback"}:      "call `firecrawl_search_feedback` with the `id`",
	{"firecrawl", fidelity.KindTool, "firecrawl.firecrawl_scrape"}:               "use firecrawl_scrape, faster and cheaper (imported since issue 30 raised the description ceiling; it was refused, so never in a roster)",
	{"firecrawl", fidelity.KindTool, "firecrawl.firecrawl_map"}:                  "Use firecrawl_map to find the correct page (in firecrawl_scrape's description, imported since issue 30)",
	{"firecrawl", fidelity.KindTool, "firecrawl.firecrawl_monitor_check"}:        "See `firecrawl_monitor_check` for the response shape (in firecrawl_monitor_create's, imported since issue 30)",
	{"firecrawl", fidelity.KindExec, fidelity.ExecTool}:                          "Run the returned curl command locally",
	{"filesystem", fidelity.KindTool, "filesystem.read_text_file"}:               "DEPRECATED: Use read_text_file instead",
	{"filesystemother2", fidelity.KindTool, "filesystemother2.read_text_file"}:   "DEPRECATED: Use read_text_file instead",
	{"notionother", fidelity.KindTool, "notionother.notion_append_content"}:      "can be used with notion_append_content",
	{"notionother", fidelity.KindTool, "notionother.notion_find"}:                "Use this after notion_find",
	{"notionother", fidelity.KindTool, "notionother.notion_inspect_data_source"}: "Use notion_inspect_data_source first",
	{"notionother", fidelity.KindTool, "notionother.notion_read_page"}:           "Use notion_read_page to find block IDs",
	{"notionother", fidelity.KindUnknown, "notion_append_block_children"}:        "use notion_append_block_children — a tool the server does not have",
	{"playwright", fidelity.KindTool, "playwright.browser_network_request"}:      "points at browser_network_request for one request's details",
	{"notionother", fidelity.KindTool, "notionother.notion_create_database"}:     "use notion_create_database for that",
	{"notionother", fidelity.KindTool, "notionother.notion_retrieve_database"}:   "Use notion_retrieve_database first",
	{"playwright", fidelity.KindTool, "playwright.browser_network_requests"}:     "takes its number from browser_network_requests",
	{"playwright", fidelity.KindTool, "playwright.browser_snapshot"}:             "use browser_snapshot for actions",
}

// TestRealServersTeachOnlyWhatTheyHave: composing the real servers' tool
// lists raises exactly the true findings — none of the checker's
// misreadings (a task status, a parameter path, an English clause, a
// roster tool's own description of running code) — and every true one.
func TestRealServersTeachOnlyWhatTheyHave(t *testing.T) {
	_, fs := sweepRealServers(t)
	found := map[[3]string]bool{}
	for _, f := range fs {
		k := [3]string{f.server, f.kind, f.tool}
		found[k] = true
		if _, ok := realTrue[k]; !ok {
			t.Errorf("%s: unlabelled finding (a misreading, or a true one to label) %s %s via %q: …%s…", f.server, f.kind, f.tool, f.signal, f.excerpt)
		}
	}
	for k, why := range realTrue {
		if !found[k] {
			t.Errorf("%s: lost the true finding %s %s (%s)", k[0], k[1], k[2], why)
		}
	}
}
