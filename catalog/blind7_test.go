package catalog_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction/eval"
)

// The seventh blind sets (testdata/blind7/*.cases.yaml) are over published
// MCP servers listed live from their packages (testdata/published/), each
// set's catalogs named in its header, evaluated WITH the built-in catalog,
// as an agent connecting those servers would search them. Their first
// measurement is what counts: SELECTION_BLIND7=1 prints it, and
// SELECTION_BLIND7_WRITE=FILE writes the table (testdata/blind7/RESULTS.md).

// blind7Catalog finds the header's catalog lines: a tools file and the
// namespace it imports under, however the header words it.
var (
	blind7File = regexp.MustCompile(`(\S+\.tools\.json)`)
	blind7NS   = regexp.MustCompile(`namespace[^a-z0-9]*([a-z][a-z0-9_-]*)`)
)

// blind7Universe imports the catalogs a blind7 case file's header names,
// plus the built-in catalog. A tool the console's import refuses is left
// out, as an import of the rest would; the count is returned.
func blind7Universe(t testing.TB, casesPath string) ([]catalog.Contract, []string, int) {
	t.Helper()
	b, err := os.ReadFile(casesPath)
	if err != nil {
		t.Fatal(err)
	}
	var all []catalog.Contract
	var names []string
	refused := 0
	// a file and its namespace on one line, or the namespace on a later
	// comment line
	var pending []string
	for _, line := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		f, ns := blind7File.FindStringSubmatch(line), blind7NS.FindStringSubmatch(line)
		if f != nil && ns == nil {
			pending = f
			continue
		}
		if f == nil && ns != nil && pending != nil {
			f, pending = pending, nil
		}
		if f == nil || ns == nil {
			continue
		}
		path := filepath.Join(filepath.Dir(casesPath), f[1])
		if _, err := os.Stat(path); err != nil {
			path = filepath.Join(filepath.Dir(casesPath), "..", "published", filepath.Base(f[1]))
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%s names %s: %v", casesPath, f[1], err)
		}
		cs, n := importEach(data, ns[1])
		all, refused = append(all, cs...), refused+n
		names = append(names, fmt.Sprintf("%s as %s (%d tools)", filepath.Base(path), ns[1], len(cs)))
	}
	if len(all) == 0 {
		t.Fatalf("%s: the header names no catalog", casesPath)
	}
	return append(catalogtest.Builtin(t), catalogtest.New(t, all).Contracts()...), names, refused
}

// importEach imports an MCP tools file; when the whole file is refused,
// each tool alone, keeping those that import.
func importEach(data []byte, ns string) ([]catalog.Contract, int) {
	if cs, ps := catalog.Parse(catalog.FormatMCP, data, ns); len(ps) == 0 {
		return cs, 0
	}
	var doc struct {
		Tools []json.RawMessage `json:"tools"`
	}
	if json.Unmarshal(data, &doc) != nil {
		return nil, 0
	}
	var out []catalog.Contract
	refused := 0
	listed := map[string]int{}
	var each [][]catalog.Contract
	for _, tool := range doc.Tools {
		one, _ := json.Marshal(map[string]any{"tools": []json.RawMessage{tool}})
		cs, ps := catalog.Parse(catalog.FormatMCP, one, ns)
		if len(ps) > 0 {
			refused++
			continue
		}
		for _, c := range cs {
			listed[c.ID]++
		}
		each = append(each, cs)
	}
	// a name listed twice is refused in both places, as the import refuses it
	for _, cs := range each {
		for _, c := range cs {
			if listed[c.ID] > 1 {
				refused++
				continue
			}
			out = append(out, c)
		}
	}
	return out, refused
}

// blindFigures are one ranking's first-measurement figures on one set.
type blindFigures struct {
	figures
	// per service: tasks whose every expected tool is in the top k
	serviceFound, serviceTasks map[string]int
	// top-k slots held by built-in tools, of all slots; expected entries
	// that are built-in, of all
	builtinSlots, slots, builtinExpected, expectedEntries int
}

func serviceOf(id string) string {
	if ns, _, ok := strings.Cut(id, "."); ok {
		return ns
	}
	return "built-in"
}

func blindFiguresOf(cases []eval.Case, k int, rank rankedBy) blindFigures {
	b := blindFigures{figures: figuresOf(cases, k, rank), serviceFound: map[string]int{}, serviceTasks: map[string]int{}}
	for _, c := range cases {
		ids, _ := rank(c.Task)
		for i, id := range ids {
			if i == k {
				break
			}
			b.slots++
			if serviceOf(id) == "built-in" {
				b.builtinSlots++
			}
		}
		if len(c.Expect) == 0 {
			continue
		}
		pos := map[string]int{}
		for i, id := range ids {
			pos[id] = i + 1
		}
		all := true
		for _, e := range c.Expect {
			b.expectedEntries++
			if serviceOf(eval.Alternatives(e)[0]) == "built-in" {
				b.builtinExpected++
			}
			found := false
			for _, id := range eval.Alternatives(e) {
				if p := pos[id]; p > 0 && p <= k {
					found = true
				}
			}
			all = all && found
		}
		svc := serviceOf(eval.Alternatives(c.Expect[0])[0])
		b.serviceTasks[svc]++
		if all {
			b.serviceFound[svc]++
		}
	}
	return b
}

// TestBlind7FirstMeasurement measures every blind7 set once per ranking:
// the current search (catalog.Search, its top hit judged by fit) and
// plain BM25.
func TestBlind7FirstMeasurement(t *testing.T) {
	if os.Getenv("SELECTION_BLIND7") == "" && os.Getenv("SELECTION_BLIND7_WRITE") == "" {
		t.Skip("SELECTION_BLIND7=1 measures the blind7 sets")
	}
	dir := "blind7"
	if d := os.Getenv("SELECTION_BLIND7_DIR"); d != "" {
		dir = d // a dry run of this test on another directory
	}
	files, _ := filepath.Glob(testdataPath(filepath.Join(dir, "*.cases.yaml")))
	builtins := len(catalogtest.Builtin(t))
	sort.Strings(files)
	if len(files) == 0 {
		t.Fatal("no blind7 set")
	}
	var md strings.Builder
	md.WriteString("| set | server tools (+ built-in) | cases | ranking | recall@5 | top-1 | misleading top-1 | no-tool: nothing fits | built-in share of top-5 slots / of expected | per service, tasks found (BM25) |\n")
	md.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	for _, path := range files {
		suite := loadSuite(t, path)
		u, names, refused := blind7Universe(t, path)
		name := strings.TrimSuffix(filepath.Base(path), ".cases.yaml")
		t.Logf("%s: %d cases over %s; %d tools refused by the import", name, len(suite.Cases), strings.Join(names, ", "), refused)
		base := blindFiguresOf(suite.Cases, suite.K, bm25Ranking(u))
		for _, r := range []struct {
			name string
			rank rankedBy
		}{
			{"current", currentRanking(u)},
			{"bm25", bm25Ranking(u)},
		} {
			f := blindFiguresOf(suite.Cases, suite.K, r.rank)
			var svcs []string
			for s := range f.serviceTasks {
				svcs = append(svcs, s)
			}
			sort.Strings(svcs)
			var per []string
			for _, s := range svcs {
				per = append(per, fmt.Sprintf("%s %d/%d (%d)", s, f.serviceFound[s], f.serviceTasks[s], base.serviceFound[s]))
			}
			quiet := "–"
			if f.noTool > 0 {
				quiet = fmt.Sprintf("%d/%d", f.quiet, f.noTool)
			}
			row := fmt.Sprintf("| %s | %s | %d | %s | %.2f (%d/%d) | %.2f (%d/%d) | %.2f (%d/%d) | %s | %.2f / %.2f | %s |",
				name, fmt.Sprintf("%d (+%d)", len(u)-builtins, builtins), len(suite.Cases), r.name, ratio(f.found, f.expected), f.found, f.expected,
				ratio(f.top1, f.withExpect), f.top1, f.withExpect, ratio(f.top1m, f.misleading), f.top1m, f.misleading, quiet,
				ratio(f.builtinSlots, f.slots), ratio(f.builtinExpected, f.expectedEntries), strings.Join(per, ", "))
			md.WriteString(row + "\n")
			t.Log(row)
		}
	}
	if out := os.Getenv("SELECTION_BLIND7_WRITE"); out != "" {
		if err := os.WriteFile(out, []byte(md.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
