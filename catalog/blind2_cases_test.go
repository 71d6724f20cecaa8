package catalog_test

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction/eval"
)

// The second blind selection set (testdata/blind2_cases.yaml) was written
// on 2026-11-30 without reading the search code, the other case files'
// tasks or any ranking figure. It is never used for tuning; these tests
// only check that it loads, names real tools, keeps its shape, and does
// not change.

// blind2CasesDigest pins the whole second blind file, header included.
const blind2CasesDigest = "34f82fdc94687bf8bcc5293781bde85c5cddd25f9a1e66bb5f7c48da11d830b7"

func blind2CasesPath() string {
	return filepath.Join(filepath.Dir(catalogtest.FixturePath()), "blind2_cases.yaml")
}

func loadBlind2Cases(t testing.TB) (eval.Suite, []byte) {
	t.Helper()
	b, err := os.ReadFile(blind2CasesPath())
	if err != nil {
		t.Fatal(err)
	}
	s, err := eval.ParseSuite(b)
	if err != nil {
		t.Fatalf("second blind cases do not load: %v", err)
	}
	return s, b
}

func TestBlind2CasesNameOnlyKnownTools(t *testing.T) {
	s, _ := loadBlind2Cases(t)
	universe := append(loadBuiltin(t), loadGitHub(t)...)
	if bad := unknownExpectedTools(s, universe); len(bad) > 0 {
		t.Errorf("second blind cases expect tools that are in neither the builtin catalog nor the GitHub fixture: %s", strings.Join(bad, ", "))
	}
}

// blind2KindMinimum is the least number of cases of each kind the second
// blind set keeps.
var blind2KindMinimum = map[string]int{
	eval.KindMisleading:  20,
	eval.KindRare:        6,
	eval.KindTwoProfiles: 5,
	eval.KindNoTool:      6,
	eval.KindOrdinary:    1,
}

// blind2ShapeProblems lists how s falls short of the coverage the second
// blind set was written for (DESIGN.md §12, seed 001): 45 cases, each with
// a kind and held out, two_profiles cases with at least two steps, no_tool
// cases with no step, and each kind at its minimum count.
func blind2ShapeProblems(s eval.Suite) []string {
	var bad []string
	if len(s.Cases) != 45 {
		bad = append(bad, "want 45 cases")
	}
	count := map[string]int{}
	for _, c := range s.Cases {
		switch {
		case c.Kind == "":
			bad = append(bad, "case without kind: "+c.Task)
		case !c.HeldOut:
			bad = append(bad, "case not held_out: "+c.Task)
		case c.Kind == eval.KindTwoProfiles && len(c.Expect) < 2:
			bad = append(bad, "two_profiles case with fewer than 2 steps: "+c.Task)
		case c.Kind == eval.KindNoTool && len(c.Expect) != 0:
			bad = append(bad, "no_tool case expecting a tool: "+c.Task)
		case c.Kind != eval.KindNoTool && len(c.Expect) == 0:
			bad = append(bad, c.Kind+" case expecting no tool: "+c.Task)
		}
		count[c.Kind]++
	}
	for _, k := range eval.Kinds {
		if count[k] < blind2KindMinimum[k] {
			bad = append(bad, "too few "+k+" cases")
		}
	}
	return bad
}

func TestBlind2CasesShape(t *testing.T) {
	s, _ := loadBlind2Cases(t)
	if bad := blind2ShapeProblems(s); len(bad) > 0 {
		t.Errorf("second blind set lost its shape: %s", strings.Join(bad, "; "))
	}
}

// The shape check itself must be able to fail: a one-step two_profiles
// case, a no_tool case with a tool, a case not held out and the missing
// kinds are each reported.
func TestBlind2ShapeCheckRejectsBadSets(t *testing.T) {
	s := eval.Suite{K: 5, Cases: []eval.Case{
		{Task: "a", Expect: []string{"read_file"}, Kind: eval.KindTwoProfiles, HeldOut: true},
		{Task: "b", Expect: []string{"read_file"}, Kind: eval.KindNoTool, HeldOut: true},
		{Task: "c", Expect: []string{"read_file"}, Kind: eval.KindOrdinary},
		{Task: "d", Kind: eval.KindMisleading, HeldOut: true},
	}}
	got := strings.Join(blind2ShapeProblems(s), "; ")
	for _, want := range []string{
		"want 45 cases",
		"two_profiles case with fewer than 2 steps: a",
		"no_tool case expecting a tool: b",
		"case not held_out: c",
		"misleading case expecting no tool: d",
		"too few misleading cases", "too few rare cases", "too few two_profiles cases", "too few no_tool cases",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("shape problems %q do not report %q", got, want)
		}
	}
}

func TestBlind2CasesAreFrozen(t *testing.T) {
	_, b := loadBlind2Cases(t)
	sum := sha256.Sum256(b)
	if got := hex.EncodeToString(sum[:]); got != blind2CasesDigest {
		t.Errorf("second blind cases changed: digest %s, want %s (the blind set is never edited; write a new one)", got, blind2CasesDigest)
	}
}
