package catalog_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/eval"
)

// other2Dir holds the second other-domain catalog (filesystem, git, Slack)
// and its blind case set; see testdata/README.md.
const other2Dir = "testdata/other2"

// other2HeaderLine is a header line naming a tools file and its namespace:
// "#   mcp-server-git.tools.json  namespace "git"  (ids git.git_*)".
var other2HeaderLine = regexp.MustCompile(`^#\s+(\S+\.tools\.json)\s+namespace\s+"([a-z][a-z0-9_]*)"`)

// other2Minimums are the kind counts the brief for the set asks for.
var other2Minimums = map[string]int{
	eval.KindMisleading:  15,
	eval.KindRare:        6,
	eval.KindTwoProfiles: 6,
	eval.KindNoTool:      7,
}

// loadOther2 imports every tools file the case file's header names, under
// the namespace it gives, with the console's real MCP import, and returns
// the catalog and the parsed suite.
func loadOther2(t *testing.T, casesFile string) (*catalog.Catalog, eval.Suite, map[string]string) {
	t.Helper()
	data, err := os.ReadFile(casesFile)
	if err != nil {
		t.Fatal(err)
	}
	namespaces := map[string]string{}
	var all []catalog.Contract
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "#") {
			break
		}
		m := other2HeaderLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(filepath.Dir(casesFile), m[1]))
		if err != nil {
			t.Fatal(err)
		}
		cs, ps := catalog.Parse(catalog.FormatMCP, raw, m[2])
		if len(ps) > 0 {
			t.Fatalf("%s does not import under %q:\n%v", m[1], m[2], ps)
		}
		namespaces[m[2]] = m[1]
		all = append(all, cs...)
	}
	if len(namespaces) == 0 {
		t.Fatalf("%s: the header names no tools file", casesFile)
	}
	cat, err := catalog.New(all)
	if err != nil {
		t.Fatal(err)
	}
	suite, err := eval.ParseSuite(data)
	if err != nil {
		t.Fatal(err)
	}
	return cat, suite, namespaces
}

// other2Problems lists what is wrong with a suite over the catalog: an
// expected id the catalog lacks, a kind under its minimum, a two-profiles
// case within one service, a task given twice.
func other2Problems(cat *catalog.Catalog, suite eval.Suite, minTotal int) []string {
	var out []string
	counts := map[string]int{}
	seen := map[string]bool{}
	for i, c := range suite.Cases {
		counts[c.Kind]++
		key := strings.ToLower(strings.TrimSpace(c.Task))
		if seen[key] {
			out = append(out, fmt.Sprintf("case %d: task given twice: %q", i, c.Task))
		}
		seen[key] = true
		services := map[string]bool{}
		for _, e := range c.Expect {
			for _, id := range eval.Alternatives(e) {
				if _, ok := cat.Get(id); !ok {
					out = append(out, fmt.Sprintf("case %d (%q): %q is not a tool of the catalog", i, c.Task, id))
				}
				services[strings.SplitN(id, ".", 2)[0]] = true
			}
		}
		if c.Kind == eval.KindTwoProfiles && len(services) < 2 {
			out = append(out, fmt.Sprintf("case %d (%q): a two_profiles case must span two services", i, c.Task))
		}
	}
	for kind, min := range other2Minimums {
		if counts[kind] < min {
			out = append(out, fmt.Sprintf("%d %s cases, fewer than %d", counts[kind], kind, min))
		}
	}
	if len(suite.Cases) < minTotal {
		out = append(out, fmt.Sprintf("%d cases, fewer than %d", len(suite.Cases), minTotal))
	}
	return out
}

// TestOther2CasesNameOnlyKnownTools imports the tools files the header of
// other2/cases.yaml names and checks every expected id and the kind counts.
func TestOther2CasesNameOnlyKnownTools(t *testing.T) {
	cat, suite, namespaces := loadOther2(t, filepath.Join(other2Dir, "cases.yaml"))
	if len(namespaces) != 3 {
		t.Errorf("the header names %d tools files, want 3: %v", len(namespaces), namespaces)
	}
	if n := len(cat.Contracts()); n != 34 {
		t.Errorf("the catalog has %d tools, want 34 (14 filesystem, 12 git, 8 Slack)", n)
	}
	for _, p := range other2Problems(cat, suite, 50) {
		t.Error(p)
	}
}

// TestOther2ProblemsCatchAWrongID proves the check can fail: a suite naming
// an id that is not in the catalog, a two-profiles case within one service
// and too few cases are each reported.
func TestOther2ProblemsCatchAWrongID(t *testing.T) {
	cat, _, _ := loadOther2(t, filepath.Join(other2Dir, "cases.yaml"))
	bad := eval.Suite{Cases: []eval.Case{
		{Task: "show me what changed", Expect: []string{"git.git_diff_everything"}, Kind: eval.KindOrdinary},
		{Task: "post the diff", Expect: []string{"git.git_diff", "git.git_status"}, Kind: eval.KindTwoProfiles},
	}}
	got := strings.Join(other2Problems(cat, bad, 50), "\n")
	for _, want := range []string{`"git.git_diff_everything" is not a tool`, "must span two services", "2 cases, fewer than 50", "misleading cases, fewer than 15"} {
		if !strings.Contains(got, want) {
			t.Errorf("problems do not report %q:\n%s", want, got)
		}
	}
}

// other2Digests pins the blind case file and the three tools files: the set
// was written blind and must not be edited to fit a ranking result.
var other2Digests = map[string]string{
	"cases.yaml":                       "a9dfba4e8f9e7f99abe8ce97d2627d6ba0cb053e2bfd2edd8df5f340527b99c1",
	"mcp-server-filesystem.tools.json": "b84eda137ccb6a92851b5ff3ce082d48cecff4b7f7f8622a42dd0a01abd35242",
	"mcp-server-git.tools.json":        "c6acbde0b7488cb11d8c8114c7aba390c654fc5d6bee31b93413e9c20a67559f",
	"mcp-server-slack.tools.json":      "8d088106bcf5d25c667f1c819951b89cde8d40be74150b0e8a59fc215819ce30",
}

// TestOther2CasesAreFrozen fails when any pinned file of other2/ changes.
func TestOther2CasesAreFrozen(t *testing.T) {
	for name, want := range other2Digests {
		data, err := os.ReadFile(filepath.Join(other2Dir, name))
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(data)
		if got := hex.EncodeToString(sum[:]); got != want {
			t.Errorf("%s changed (sha256 %s): the blind set is frozen; never edit it to fit a result", name, got)
		}
	}
}
