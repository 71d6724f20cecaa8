package catalog_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction/eval"
)

// The search-quality set: the project's own selection cases over the
// built-in catalog plus the GitHub fixture, ranked by catalog.Search and by
// a plain BM25 baseline over the same fields.

func loadSelectionCases(t testing.TB) eval.Suite {
	t.Helper()
	return loadSuite(t, catalogtest.SelectionCasesPath())
}

func loadSuite(t testing.TB, path string) eval.Suite {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := eval.ParseSuite(b)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// heldOutDigest pins the held-out cases: they were written before any
// ranking ran against the set and must not be edited to fit the search.
const heldOutDigest = "1e738633d92d9943b3493e270779b219cb00bd9a8dea2674bfcdc69fe0f93d3b"

func TestHeldOutCasesAreFrozen(t *testing.T) {
	s := loadSelectionCases(t)
	var held []eval.Case
	for _, c := range s.Cases {
		if c.HeldOut {
			held = append(held, c)
		}
	}
	b, _ := json.Marshal(held)
	sum := sha256.Sum256(b)
	if got := hex.EncodeToString(sum[:]); got != heldOutDigest {
		t.Errorf("held-out cases changed: digest %s, want %s", got, heldOutDigest)
	}
}

func TestSelectionCaseSetShape(t *testing.T) {
	s := loadSelectionCases(t)
	universe := append(loadBuiltin(t), loadGitHub(t)...)
	byID := map[string]catalog.Contract{}
	for _, c := range universe {
		byID[c.ID] = c
	}
	kinds, held := map[string]int{}, 0
	for i, c := range s.Cases {
		kinds[c.Kind]++
		if c.HeldOut {
			held++
		}
		for _, e := range c.Expect {
			for _, id := range eval.Alternatives(e) {
				k, ok := byID[id]
				if !ok {
					t.Errorf("case %d %q expects unknown tool %s", i, c.Task, id)
				}
				if k.CodeOnly {
					t.Errorf("case %d expects code-only %s, which search never returns", i, id)
				}
			}
		}
	}
	if len(s.Cases) < 60 {
		t.Errorf("%d cases, want at least 60", len(s.Cases))
	}
	if 10*held < 3*len(s.Cases) {
		t.Errorf("%d held-out of %d, want about a third (at least 30%%)", held, len(s.Cases))
	}
	for _, k := range eval.Kinds {
		if kinds[k] < 3 {
			t.Errorf("kind %s has %d cases, want at least 3", k, kinds[k])
		}
	}
}

// ranker ranks a universe of tools for a query, best first.
type ranker func(query string, limit int) []string

// quality is recall@k and top-1 on misleading cases of one ranking over a
// set of cases.
type quality struct {
	Recall, Top1Misleading float64
	found, expected        int
	top1, misleading       int
	misses                 []string
}

func measure(cases []eval.Case, rank ranker, k int) quality {
	var q quality
	for _, c := range cases {
		if len(c.Expect) == 0 {
			continue
		}
		hits := rank(c.Task, catalog.MaxSearchLimit)
		pos := map[string]int{}
		for i, h := range hits {
			pos[h] = i + 1
		}
		for _, e := range c.Expect {
			q.expected++
			best := 0
			for _, id := range eval.Alternatives(e) {
				if p := pos[id]; p > 0 && (best == 0 || p < best) {
					best = p
				}
			}
			if best > 0 && best <= k {
				q.found++
			} else {
				q.misses = append(q.misses, c.Task+" → "+e+" (top: "+strings.Join(first(hits, 3), ", ")+")")
			}
		}
		if c.IsMisleading() {
			q.misleading++
			if len(hits) > 0 && expects(c, hits[0]) {
				q.top1++
			} else {
				q.misses = append(q.misses, "top-1: "+c.Task+" → "+strings.Join(first(hits, 3), ", "))
			}
		}
	}
	q.Recall = ratio(q.found, q.expected)
	q.Top1Misleading = ratio(q.top1, q.misleading)
	return q
}

func expects(c eval.Case, id string) bool {
	for _, e := range c.Expect {
		for _, a := range eval.Alternatives(e) {
			if a == id {
				return true
			}
		}
	}
	return false
}

func first(s []string, n int) []string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

func split(cases []eval.Case) (all, held, tuning []eval.Case) {
	for _, c := range cases {
		if c.HeldOut {
			held = append(held, c)
		} else {
			tuning = append(tuning, c)
		}
	}
	return cases, held, tuning
}

func searchRanker(universe []catalog.Contract) ranker {
	ix := catalog.NewIndex(universe)
	return func(q string, limit int) []string {
		var out []string
		for _, h := range ix.Search(q, limit) {
			out = append(out, h.ID)
		}
		return out
	}
}

// logQuality logs one case set's figures for the search (o) and for BM25
// (b) on one line.
func logQuality(t *testing.T, name string, k int, o, b quality) {
	t.Helper()
	t.Logf("%-8s search: recall@%d %.3f (%d/%d) top-1 misleading %.3f (%d/%d) | BM25: recall@%d %.3f (%d/%d) top-1 misleading %.3f (%d/%d)",
		name, k, o.Recall, o.found, o.expected, o.Top1Misleading, o.top1, o.misleading,
		k, b.Recall, b.found, b.expected, b.Top1Misleading, b.top1, b.misleading)
}

// measureAndLog measures a suite with both rankers, logs the figures and
// returns the search's.
func measureAndLog(t *testing.T, name string, s eval.Suite, ours, base ranker) quality {
	t.Helper()
	o, b := measure(s.Cases, ours, s.K), measure(s.Cases, base, s.K)
	logQuality(t, name, s.K, o, b)
	return o
}

// TestSearchBeatsBM25 measures catalog.Search against the BM25 baseline on
// the whole case set and on the held-out third separately.
func TestSearchBeatsBM25(t *testing.T) {
	s := loadSelectionCases(t)
	universe := catalogtest.SearchUniverse(t)
	if os.Getenv("SELECTION_NOHINTS") != "" {
		universe = withoutHints(universe)
	}
	if os.Getenv("SELECTION_NOLEXICON") != "" {
		catalog.SetLexiconOff(true)
		defer catalog.SetLexiconOff(false)
	}
	ours, base := searchRanker(universe), newBM25(universe).rank
	all, held, tuning := split(s.Cases)
	sets := []struct {
		name  string
		cases []eval.Case
	}{{"all", all}, {"tuning", tuning}, {"held-out", held}}
	if os.Getenv("SELECTION_TUNING") != "" {
		// while tuning, look at the tuning set only
		sets = sets[1:2]
	}
	for _, set := range sets {
		o, b := measure(set.cases, ours, s.K), measure(set.cases, base, s.K)
		switch set.name {
		case "all", "held-out":
			// the bar: recall@5 at least 0.90 and above BM25, on
			// the whole set and on the held-out third alike; top-1 on
			// misleading cases above BM25 on both and at least 0.78 on
			// the whole set (15 of its 19). It was 0.80 (16 of 19) until
			// a two-hump name ("GitHub") was read as one word (queryTerms):
			// that gained on the blind sets the search was never tuned on
			// and lost one tuning case, "read me the GitHub issue about
			// the broken login", whose issue_read had led by the name's
			// humps alone.
			if o.Recall < 0.90 || o.Recall <= b.Recall {
				t.Errorf("%s: recall@%d %.3f, BM25 %.3f: want ≥ 0.90 and above BM25", set.name, s.K, o.Recall, b.Recall)
			}
			if o.Top1Misleading <= b.Top1Misleading {
				t.Errorf("%s: top-1 misleading %.3f, BM25 %.3f: want above BM25", set.name, o.Top1Misleading, b.Top1Misleading)
			}
			if set.name == "all" && o.Top1Misleading < 0.78 {
				t.Errorf("all: top-1 misleading %.3f, want ≥ 0.78", o.Top1Misleading)
			}
		}
		logQuality(t, set.name, s.K, o, b)
	}
	// The first blind set (catalog/testdata/blind_cases.yaml) was written
	// blind and reported without its misses until the search reached its
	// limits on the project's own cases; since then it is tuning data
	// (notes/selection2.md): its figures and misses are shown like the
	// tuning set's.
	blind, _ := loadBlindCases(t)
	ob := measureAndLog(t, "blind1", blind, ours, base)
	// The second blind set (catalog/testdata/blind2_cases.yaml), written by
	// someone who never saw the search code, is the measure of cases kept
	// out of tuning: only its totals are reported (no bar, never its
	// misses), and not at all while tuning (SELECTION_TUNING set).
	if b2, err := os.ReadFile(blind2CasesPath()); err == nil && os.Getenv("SELECTION_TUNING") == "" {
		s2, err := eval.ParseSuite(b2)
		if err != nil {
			t.Fatalf("blind2 cases do not load: %v", err)
		}
		measureAndLog(t, "blind2", s2, ours, base)
	}
	// The third blind set (testdata/blind3_cases.yaml) was written blind
	// by engineer blind3 and is kept out of tuning like blind2: totals
	// only, and not at all while tuning.
	if os.Getenv("SELECTION_TUNING") == "" {
		measureAndLog(t, "blind3", loadSuite(t, blind3CasesPath()), ours, base)
	}
	// The second other-domain set (testdata/other2/cases.yaml, over the
	// filesystem, git and Slack catalogs its header names, imported like
	// other/'s and with nothing else) was written blind by engineer blind4
	// and is kept out of tuning like blind2: totals only, and not at all
	// while tuning.
	if os.Getenv("SELECTION_TUNING") == "" {
		other2 := headerUniverse(t, other2CasesPath())
		measureAndLog(t, "other2", loadSuite(t, other2CasesPath()), searchRanker(other2), newBM25(other2).rank)
	}
	// The fifth blind set (testdata/blind5/: 70 tasks over the built-in
	// catalog and the GitHub fixture), written blind by engineer blind5, is reported
	// only when asked for (SELECTION_BLIND5 set), so nobody tuning the
	// search sees even their totals; never their misses.
	if os.Getenv("SELECTION_BLIND5") != "" && os.Getenv("SELECTION_TUNING") == "" {
		measureAndLog(t, "blind5", loadSuite(t, testdataPath(filepath.Join("blind5", "builtin_github.yaml"))), ours, base)
	}
	// The sixth blind set (testdata/blind6/: 72 tasks over ten real
	// servers of testdata/servers/ an agent would have connected), written
	// blind by engineer blind6, is reported only when asked for
	// (SELECTION_BLIND6 set), against its header's catalogs only, so nobody
	// tuning the search sees even its totals; never its misses, never a bar.
	if os.Getenv("SELECTION_BLIND6") != "" && os.Getenv("SELECTION_TUNING") == "" {
		path := testdataPath(filepath.Join("blind6", "servers.cases.yaml"))
		u := headerUniverse(t, path)
		measureAndLog(t, "blind6", loadSuite(t, path), searchRanker(u), newBM25(u).rank)
	}
	// The other-domain set (testdata/other/cases.yaml, over the Notion and
	// Todoist catalogs imported as their header says, and nothing else)
	// was written blind too, measured once (notes/selection3.md), and is
	// TUNING data since: its figures and misses are shown.
	other := otherUniverse(t)
	oo := measureAndLog(t, "other", loadSuite(t, otherCasesPath()), searchRanker(other), newBM25(other).rank)
	// the second tuning file: more misleading cases, reported on their
	// own (the figures above stay those of cases.yaml)
	more := loadSuite(t, filepath.Join(filepath.Dir(catalogtest.SelectionCasesPath()), "misleading_tuning.yaml"))
	om := measureAndLog(t, "tuning+", more, ours, base)
	// the third tuning file (selection2's probes of phrasings the others
	// lack), reported on its own
	probe := loadSuite(t, filepath.Join(filepath.Dir(catalogtest.SelectionCasesPath()), "probe_tuning.yaml"))
	op := measureAndLog(t, "probe", probe, ours, base)
	// the fourth tuning file (testdata/selection/train5_cases.yaml, 100
	// tasks written by engineer train5 before any ranking ran on them),
	// reported on its own, with its misses
	o5 := measureAndLog(t, "train5", loadSuite(t, train5CasesPath()), ours, base)
	// Only the tuning sets' misses are shown: the held-out third must not
	// steer the ranking.
	if testing.Verbose() {
		misses := append(measure(tuning, ours, s.K).misses, om.misses...)
		misses = append(misses, op.misses...)
		for _, m := range append(misses, ob.misses...) {
			t.Logf("  tuning miss: %s", m)
		}
		for _, m := range oo.misses {
			t.Logf("  tuning miss (other): %s", m)
		}
		for _, m := range o5.misses {
			t.Logf("  tuning miss (train5): %s", m)
		}
		if os.Getenv("SELECTION_TUNING") != "" {
			for _, m := range measure(tuning, base, s.K).misses {
				t.Logf("  tuning BM25 miss: %s", m)
			}
		}
	}
}

// withoutHints is a copy of the universe with no search hints: a catalog
// nobody has reviewed hints for (SELECTION_NOHINTS).
func withoutHints(u []catalog.Contract) []catalog.Contract {
	out := append([]catalog.Contract(nil), u...)
	for i := range out {
		out[i].SearchHints = nil
	}
	return out
}

// bm25 is the plain baseline: Okapi BM25 (k1 1.2, b 0.75) over one bag of
// lower-cased words per tool, taken from the same fields catalog.Search
// reads (id, title, purpose, search hints, signals, parameter names and
// descriptions), with no stemming, field weights or stop words.
type bm25 struct {
	docs  []map[string]int
	lens  []int
	ids   []string
	df    map[string]int
	avgdl float64
}

func bm25Fields(c catalog.Contract) string {
	parts := []string{c.ID, c.Title, c.Purpose, strings.Join(c.SearchHints, " "), strings.Join(c.Signals, " ")}
	var walk func([]catalog.Param)
	walk = func(ps []catalog.Param) {
		for _, p := range ps {
			parts = append(parts, p.Name, p.Description)
			if p.Items != nil {
				walk([]catalog.Param{*p.Items})
			}
			walk(p.Properties)
		}
	}
	walk(c.Params)
	return strings.Join(parts, " ")
}

func bm25Words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

func newBM25(universe []catalog.Contract) *bm25 {
	m := &bm25{df: map[string]int{}}
	total := 0
	for _, c := range universe {
		if c.CodeOnly {
			continue
		}
		tf := map[string]int{}
		ws := bm25Words(bm25Fields(c))
		for _, w := range ws {
			tf[w]++
		}
		for w := range tf {
			m.df[w]++
		}
		m.docs, m.lens, m.ids = append(m.docs, tf), append(m.lens, len(ws)), append(m.ids, c.ID)
		total += len(ws)
	}
	m.avgdl = float64(total) / float64(len(m.docs))
	return m
}

func (m *bm25) rank(query string, limit int) []string {
	const k1, b = 1.2, 0.75
	n := float64(len(m.docs))
	type scored struct {
		i     int
		score float64
	}
	var found []scored
	terms := map[string]bool{}
	for _, w := range bm25Words(query) {
		terms[w] = true
	}
	for i, tf := range m.docs {
		score := 0.0
		for w := range terms {
			f := float64(tf[w])
			if f == 0 {
				continue
			}
			df := float64(m.df[w])
			idf := math.Log(1 + (n-df+0.5)/(df+0.5))
			score += idf * f * (k1 + 1) / (f + k1*(1-b+b*float64(m.lens[i])/m.avgdl))
		}
		if score > 0 {
			found = append(found, scored{i, score})
		}
	}
	sort.SliceStable(found, func(a, b int) bool { return found[a].score > found[b].score })
	var out []string
	for _, f := range found {
		if len(out) == limit {
			break
		}
		out = append(out, m.ids[f.i])
	}
	return out
}
