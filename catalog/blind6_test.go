package catalog_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/eval"
)

// blind6Dir holds the sixth blind set, over the real servers of
// testdata/servers/ an agent would have connected; see testdata/README.md.
const blind6Dir = "testdata/blind6"

// blind6Kinds are the exact kind counts each blind6 case file declares in
// its header.
var blind6Kinds = map[string]map[string]int{
	"servers.cases.yaml": {
		eval.KindMisleading: 22, eval.KindRare: 10, eval.KindTwoProfiles: 10,
		eval.KindNoTool: 10, eval.KindOrdinary: 20,
	},
}

// blind6Servers are the tools files the header of servers.cases.yaml must
// name, each under its namespace, and how many tools each imports.
var blind6Servers = map[string]struct {
	file  string
	tools int
}{
	"filesystem": {"../servers/mcp-server-filesystem.tools.json", 14},
	"git":        {"../servers/mcp-server-git.tools.json", 12},
	"fetch":      {"../servers/mcp-server-fetch.tools.json", 1},
	"time":       {"../servers/mcp-server-time.tools.json", 2},
	"memory":     {"../servers/mcp-server-memory.tools.json", 9},
	"thinking":   {"../servers/mcp-server-sequential-thinking.tools.json", 1},
	"playwright": {"../servers/playwright-mcp.tools.json", 25},
	"notion":     {"../servers/notionhq-notion-mcp-server.tools.json", 24},
	"exa":        {"../servers/exa-mcp.tools.json", 2},
	"context7":   {"../servers/context7-mcp.tools.json", 2},
}

// crossServiceProblems lists the two_profiles cases of a set over several
// services whose steps do not span two services.
func crossServiceProblems(s eval.Suite) []string {
	var out []string
	for i, c := range s.Cases {
		if c.Kind != eval.KindTwoProfiles {
			continue
		}
		services := map[string]bool{}
		for _, e := range c.Expect {
			step := map[string]bool{}
			for _, id := range eval.Alternatives(e) {
				step[strings.SplitN(id, ".", 2)[0]] = true
			}
			for svc := range step {
				services[svc] = true
			}
		}
		if len(services) < 2 {
			out = append(out, fmt.Sprintf("case %d (%q): a two_profiles case must span two services", i, c.Task))
		}
	}
	return out
}

// TestBlind6ServersCasesNameOnlyKnownTools imports the ten tools files the
// header of servers.cases.yaml names, verbatim and under its namespaces,
// with the console's MCP import (catalog.Parse, then catalog.New), and
// checks every expected id, the exact kind counts, the shape of each case
// and that each two_profiles case spans two services. It reads no ranking.
func TestBlind6ServersCasesNameOnlyKnownTools(t *testing.T) {
	name := "servers.cases.yaml"
	cat, suite, namespaces := loadOther2(t, filepath.Join(blind6Dir, name))
	want := map[string]string{}
	total := 0
	for ns, s := range blind6Servers {
		want[ns] = s.file
		total += s.tools
	}
	if !reflect.DeepEqual(namespaces, want) {
		t.Errorf("the header names %v, want %v", namespaces, want)
	}
	count := map[string]int{}
	for _, c := range cat.Contracts() {
		count[c.Namespace()]++
	}
	for ns, s := range blind6Servers {
		if count[ns] != s.tools {
			t.Errorf("namespace %s has %d tools, want %d", ns, count[ns], s.tools)
		}
	}
	if n := len(cat.Contracts()); n != total {
		t.Errorf("the catalog has %d tools, want %d", n, total)
	}
	known := func(id string) bool { _, ok := cat.Get(id); return ok }
	for _, p := range append(caseSetProblems(known, suite, blind6Kinds[name]), crossServiceProblems(suite)...) {
		t.Error(p)
	}
}

// TestBlind6ProblemsCatchBadCases proves the checks can fail on the
// servers' catalog: an unknown id, a two_profiles case within one service
// and wrong counts are each reported.
func TestBlind6ProblemsCatchBadCases(t *testing.T) {
	cat, _, _ := loadOther2(t, filepath.Join(blind6Dir, "servers.cases.yaml"))
	known := func(id string) bool { _, ok := cat.Get(id); return ok }
	bad := eval.Suite{Cases: []eval.Case{
		{Task: "read it", Expect: []string{"filesystem.read_text_file|filesystem.cat"}, Kind: eval.KindOrdinary},
		{Task: "stage and commit", Expect: []string{"git.git_add", "git.git_commit"}, Kind: eval.KindTwoProfiles},
		{Task: "read then note", Expect: []string{"filesystem.read_file", "memory.add_observations"}, Kind: eval.KindTwoProfiles},
	}}
	got := strings.Join(append(caseSetProblems(known, bad, blind6Kinds["servers.cases.yaml"]), crossServiceProblems(bad)...), "\n")
	for _, want := range []string{
		`"filesystem.cat" is not a tool`, `"stage and commit"): a two_profiles case must span two services`,
		"0 misleading cases, want 22", "3 cases, want 72",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("problems do not report %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "read then note") {
		t.Errorf("a two-service sequence is reported:\n%s", got)
	}
}

// blind6Digests pins every file of blind6Dir that the sets consist of: the
// set was written blind and must not be edited to fit a ranking result.
var blind6Digests = map[string]string{
	"servers.cases.yaml": "b39e8c833ca9b38c193c1cf42a88f698401b76cdab9c7d2d5a3edee400329f08",
}

// TestBlind6CasesAreFrozen fails when any pinned file of blind6Dir changes.
func TestBlind6CasesAreFrozen(t *testing.T) {
	for name, want := range blind6Digests {
		data, err := os.ReadFile(filepath.Join(blind6Dir, name))
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(data)
		if got := hex.EncodeToString(sum[:]); got != want {
			t.Errorf("%s changed (sha256 %s): the blind set is frozen; never edit it to fit a result", name, got)
		}
	}
}
