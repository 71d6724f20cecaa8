package catalog_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction/eval"
)

// train5Kinds is the number of cases of each kind train5_cases.yaml holds,
// as its header says.
var train5Kinds = map[string]int{
	eval.KindMisleading:  30,
	eval.KindRare:        15,
	eval.KindTwoProfiles: 10,
	eval.KindNoTool:      10,
	eval.KindOrdinary:    35,
}

// train5CasesPath is the tuning set written by engineer train5.
func train5CasesPath() string {
	return filepath.Join(filepath.Dir(catalogtest.SelectionCasesPath()), "train5_cases.yaml")
}

// train5Problems parses a case file and lists what caseSetProblems finds
// wrong with it against ids.
func train5Problems(data []byte, ids map[string]bool, want map[string]int) []string {
	s, err := eval.ParseSuite(data)
	if err != nil {
		return []string{err.Error()}
	}
	return caseSetProblems(func(id string) bool { return ids[id] }, s, want)
}

// TestTrain5CasesNameOnlyKnownTools checks the train5 tuning set: every
// expected id exists in the built-in catalog or the GitHub fixture, and
// the kind counts are those its header states. It reads no ranking.
func TestTrain5CasesNameOnlyKnownTools(t *testing.T) {
	data, err := os.ReadFile(train5CasesPath())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range train5Problems(data, builtinGitHubIDs(t), train5Kinds) {
		t.Error(p)
	}
}

// TestTrain5ProblemsCatchMistakes shows the check above can fail: a wrong
// id, a kind count off by one and a misleading case without its flag are
// each reported.
func TestTrain5ProblemsCatchMistakes(t *testing.T) {
	ids := builtinGitHubIDs(t)
	suite := func(cases string) []byte { return []byte("k: 5\ncases:\n" + cases) }
	tests := []struct {
		name, cases, want string
	}{
		{"unknown id", "  - {task: open the repo, expect: [github.no_such_tool], kind: ordinary}\n", `unknown tool "github.no_such_tool"`},
		{"bare github name", "  - {task: star it, expect: [star_repository], kind: ordinary}\n", `unknown tool "star_repository"`},
		{"wrong alternative", "  - {task: label it, expect: [\"github.update_issue_labels|github.label_issue\"], kind: ordinary}\n", `unknown tool "github.label_issue"`},
		{"count", "  - {task: plot it, expect: [render_chart], kind: rare}\n", "1 rare cases, want 2"},
		{"flag", "  - {task: plot it, expect: [render_chart], kind: misleading}\n", "without misleading: true"},
		{"steps", "  - {task: plot it, expect: [render_chart], kind: two_profiles}\n", "two_profiles with 1 steps"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := map[string]int{eval.KindRare: 2}
			ps := strings.Join(train5Problems(suite(tc.cases), ids, want), "\n")
			if !strings.Contains(ps, tc.want) {
				t.Errorf("problems %q do not report %q", ps, tc.want)
			}
		})
	}
	// a correct case of a wanted kind, with the wanted count, is clean
	ok := suite("  - {task: zip it, expect: [archive_files], kind: rare}\n  - {task: star it, expect: [github.star_repository], kind: rare}\n")
	if ps := train5Problems(ok, ids, map[string]int{eval.KindRare: 2}); len(ps) > 0 {
		t.Errorf("a correct file reports %v", ps)
	}
}
