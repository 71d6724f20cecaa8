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

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction/eval"
)

// The blind selection set (testdata/blind_cases.yaml) was written without
// reading the search code, the other case files' tasks or any ranking
// figure. It stayed out of tuning until the project's own cases were
// exhausted; since then it is tuning data (its misses are shown by
// TestSearchBeatsBM25 -v), and testdata/blind2_cases.yaml is the set kept
// out of tuning. These tests check that it loads, names real tools, keeps
// its shape, and does not change.

// blindCasesDigest pins the whole blind file, header included: editing a
// case to fit the search is exactly what a blind set must not allow.
const blindCasesDigest = "90c6e6024315d683e235c55aae5bb8b2c223f09e525d8c23c69c229bba36acf0"

func blindCasesPath() string {
	return filepath.Join(filepath.Dir(catalogtest.FixturePath()), "blind_cases.yaml")
}

func loadBlindCases(t testing.TB) (eval.Suite, []byte) {
	t.Helper()
	b, err := os.ReadFile(blindCasesPath())
	if err != nil {
		t.Fatal(err)
	}
	s, err := eval.ParseSuite(b)
	if err != nil {
		t.Fatalf("blind cases do not load: %v", err)
	}
	return s, b
}

// unknownExpectedTools lists every expect alternative of s that is not a
// tool of the universe (skill references included: the blind set names
// tools only), as "cases[i]: id".
func unknownExpectedTools(s eval.Suite, universe []catalog.Contract) []string {
	known := map[string]bool{}
	for _, c := range universe {
		known[c.ID] = true
	}
	var bad []string
	for i, c := range s.Cases {
		for _, e := range c.Expect {
			for _, id := range eval.Alternatives(e) {
				if !known[id] {
					bad = append(bad, fmt.Sprintf("cases[%d]: %s", i, id))
				}
			}
		}
	}
	return bad
}

func TestBlindCasesNameOnlyKnownTools(t *testing.T) {
	s, _ := loadBlindCases(t)
	universe := append(loadBuiltin(t), loadGitHub(t)...)
	if bad := unknownExpectedTools(s, universe); len(bad) > 0 {
		t.Errorf("blind cases expect tools that are in neither the builtin catalog nor the GitHub fixture: %s", strings.Join(bad, ", "))
	}
}

// The check itself must be able to fail: an unknown id, a skill reference
// and a misspelled alternative are each reported.
func TestBlindUnknownToolCheckRejectsUnknownIDs(t *testing.T) {
	universe := append(loadBuiltin(t), loadGitHub(t)...)
	s := eval.Suite{K: 5, Cases: []eval.Case{
		{Task: "a", Expect: []string{"read_file"}, Kind: eval.KindOrdinary},
		{Task: "b", Expect: []string{"github.no_such_tool"}, Kind: eval.KindOrdinary},
		{Task: "c", Expect: []string{"read_file|reed_file"}, Kind: eval.KindOrdinary},
		{Task: "d", Expect: []string{"skill:quarterly-report"}, Kind: eval.KindOrdinary},
		{Task: "e", Expect: []string{"list_pull_requests"}, Kind: eval.KindOrdinary}, // GitHub tools live under "github."
	}}
	got := unknownExpectedTools(s, universe)
	want := []string{"cases[1]: github.no_such_tool", "cases[2]: reed_file", "cases[3]: skill:quarterly-report", "cases[4]: list_pull_requests"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("unknown ids = %q, want %q", got, want)
	}
}

// The set keeps the coverage it was written for (DESIGN.md §12, seed 001):
// every case has a kind, and each kind has its minimum count.
func TestBlindCasesShape(t *testing.T) {
	s, _ := loadBlindCases(t)
	if len(s.Cases) != 40 {
		t.Errorf("%d blind cases, want 40", len(s.Cases))
	}
	count := map[string]int{}
	for i, c := range s.Cases {
		if c.Kind == "" {
			t.Errorf("cases[%d] has no kind", i)
		}
		if !c.HeldOut {
			t.Errorf("cases[%d] is not marked held_out", i)
		}
		if c.Kind == eval.KindTwoProfiles && len(c.Expect) < 2 {
			t.Errorf("cases[%d] is two_profiles but expects %d step(s)", i, len(c.Expect))
		}
		count[c.Kind]++
	}
	min := map[string]int{eval.KindMisleading: 12, eval.KindRare: 6, eval.KindTwoProfiles: 4, eval.KindNoTool: 6, eval.KindOrdinary: 1}
	for k, n := range min {
		if count[k] < n {
			t.Errorf("%d %s cases, want at least %d", count[k], k, n)
		}
	}
}

func TestBlindCasesAreFrozen(t *testing.T) {
	_, b := loadBlindCases(t)
	sum := sha256.Sum256(b)
	if got := hex.EncodeToString(sum[:]); got != blindCasesDigest {
		t.Errorf("blind cases changed: digest %s, want %s (the blind set is never edited; write a new one)", got, blindCasesDigest)
	}
}
