package catalog_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/eval"
)

// blind5Dir holds the fifth blind set (built-in catalog plus GitHub); see
// testdata/README.md.
const blind5Dir = "testdata/blind5"

// blind5Kinds are the exact kind counts each blind5 case file declares in
// its header.
var blind5Kinds = map[string]map[string]int{
	"builtin_github.yaml": {
		eval.KindMisleading: 22, eval.KindRare: 11, eval.KindTwoProfiles: 8,
		eval.KindNoTool: 10, eval.KindOrdinary: 19,
	},
}

// caseSetProblems lists what is wrong with a written case set: an
// expected id known does not hold, a kind count other than want's (or a
// kind want does not name), a misleading case not flagged misleading, a
// two_profiles case without two different steps, a no_tool case that
// expects a tool, a task given twice. blind5's and train5's checks.
func caseSetProblems(known func(id string) bool, s eval.Suite, want map[string]int) []string {
	var out []string
	counts := map[string]int{}
	seen := map[string]bool{}
	for i, c := range s.Cases {
		counts[c.Kind]++
		key := strings.ToLower(strings.TrimSpace(c.Task))
		if seen[key] {
			out = append(out, fmt.Sprintf("case %d: task given twice: %q", i, c.Task))
		}
		seen[key] = true
		steps := map[string]bool{}
		for _, e := range c.Expect {
			steps[e] = true
			for _, id := range eval.Alternatives(e) {
				if !known(id) {
					out = append(out, fmt.Sprintf("case %d (%q) expects unknown tool %q: %q is not a tool of the catalog", i, c.Task, id, id))
				}
			}
		}
		switch {
		case c.Kind == eval.KindMisleading && !c.Misleading:
			out = append(out, fmt.Sprintf("case %d (%q) is misleading without misleading: true (a misleading case must say misleading: true)", i, c.Task))
		case c.Kind == eval.KindTwoProfiles && len(steps) < 2:
			out = append(out, fmt.Sprintf("case %d (%q): two_profiles with %d steps; a two_profiles case needs two different steps", i, c.Task, len(c.Expect)))
		case c.Kind == eval.KindNoTool && len(c.Expect) > 0:
			out = append(out, fmt.Sprintf("case %d (%q): no_tool expects %v", i, c.Task, c.Expect))
		}
	}
	total := 0
	for kind, n := range want {
		total += n
		if counts[kind] != n {
			out = append(out, fmt.Sprintf("%d %s cases, want %d", counts[kind], kind, n))
		}
	}
	for kind, n := range counts {
		if _, ok := want[kind]; !ok {
			out = append(out, fmt.Sprintf("%d cases of unexpected kind %q", n, kind))
		}
	}
	if len(s.Cases) != total {
		out = append(out, fmt.Sprintf("%d cases, want %d", len(s.Cases), total))
	}
	return out
}

// loadBlind5Suite parses one case file of blind5Dir.
func loadBlind5Suite(t *testing.T, name string) eval.Suite {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(blind5Dir, name))
	if err != nil {
		t.Fatal(err)
	}
	s, err := eval.ParseSuite(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return s
}

// TestBlind5BuiltinGitHubCasesNameOnlyKnownTools checks the fifth blind set
// against the built-in catalog plus the GitHub fixture: every expected id,
// the exact kind counts and the shape of each case. It reads no ranking.
func TestBlind5BuiltinGitHubCasesNameOnlyKnownTools(t *testing.T) {
	ids := builtinGitHubIDs(t)
	s := loadBlind5Suite(t, "builtin_github.yaml")
	for _, p := range caseSetProblems(func(id string) bool { return ids[id] }, s, blind5Kinds["builtin_github.yaml"]) {
		t.Error(p)
	}
}

// TestBlind5ProblemsCatchBadCases proves the check can fail: an unknown id,
// an unflagged misleading case, a one-tool sequence, a repeated task and
// wrong counts are each reported.
func TestBlind5ProblemsCatchBadCases(t *testing.T) {
	ids := builtinGitHubIDs(t)
	bad := eval.Suite{Cases: []eval.Case{
		{Task: "chart it", Expect: []string{"render_chart|github.render_chart"}, Kind: eval.KindOrdinary},
		{Task: "delete the word x", Expect: []string{"edit_file"}, Kind: eval.KindMisleading},
		{Task: "read then read", Expect: []string{"read_file", "read_file"}, Kind: eval.KindTwoProfiles},
		{Task: "Chart it ", Expect: []string{"render_chart"}, Kind: eval.KindOrdinary},
	}}
	got := strings.Join(caseSetProblems(func(id string) bool { return ids[id] }, bad, blind5Kinds["builtin_github.yaml"]), "\n")
	for _, want := range []string{
		`"github.render_chart" is not a tool`, "must say misleading: true", "needs two different steps",
		"task given twice", "1 misleading cases, want 22", "4 cases, want 70",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("problems do not report %q:\n%s", want, got)
		}
	}
}

// blind5Digests pins every file of blind5Dir: the sets were written blind
// and must not be edited to fit a ranking result, and the tools file is a
// verbatim copy of the server's own.
var blind5Digests = map[string]string{
	"builtin_github.yaml": "e92b19cf734c22d6b0be6f3750c8e189585a62784429f353b8bb33de70d78883",
}

// TestBlind5CasesAreFrozen fails when any pinned file of blind5Dir changes.
func TestBlind5CasesAreFrozen(t *testing.T) {
	for name, want := range blind5Digests {
		data, err := os.ReadFile(filepath.Join(blind5Dir, name))
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(data)
		if got := hex.EncodeToString(sum[:]); got != want {
			t.Errorf("%s changed (sha256 %s): the blind set is frozen; never edit it to fit a result", name, got)
		}
	}
}
